// The best-first search over pushes behind Solve (solver/solver.h).
//
// One Search object solves one level once. It owns the state store and the
// open list. Start() sets it up and Step() expands one state at a time, so
// that several searches can share a time budget.
// When solved, pushes() is the chain of pushes from the start.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "solver/board.h"
#include "solver/box_path.h"
#include "solver/corral_deadlock.h"
#include "solver/floor_cuts.h"
#include "solver/frozen_goals.h"
#include "solver/goal_room.h"
#include "solver/learned_deadlocks.h"
#include "solver/lower_bound.h"
#include "solver/open_list.h"
#include "solver/pair_penalty.h"
#include "solver/pi_corral.h"
#include "solver/player_area.h"
#include "solver/reach.h"
#include "solver/solver.h"
#include "solver/state_store.h"
#include "solver/zobrist.h"

namespace sokoban {

class Search {
 public:
  // Best-first on g + weight * h; optimal mode always uses weight 1.
  // The time limit counts from `clock_start`. Direction::kPull searches
  // backwards: from the solved position (the player in any of its areas)
  // back to the start, pulling boxes; only the dead-square part of the
  // pruning applies to it.
  Search(const Board& board, const SolveOptions& options, int weight, Direction direction,
         std::chrono::steady_clock::time_point clock_start);

  // Bidirectional search: `other` runs the other way. Each state this
  // search stores is looked up among the other's; a state both have seen
  // joins a path from the start with a path to the goal, and solves.
  void AddPartner(const Search* other) { partners_.push_back(other); }
  // Goal-room macros (fast mode, push search): a box pushed into or next to
  // a room from outside goes on to the room's next goal in its order, and a
  // state where that can happen has no other children (goal cut). Both can
  // leave solutions out: a search using them that runs out of states gives
  // up instead of proving the level unsolvable. `rooms` must outlive it.
  void UseGoalRooms(const GoalRooms* rooms);
  // Feature-space order (fast mode, push search; after FESS, Shoham and
  // Schaeffer): each state falls into a cell by two features, its boxes
  // packed (GoalRooms::Packed; with no goal rooms, its boxes on goals) and
  // its areas of free floor (FloorCuts). The cells take turns
  // (CellOpenList); within a cell the first state is the one with the least
  // weight + h, where the weight counts the moves (pushes, or tunnel and
  // goal-room macros) on its path that neither put one more box on a goal
  // nor left fewer areas. Call before Start().
  void UseFeatures() {
    features_ = options_.mode == SolveMode::kFast && direction_ == Direction::kPush;
  }
  // Deadlock patterns learned during search (fast mode, push search): the
  // corrals this search proves dead go into `table`, and a child that
  // matches a pattern in it is dropped. `table` (null: none) is shared by
  // the level's push searches and must outlive this one. Call before
  // Start().
  void UseLearnedDeadlocks(LearnedDeadlocks* table);
  // Solved by meeting a partner's state.
  bool met() const { return met_partner_ != nullptr; }

  // Sets up the search; false when it is already decided (see status()).
  bool Start();
  // Expands one state; false once the search is decided or met a limit.
  bool Step();
  SolveStatus status() const { return status_; }
  // Ran out of states after macros that may have cut solutions off: no
  // proof of anything (status() is then kTimeout).
  bool gave_up() const { return gave_up_; }
  Direction direction() const { return direction_; }

  // When status() is kSolved: the pushes from the start to the solution.
  const std::vector<Push>& pushes() const { return pushes_; }
  uint64_t expanded() const { return expanded_; }
  uint64_t stored() const { return store_.size(); }
  double bytes_per_state() const { return store_.bytes_per_state(); }
  size_t peak_bytes() const { return peak_bytes_; }

