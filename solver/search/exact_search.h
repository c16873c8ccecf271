// The exact search for the optimizer and for moves-optimal mode: A* over
// positions that keep the player's exact square, one edge per push, costed
// by a Metric (the player's walk to the push plus the push itself).
//
// A state is the sorted boxes and the square the player stands on right
// after a push (the square the box left), so the walks between pushes are
// counted exactly: the first solution A* takes from its queue is the
// cheapest in the metric, moves and pushes both. The bound is the pushes
// lower bound of solver/bound/lower_bound.h, which bounds the moves too.
// Optionally the boxes are held to a set of squares (the vicinity of a
// known solution), the search looks only for solutions cheaper than a
// bound, and the player must end on a given square.
//
//   ExactTask task;
//   task.metric = Metric::kMoves;
//   ExactResult r = ExactSearch(board, task, limits);
//   if (r.found) std::cout << r.moves;
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/metric.h"

namespace sokoban {

struct ExactTask {
  Metric metric = Metric::kPushes;
  // Floor square the player must stand on at the end (its walk there
  // counts), or kNoSquare for anywhere.
  int final_player = kNoSquare;
  // Per floor square: whether a box may be pushed onto it. Null: all.
  const std::vector<uint8_t>* allowed = nullptr;
  // Only solutions of a cost (MetricCost) below this are looked for.
  uint64_t bound = std::numeric_limits<uint64_t>::max();
};

struct ExactLimits {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  size_t memory_limit_bytes = 0;  // 0: none
  uint64_t max_expansions = 0;    // 0: none
  const std::atomic<bool>* cancel = nullptr;
};

struct ExactResult {
  bool found = false;      // moves holds a solution cheaper than the bound
  bool exhausted = false;  // the search finished: a found solution is the
                           // cheapest in its space; none found means none
                           // cheaper than the bound exists there
  bool memory = false;     // stopped at the memory limit
  std::string moves;       // LURD from the board's start (pushes upper case)
  uint64_t cost = 0;       // MetricCost of moves
  uint64_t expanded = 0;
  uint64_t stored = 0;
  size_t peak_bytes = 0;
};

// Searches the board from its start (start_boxes, start_player) until every
// box stands on a goal (board.goals()) and the player on task.final_player.
ExactResult ExactSearch(const Board& board, const ExactTask& task, const ExactLimits& limits);

}  // namespace sokoban
