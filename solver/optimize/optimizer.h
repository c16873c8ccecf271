// The solution optimizer: a known solution in, one at least as good out,
// fewer moves (then pushes) or fewer pushes (then moves).
//
//   OptimizeOptions options;
//   options.metric = Metric::kMoves;
//   options.time_limit_seconds = 10;
//   absl::StatusOr<OptimizeResult> r = Optimize(level, moves, options);
//   if (r.ok() && r->improved) std::cout << r->after;
//
// It composes techniques (solver/optimize/optimize_technique.h): re-solving in
// optimal mode (pushes metric), exact searches over windows of the
// solution, and an exact search over the vicinity of the whole solution
// that widens to the whole board. It runs them in that order, again and
// again, each improvement fed back in, until none has anything left to try
// or the time is up. Every candidate is replayed by the rules engine and
// kept only when it solves the level and is cheaper, so the answer is never
// worse than the input. Deterministic but for the time limit, which only
// decides when it stops.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "common/level.h"
#include "common/moves.h"
#include "solver/core/metric.h"
#include "solver/core/solve_types.h"

namespace sokoban {

struct OptimizeOptions {
  Metric metric = Metric::kMoves;
  double time_limit_seconds = 0;  // 0: none
  size_t memory_limit_bytes = 0;  // 0: none; for each search
  const std::atomic<bool>* cancel = nullptr;
  // The run's start, when the time limit was partly spent before (solve
  // --optimize); the time limit counts from it.
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

struct OptimizeResult {
  std::string before;  // the input, pushes upper case
  std::string after;   // the best solution found (before when none better)
  MoveMetrics before_metrics, after_metrics;
  bool improved = false;  // after is cheaper in the metric than before
  bool proved = false;    // after is proved the cheapest in the metric
  double seconds = 0;
};

// Fails with InvalidArgument when the level is not valid, or when `moves`
// is not a legal solution of it: the message names the step that is
// illegal ("step 12: ...") or says a box is left off goal.
absl::StatusOr<OptimizeResult> Optimize(const Level& level, std::string_view moves,
                                        const OptimizeOptions& options);

}  // namespace sokoban

namespace sokoban {

// For `solve --optimize`: optimizes result's solution (Solve found it) in
// the metric *options.optimize for what is left of options' time limit,
// counted from start, and updates the solution, its metrics and the
// optimality flags (push_optimal only stays when the pushes did not grow).
void OptimizeFound(const Level& level, const SolveOptions& options,
                   std::chrono::steady_clock::time_point start, SolveResult& result);

}  // namespace sokoban
