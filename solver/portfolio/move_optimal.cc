#include "solver/portfolio/move_optimal.h"

#include "common/moves.h"
#include "solver/core/checked_replay.h"
#include "solver/search/exact_search.h"

namespace sokoban {

SolveResult SolveMovesOptimal(const Level& level, const Board& board, const SolveOptions& options,
                              std::chrono::steady_clock::time_point start) {
  SolveResult result;
  ExactTask task;
  task.metric = Metric::kMoves;
  ExactLimits limits;
  limits.memory_limit_bytes = options.memory_limit_bytes;
  limits.max_expansions = options.max_expansions;
  limits.cancel = options.cancel;
  if (options.time_limit_seconds > 0) {
    limits.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(options.time_limit_seconds));
  }
  const ExactResult r = ExactSearch(board, task, limits);
  result.expanded = r.expanded;
  result.stored = r.stored;
  result.peak_bytes = r.peak_bytes;
  if (r.stored) result.bytes_per_state = r.peak_bytes / r.stored;
  if (r.found) {
    result.status = SolveStatus::kSolved;
    result.solution = r.moves;
    result.metrics = CheckedReplay(level, result.solution);
    result.move_optimal = true;
  } else if (r.exhausted) {
    result.status = SolveStatus::kUnsolvable;
  } else if (options.cancel && options.cancel->load()) {
    result.status = SolveStatus::kCancelled;
  } else {
    result.status = r.memory ? SolveStatus::kMemory : SolveStatus::kTimeout;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sokoban