 private:
  int Priority(int g, int h) const;
  // Memory besides the state store: the open lists (the capacity of their
  // vectors), the deadlock tables and the bound's matching slots.
  size_t OtherBytes() const;
  bool Finish(SolveStatus status);  // records the verdict; returns false
  bool OutOfBudget();
  // Expands one state; returns the id of a solved child, or kNoState.
  StateId Expand(StateId id);
  // The children of the state being expanded (boxes_, occupied_, reach_
  // and the bound set up; for pushes moves_ from ChoosePushes, and cuts_
  // numbered in the feature-space order); each returns a solved child, or
  // kNoState.
  StateId ExpandPushes(int player);
  // Fills moves_ with the pushes ExpandPushes tries: every push, or those
  // into a PI-corral. False when the position is a corral deadlock.
  bool ChoosePushes(int player);
  StateId ExpandPulls();
  // Adds the child of the state being expanded in which box i (an index in
  // boxes_) stands on `to` after `pushes` pushes, the player on
  // player_after (kNoSquare: next to `to`, behind a single push). Runs the
  // deadlock checks, stores and queues the child. Returns it if solved.
  StateId AddChild(int i, int to, int pushes, int player_after);
  // Goal-room macro for the push of box i (on boxes_[i]) in direction d
  // that ends on *to after *length pushes (tunnel included): true when the
  // push brings the box from outside a room into it or next to it and the
  // room's next goal in its order is *to or reachable from there, in which
  // case *to, *length and *player_after become those of the whole move.
  // With room paths, false at once for a box off goals that had none (the
  // macro would be one).
  bool GoalRoomMove(int i, int d, int* to, int* length, int* player_after);
  bool StartPull();
  // The number of boxes_ on goals.
  int OnGoals() const;
  // The boxes packed (the feature-space order's first feature) when
  // occupied[] marks the boxes, `on_goals` of them on goals: with no goal
  // rooms, those.
  int Packed(const uint8_t* occupied, int on_goals) const {
    return rooms_ ? rooms_->Packed(occupied) : on_goals;
  }
  // Stores and queues a root (boxes_, the player's normalized square, its
  // bound); when `solved`, traces the solution instead and returns true.
  bool AddRoot(int player, int h, bool solved);
  // The box squares of the states from the root to `id`, in that order.
  std::vector<std::vector<Square>> BoxesAlong(StateId id, std::vector<int>* players) const;
  // Fills pushes_ from the start to the goal; `last` is the solved state
  // (or this search's half of a meeting).
  void TracePushes(StateId last);
  // The feature cell of a state with `packed` boxes packed and `areas`
  // areas of free floor: a small number, given to each pair when first
  // seen. Every pair is a cell of its own: lumping the states of 15 areas
  // or more into one cell, as once, left Microban II 131 (44 boxes; half
  // its states have 15 to 44 areas) unsolved in 10 s: 974,325 expansions
  // of this search in 77 s, against 11,820 with the cells apart.
  int Cell(int packed, int areas);

  const Board& board_;
  const SolveOptions& options_;
  const int weight_;
  const Direction direction_;
  const int box_count_;
  LowerBound bound_;
  // Pair conflicts added to the bound (optimal mode, push search; null when
  // off or the board is too large for its table).
  std::unique_ptr<PairPenalty> pairs_;
  StateCodec codec_;
  Zobrist zobrist_;
  StateStore store_;
  OpenList open_;
  Reach reach_, child_reach_;
  Corrals corrals_;  // of the state being expanded
  PiCorral pi_corral_;
  CorralDeadlock corral_deadlock_;
  FrozenGoals frozen_goals_;
  LearnedDeadlocks* learned_ = nullptr;     // shared; null when not used
  std::vector<std::pair<int, int>> moves_;  // (box index, direction) to try
  std::vector<uint8_t> occupied_;
  std::vector<uint8_t> closed_;  // one bit a state
  std::vector<Square> boxes_, child_;
  std::vector<uint8_t> packed_;
  // Tunnel macros are used in fast mode only: optimal mode keeps every
  // single push so that its push counts stay proved.
  bool tunnels_;
  // Goal-room macros and cuts (UseGoalRooms), and whether they have left
  // out a state, so that running out of states proves nothing.
  const GoalRooms* rooms_ = nullptr;
  BoxMover mover_;
  bool room_paths_ = false;          // boxes pushed into rooms from afar
  std::vector<BoxSources> sources_;  // a room's, for its next goal
  // Per box square: the last room path found from it, and to which goal.
  struct PathCache {
    int target = -1;
    std::vector<Push> path;
  };
  std::vector<PathCache> path_cache_;
  // Per (box, room), with room paths: whether the box, off goals, has a room
  // path to the room's next goal in the state being expanded (0 for boxes
  // on goals, which are not tried).
  std::vector<uint8_t> room_bound_;
  std::vector<Push> macro_path_;
  struct Child {
    int box, to, pushes, player_after;
    bool macro;  // into a room, along its order
  };
  std::vector<Child> children_;
  // The feature-space order (UseFeatures) and the parent's features.
  bool features_ = false;
  CellOpenList cells_;
  absl::flat_hash_map<uint32_t, int> cell_ids_;  // (packed << 16 | areas) -> cell
  FloorCuts cuts_;  // the expanded position's, in the feature-space order
  int parent_weight_ = 0, parent_on_goals_ = 0, parent_areas_ = 0;
  bool incomplete_ = false;
  bool gave_up_ = false;
  int start_player_ = 0;  // normalized; a pull search ends in its area
  std::vector<const Search*> partners_;
  const Search* met_partner_ = nullptr;  // the partner met, and its state
  StateId met_id_ = kNoState;
  // The state being expanded.
  StateId parent_ = kNoState;
  int parent_g_ = 0;
  int parent_h_ = 0;  // its bound as queued (for pathmax with pairs_)
  uint64_t boxes_key_ = 0;
  std::vector<Push> pushes_;
  uint64_t expanded_ = 0;
  size_t peak_bytes_ = 0;
  std::chrono::steady_clock::time_point start_;
  SolveStatus stop_ = SolveStatus::kSolved;  // a limit that ended the search
  SolveStatus status_ = SolveStatus::kTimeout;
  bool finished_ = false;
};

}  // namespace sokoban
