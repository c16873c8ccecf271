#include "solver/search/search_config.h"

#include <memory>
#include <utility>

#include "solver/bound/pair_penalty.h"
#include "solver/eval/eval_matching.h"
#include "solver/eval/eval_pairs.h"
#include "solver/eval/eval_penalty.h"
#include "solver/macro/macro_box_moves.h"
#include "solver/macro/macro_goal_room.h"
#include "solver/macro/macro_room_paths.h"
#include "solver/macro/macro_tunnel.h"
#include "solver/order/order_best_first.h"
#include "solver/order/order_features.h"
#include "solver/pruning/prune_corrals.h"
#include "solver/pruning/prune_dead_pairs.h"
#include "solver/pruning/prune_dead_squares.h"
#include "solver/pruning/prune_freeze.h"
#include "solver/pruning/prune_frozen_goals.h"
#include "solver/pruning/prune_learned.h"

namespace sokoban {

SearchConfig MakeSearchConfig(const Board& board, const SolveOptions& options,
                              const SearchSpec& spec, LevelTables& tables) {
  const PruneSet prune = options.prune;
  const bool fast = options.mode == SolveMode::kFast;
  const bool push = spec.direction == Direction::kPush;
  SearchConfig c;
  c.direction = spec.direction;
  c.reopen = options.mode == SolveMode::kOptimal;
  c.meeting = tables.meeting();

  // The bound.
  auto matching =
      std::make_unique<MatchingBound>(board, spec.direction, (prune & kPruneBipartite) != 0);
  const MatchingBound& bound = *matching;
  // Pair conflicts: the push search's, and the pull search's of `bidir`.
  std::unique_ptr<PairPenalty> pairs;
  if (!fast && (prune & kPrunePairs)) {
    pairs = std::make_unique<PairPenalty>(board, bound.bound(), spec.direction);
    if (!pairs->Enabled()) pairs.reset();
  }
  if (spec.penalties) {
    // Penalty patterns, the pair conflicts among them.
    c.evaluator = std::make_unique<PenaltyBound>(board, std::move(matching), std::move(pairs),
                                                 tables.penalties(spec.direction), spec.direction);
  } else if (pairs) {
    c.evaluator =
        std::make_unique<PairConflicts>(std::move(matching), std::move(pairs), spec.direction);
  } else {
    c.evaluator = std::move(matching);
  }

  // Goal rooms: for the members that ask, when the level has a room.
  const GoalRooms* rooms = nullptr;
  if (fast && push && spec.goal_rooms && (prune & kPruneGoalRooms) &&
      tables.rooms().room_count() > 0) {
    rooms = &tables.rooms();
  }

  // The open list.
  if (fast && push && spec.order == SearchSpec::Order::kFeatures) {
    // More of FESS: room connectivity, out of plan, hotspots.
    std::unique_ptr<FessFeatures> extra;
    // The box-moves member's cells take FESS's room connectivity and out of
    // plan too, and its states are taken by weight alone, as FESS's are.
    const FessFeatureSet features =
        spec.fess_features | (spec.box_moves ? kFessRoomConnectivity | kFessOutOfPlan : 0);
    if (features) {
      extra = std::make_unique<FessFeatures>(board, rooms, features);
      if (!extra->enabled()) extra.reset();
    }
    const bool weight_first = spec.box_moves || (spec.weight_first && (prune & kPruneWeightFirst) &&
                                                 board.box_count() >= spec.weight_first_boxes);
    c.open = std::make_unique<FeatureOrder>(board, rooms, c.evaluator.get(), std::move(extra),
                                            weight_first);
  } else {
    // `optbound`: optimal mode's last layer taken oldest first.
    c.open = std::make_unique<BestFirstOrder>(
        fast ? spec.weight : 1,
        !fast && (prune & kPruneOptBound) ? OpenList::kOldestFirst : OpenList::kNewestFirst);
  }

  // Pruning: corrals first (a state they find dead needs no bound), then
  // per child.
  if (push && (prune & kPruneCorral)) {
    c.expansion_prunings.push_back(std::make_unique<PiCorralPruning>(board));
  }
  if (push && (prune & kPruneCorralDeadlocks)) {
    c.expansion_prunings.push_back(std::make_unique<CorralDeadlockPruning>(
        board, fast && spec.shared_deadlocks ? &tables : nullptr, spec.corral_walls));
  }
  if (prune & kPruneDeadSquares) {
    c.child_prunings.push_back(
        std::make_unique<DeadSquarePruning>(board, spec.direction, bound.bound()));
  }
  if (push && (prune & kPruneFreeze)) {
    c.child_prunings.push_back(std::make_unique<FreezePruning>(board));
  }
  if (push && (prune & kPruneBipartite)) {
    c.child_prunings.push_back(std::make_unique<FrozenGoalPruning>(board));
  }
  if (fast && push && spec.shared_deadlocks && tables.learned()) {
    c.child_prunings.push_back(std::make_unique<LearnedPruning>(tables));
  }
  if (fast && push && spec.shared_deadlocks && (prune & kPruneDeadPairs)) {
    c.child_prunings.push_back(std::make_unique<DeadPairPruning>(tables));
  }

  // Macros, in the order they take a push further.
  const RoomPaths* room_paths = nullptr;
  if (rooms && (prune & kPruneRoomPaths)) {
    auto paths = std::make_unique<RoomPaths>(board, *rooms);
    room_paths = paths.get();
    c.macros.push_back(std::move(paths));
  }
  // FESS's moves that its advisors would make (the member that asks).
  if (fast && push && spec.box_moves) {
    c.macros.push_back(std::make_unique<BoxMovesMacro>(board, rooms));
  }
  if (fast && push && (prune & kPruneTunnels)) {
    c.macros.push_back(std::make_unique<TunnelMacro>(board));
  }
  if (rooms) c.macros.push_back(std::make_unique<GoalRoomMacro>(board, *rooms, room_paths));
  return c;
}

}  // namespace sokoban
