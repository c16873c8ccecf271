#include "solver/optimize/optimizer.h"

#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "solver/optimize/optimize_technique.h"

namespace sokoban {

absl::StatusOr<OptimizeResult> Optimize(const Level& level, std::string_view moves,
                                        const OptimizeOptions& options) {
  OptimizeResult result;
  if (absl::Status s = ValidateLevel(level); !s.ok()) return s;
  const ReplayResult first = Replay(level, moves);
  if (!first.valid) {
    return absl::InvalidArgumentError(
        absl::StrCat("the solution is illegal at step ", first.failed_step, ": ", first.error));
  }
  if (!first.solved) {
    return absl::InvalidArgumentError(
        absl::StrCat("the solution does not solve the level: after its ", moves.size(),
                     " steps a box is left off goal"));
  }
  absl::StatusOr<Board> board = Board::Build(level);
  if (!board.ok()) return board.status();
  result.before = first.normalized;
  result.before_metrics = first.metrics;
  result.after = result.before;
  result.after_metrics = result.before_metrics;

  OptimizeContext ctx;
  ctx.level = &level;
  ctx.board = &*board;
  ctx.metric = options.metric;
  ctx.limits.memory_limit_bytes = options.memory_limit_bytes;
  ctx.limits.cancel = options.cancel;
  if (options.time_limit_seconds > 0) {
    ctx.limits.deadline =
        options.start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(options.time_limit_seconds));
  }
  std::vector<std::unique_ptr<OptimizeTechnique>> techniques;
  techniques.push_back(MakeWindowTechnique());
  techniques.push_back(MakeResolveTechnique());
  techniques.push_back(MakeVicinityTechnique());

  uint64_t best = MovesCost(options.metric, result.after);
  auto out_of_time = [&] {
    return std::chrono::steady_clock::now() >= ctx.limits.deadline ||
           (options.cancel && options.cancel->load());
  };
  // The first technique with something left to try runs; after an
  // improvement the schedule starts over, the cheap techniques (windows)
  // again from their smallest settings, on the new solution.
  bool proved = false;
  while (!proved && !out_of_time()) {
    size_t k = 0;
    while (k < techniques.size() && techniques[k]->done()) ++k;
    if (k == techniques.size()) break;
    OptimizeTechnique& technique = *techniques[k];
    std::string candidate = result.after;
    const bool changed = technique.Improve(ctx, candidate);
    bool kept = false;
    if (changed) {
      // Kept only when the rules engine agrees it solves and is cheaper.
      const ReplayResult r = Replay(level, candidate);
      const uint64_t cost = MovesCost(options.metric, r.normalized);
      if (r.valid && r.solved && cost < best) {
        best = cost;
        result.after = r.normalized;
        result.after_metrics = r.metrics;
        kept = true;
      }
    }
    if (technique.proved()) proved = true;
    if (kept) {
      for (size_t j = 0; j < k; ++j) techniques[j]->Restart();
    }
  }
  result.proved = proved;
  result.improved = result.after != result.before;
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - options.start).count();
  return result;
}

void OptimizeFound(const Level& level, const SolveOptions& options,
                   std::chrono::steady_clock::time_point start, SolveResult& result) {
  OptimizeOptions o;
  o.metric = *options.optimize;
  o.time_limit_seconds = options.time_limit_seconds;
  o.memory_limit_bytes = options.memory_limit_bytes;
  o.cancel = options.cancel;
  o.start = start;
  absl::StatusOr<OptimizeResult> r = Optimize(level, result.solution, o);
  if (!r.ok()) return;  // cannot happen: the solution was replayed
  if (r->improved) {
    result.push_optimal = result.push_optimal && r->after_metrics.pushes <= result.metrics.pushes;
    result.solution = r->after;
    result.metrics = r->after_metrics;
  }
  if (r->proved) {
    if (o.metric == Metric::kPushes) result.push_optimal = true;
    if (o.metric == Metric::kMoves) result.move_optimal = true;
  }
}

}  // namespace sokoban
