// Re-solving in optimal mode: the push-optimal search of
// solver/portfolio/portfolio.h
// within part of the time. Its answer has the fewest pushes there are; the
// other techniques then shorten its walks. For the moves metric it is kept
// only when it has fewer moves too, which it often has: a fast-mode
// solution's extra pushes come with extra walks.
#include <algorithm>

#include "solver/optimize/optimize_technique.h"
#include "solver/portfolio/portfolio.h"

namespace sokoban {
namespace {

// Of the time left, the share the optimal-mode search may take: most of it
// for pushes, where its answer is the optimum; less for moves, where the
// exact searches do more.
constexpr double kPushesShare = 0.85;
constexpr double kMovesShare = 0.4;

class ResolveTechnique : public OptimizeTechnique {
 public:
  std::string_view name() const override { return "resolve"; }
  bool done() const override { return done_; }

  bool Improve(const OptimizeContext& ctx, std::string& moves) override {
    if (done_) return false;
    done_ = true;
    SolveOptions options;
    options.mode = SolveMode::kOptimal;
    options.memory_limit_bytes = ctx.limits.memory_limit_bytes;
    options.cancel = ctx.limits.cancel;
    if (ctx.limits.deadline != std::chrono::steady_clock::time_point::max()) {
      const double left =
          std::chrono::duration<double>(ctx.limits.deadline - std::chrono::steady_clock::now())
              .count();
      if (left <= 0) return false;
      options.time_limit_seconds =
          std::max(0.001, left * (ctx.metric == Metric::kPushes ? kPushesShare : kMovesShare));
    }
    const absl::StatusOr<Board> board = Board::Build(*ctx.level);
    if (!board.ok()) return false;
    const SolveResult r =
        SolvePortfolio(*ctx.level, *board, options, std::chrono::steady_clock::now());
    if (r.status != SolveStatus::kSolved) return false;
    if (MovesCost(ctx.metric, r.solution) >= MovesCost(ctx.metric, moves)) return false;
    moves = r.solution;
    return true;
  }

 private:
  bool done_ = false;
};

}  // namespace

std::unique_ptr<OptimizeTechnique> MakeResolveTechnique() {
  return std::make_unique<ResolveTechnique>();
}

}  // namespace sokoban
