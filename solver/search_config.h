// What one search is made of, and the one place that builds it from
// SolveOptions.
//
// A SearchSpec names what the portfolio (solver/solver.cc) asks of a
// member: its direction, its order and whether it uses goal rooms.
// MakeSearchConfig turns it, with the `--prune` flags and the mode, into a
// SearchConfig: an evaluator, an open list, the pruning methods and the
// macros (solver/search_parts.h), which Search (solver/search.h) runs.
// Each technique is registered by one line in MakeSearchConfig.
//
//   LevelTables tables(board, options);
//   Search search(board, options, MakeSearchConfig(board, options, spec, tables), start);
#pragma once

#include <memory>
#include <vector>

#include "solver/board.h"
#include "solver/dead_pairs.h"
#include "solver/fess_features.h"
#include "solver/goal_room.h"
#include "solver/learned_deadlocks.h"
#include "solver/meet_optimal.h"
#include "solver/search_parts.h"
#include "solver/solver.h"

namespace sokoban {

struct SearchSpec {
  Direction direction = Direction::kPush;
  enum class Order : uint8_t {
    kBestFirst,  // f = g + weight * h (weight 1 in optimal mode)
    kFeatures,   // the feature-space cells (fast mode, push search)
  };
  Order order = Order::kBestFirst;
  int weight = 1;
  bool goal_rooms = false;  // goal-room macros and cuts (fast mode, push search)
  // Prunes with the level's shared deadlock tables and learns patterns into
  // them: the learned patterns (`learned`) and the dead pairs (`deadpairs`)
  // (fast mode, push search).
  bool shared_deadlocks = true;
  bool box_moves = false;  // FESS's advised box moves (fast mode, push search)
  // Learns into and prunes with a table of patterns of its own, as if it
  // ran alone, with the goal rooms and dead pairs of the level's
  // (the portfolio gives it its LevelTables).
  bool own_tables = false;
  // Its own table holds the dead sets (solver/dead_sets.h) (with
  // own_tables).
  bool dead_sets = false;
  // Bounds with the penalty patterns (solver/eval_penalty.h).
  bool penalties = false;
  // The corral deadlock check keeps the frozen goal boxes as walls, with
  // `corraldead` (solver/corral_deadlock.h).
  bool corral_walls = false;
  // The feature-space order takes from each cell the state of least weight,
  // h only breaking ties, with `weightfirst` (solver/order_features.h), on
  // levels of weight_first_boxes boxes or more.
  bool weight_first = false;
  int weight_first_boxes = 0;
  // The FESS features its feature-space order takes (solver/fess_features.h).
  FessFeatureSet fess_features = 0;
};

// What the searches of one level share: the goal rooms (built on first
// need; with `packorder`, their packing order onto the main floor), the
// table of learned deadlock patterns (fast mode's push searches add to it
// and prune with it once the learning has started or the dead sets,
// solver/dead_sets.h, are in it), the dead-pair table
// (fast mode's push searches prune with it once built) and optimal mode's
// meeting of the push and pull searches (`bidir`). The portfolio
// (solver/solver.cc) starts the learning and builds the dead pairs when the
// schedule (solver/schedule.h) says; the parts read them at each use. Must
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
  // Proves the dead sets (solver/dead_sets.h) into the table of patterns,
  // when the tables were made to hold them (once).
  void BuildDeadSets();
  // The dead-pair table once built (and enabled on this board); else null.
  const DeadPairs* dead_pairs() const {
    if (base_) return base_dead_pairs_ ? base_->dead_pairs() : nullptr;
    return dead_pairs_on_ ? dead_pairs_.get() : nullptr;
  }
  // Builds it, when the options ask for it (once).
  void BuildDeadPairs();
  // The table of penalty patterns (solver/eval_penalty.h) of the searches
  // in `direction`, made on first call; a member's own tables
  // give their base's.
  LearnedDeadlocks* penalties(Direction direction);
  // Memory held by the shared tables (not counted by any search).
  size_t bytes() const;
  // Optimal mode's bidirectional search (solver/meet_optimal.h); null when
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

struct SearchConfig {
  Direction direction = Direction::kPush;
  // Optimal mode: a closed state reached with fewer pushes is opened again.
  bool reopen = false;
  // Bidirectional optimal search (`bidir`): the states met in the partners'
  // stores go to the meeting, which decides when one is proved optimal,
  // instead of the first solving. Null: the first meeting solves.
  OptimalMeeting* meeting = nullptr;
  std::unique_ptr<Evaluator> evaluator;
  std::unique_ptr<SearchOpenList> open;
  std::vector<std::unique_ptr<ExpansionPruning>> expansion_prunings;  // run in this order
  std::vector<std::unique_ptr<ChildPruning>> child_prunings;          // in each stage, in order
  std::vector<std::unique_ptr<MoveMacro>> macros;                     // run in this order
};

SearchConfig MakeSearchConfig(const Board& board, const SolveOptions& options,
                              const SearchSpec& spec, LevelTables& tables);

}  // namespace sokoban
