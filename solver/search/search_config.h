// What one search is made of, and the one place that builds it from
// SolveOptions.
//
// A SearchSpec names what the portfolio (solver/solver.cc) asks of a
// member: its direction, its order and whether it uses goal rooms.
// MakeSearchConfig turns it, with the `--prune` flags and the mode, into a
// SearchConfig: an evaluator, an open list, the pruning methods and the
// macros (solver/parts/search_parts.h), which Search (solver/search/search.h) runs.
// Each technique is registered by one line in MakeSearchConfig.
//
//   LevelTables tables(board, options);
//   Search search(board, options, MakeSearchConfig(board, options, spec, tables), start);
#pragma once

#include <memory>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/solve_types.h"
#include "solver/fess/fess_features.h"
#include "solver/parts/level_tables.h"
#include "solver/parts/meet_optimal.h"
#include "solver/parts/search_parts.h"

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
  // Its own table holds the dead sets (solver/deadlock/dead_sets.h) (with
  // own_tables).
  bool dead_sets = false;
  // Bounds with the penalty patterns (solver/eval/eval_penalty.h).
  bool penalties = false;
  // The corral deadlock check keeps the frozen goal boxes as walls, with
  // `corraldead` (solver/deadlock/corral_deadlock.h).
  bool corral_walls = false;
  // The feature-space order takes from each cell the state of least weight,
  // h only breaking ties, with `weightfirst` (solver/order/order_features.h), on
  // levels of weight_first_boxes boxes or more.
  bool weight_first = false;
  int weight_first_boxes = 0;
  // The FESS features its feature-space order takes (solver/fess/fess_features.h).
  FessFeatureSet fess_features = 0;
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
