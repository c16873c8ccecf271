// What the searches of one level share (LevelTables): the goal rooms, the
// learned deadlock patterns, the dead pairs, the penalty patterns and
// optimal mode's meeting of the push and pull searches. The portfolio
// (solver/portfolio/portfolio.cc) makes them and says when each is built;
// the search parts read them at each use.
#pragma once

#include <memory>

#include "solver/core/board.h"
#include "solver/core/solve_types.h"
#include "solver/deadlock/dead_pairs.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/parts/meet_optimal.h"
#include "solver/parts/search_parts.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

// What the searches of one level share: the goal rooms (built on first
// need; with `packorder`, their packing order onto the main floor), the
// table of learned deadlock patterns (fast mode's push searches add to it
// and prune with it once the learning has started or the dead sets,
// solver/deadlock/dead_sets.h, are in it), the dead-pair table
// (fast mode's push searches prune with it once built) and optimal mode's
// meeting of the push and pull searches (`bidir`). The portfolio
// (solver/solver.cc) starts the learning and builds the dead pairs when the
// schedule (solver/portfolio/schedule.h) says; the parts read them at each use. Must
// outlive the searches.
class LevelTables {
 public:
  // A table of learned patterns of its own when the options ask for one
  // (`learned` with `corraldead`; fast mode), learning once StartLearning()
  // is called; dead pairs once BuildDeadPairs() is called, when the
  // options ask for them (`deadpairs`, fast mode); a meeting when they ask
  // for `bidir` in optimal mode.
  LevelTables(const Board& board, const SolveOptions& options);
  // `learned` (null: none), learning from the start, whatever the options;
  // it must outlive this.
  LevelTables(const Board& board, LearnedDeadlocks* learned)
      : board_(board), learned_(learned), learn_(true), learning_(learned != nullptr) {}
  // A member's own tables (SearchSpec::own_tables): a table of learned
  // patterns of its own, as the options ask or to hold the dead sets
  // (`dead_sets`, fast mode), and `base`'s goal rooms and,
  // once UseDeadPairs() is called, its dead pairs (when base has built
  // them); base must outlive this.
  LevelTables(const Board& board, const SolveOptions& options, LevelTables* base, bool dead_sets);
  void UseDeadPairs() { base_dead_pairs_ = true; }

  const GoalRooms& rooms();
  // The table of learned patterns (null: none), whether or not learning.
  LearnedDeadlocks* learned() const { return learned_; }
  // The table while the learning is on; else null.
  LearnedDeadlocks* learning() const { return learning_ ? learned_ : nullptr; }
  void StartLearning() { learning_ = learned_ != nullptr && learn_; }
  // The table to prune with: once the learning has started or the dead
  // sets are in it; else null.
  const LearnedDeadlocks* patterns() const {
    return learning_ || dead_sets_built_ ? learned_ : nullptr;
  }
  // Proves the dead sets (solver/deadlock/dead_sets.h) into the table of patterns,
  // when the tables were made to hold them (once).
  void BuildDeadSets();
  // The dead-pair table once built (and enabled on this board); else null.
  const DeadPairs* dead_pairs() const {
    if (base_) return base_dead_pairs_ ? base_->dead_pairs() : nullptr;
    return dead_pairs_on_ ? dead_pairs_.get() : nullptr;
  }
  // Builds it, when the options ask for it (once).
  void BuildDeadPairs();
  // The table of penalty patterns (solver/eval/eval_penalty.h) of the searches
  // in `direction`, made on first call; a member's own tables
  // give their base's.
  LearnedDeadlocks* penalties(Direction direction);
  // Memory held by the shared tables (not counted by any search).
  size_t bytes() const;
  // Optimal mode's bidirectional search (solver/parts/meet_optimal.h); null when
  // not used.
  OptimalMeeting* meeting() const { return meeting_.get(); }

 private:
  const Board& board_;
  LevelTables* base_ = nullptr;  // the level's tables, for a member's own
  bool base_dead_pairs_ = false;
  std::unique_ptr<GoalRooms> rooms_;
  std::unique_ptr<LearnedDeadlocks> own_learned_;
  LearnedDeadlocks* learned_ = nullptr;  // null when not used
  bool learn_ = false;                   // corral deadlocks add to it (`learned`)
  bool learning_ = false;
  bool want_dead_sets_ = false, dead_sets_built_ = false;
  bool want_dead_pairs_ = false;
  std::unique_ptr<DeadPairs> dead_pairs_;
  bool dead_pairs_on_ = false;
  bool pack_order_ = false;  // GoalRooms' main_floor (`packorder`)
  std::unique_ptr<OptimalMeeting> meeting_;
  std::unique_ptr<LearnedDeadlocks> penalties_[2];  // by Direction
};

}  // namespace sokoban
