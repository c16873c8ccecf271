// The vicinity of the whole solution: boxes may stand only on squares
// within a radius of the squares they take along the known solution, and
// that space is searched exactly for the metric (the player's square kept
// exact). The radius grows each time its space was searched in full; the
// last step is the whole board, whose full search proves the solution the
// cheapest there is.
#include <algorithm>

#include "solver/optimize/optimize_technique.h"

namespace sokoban {
namespace {

constexpr int kRadii[] = {0, 1, 2, 3, 5, -1};  // -1: the whole board
constexpr size_t kRadiusCount = sizeof kRadii / sizeof kRadii[0];

class VicinityTechnique : public OptimizeTechnique {
 public:
  std::string_view name() const override { return "vicinity"; }
  bool done() const override { return done_; }
  bool proved() const override { return proved_; }

  bool Improve(const OptimizeContext& ctx, std::string& moves) override {
    if (done_) return false;
    const Board& board = *ctx.board;
    const std::vector<SolutionPosition> positions = SolutionPositions(*ctx.level, board, moves);
    const int radius = kRadii[step_];
    const std::vector<uint8_t> allowed =
        Vicinity(board, positions, 0, positions.size() - 1, radius);
    const bool whole = std::find(allowed.begin(), allowed.end(), 0) == allowed.end();
    ExactTask task;
    task.metric = ctx.metric;
    task.allowed = whole ? nullptr : &allowed;
    task.bound = MovesCost(ctx.metric, moves);
    const ExactResult r = ExactSearch(board, task, ctx.limits);
    if (!r.exhausted) {
      // Out of time or memory: a wider space would fare no better.
      done_ = true;
      if (!r.found) return false;
    }
    if (r.exhausted && whole) {
      done_ = true;
      proved_ = true;
    }
    if (r.found) {
      moves = r.moves;
      return true;
    }
    if (!done_) ++step_;
    return false;
  }

 private:
  size_t step_ = 0;
  bool done_ = false;
  bool proved_ = false;
};

}  // namespace

std::unique_ptr<OptimizeTechnique> MakeVicinityTechnique() {
  return std::make_unique<VicinityTechnique>();
}

}  // namespace sokoban
