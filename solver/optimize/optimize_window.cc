// Windows: each piece of a few pushes of the solution is searched exactly
// for the cheapest way from its first position to its last (the same boxes,
// the player on the same square), with the boxes held to the squares the
// boxes take in that piece (which allows reordering its pushes and choosing
// each push's approach), later to one square around them. A cheaper piece
// is spliced in and the pass goes on from there. Each pass that finds
// nothing moves to the next, larger setting; an improvement found by
// another technique starts the settings over.
#include <algorithm>

#include "solver/optimize/optimize_technique.h"

namespace sokoban {
namespace {

struct WindowStep {
  size_t pushes;        // window length
  int radius;           // vicinity of the boxes' squares in the window
  uint64_t expansions;  // per window
};
// Small windows first: they are cheap and catch most of the slack.
constexpr WindowStep kSteps[] = {
    {16, 0, 3000}, {32, 0, 6000}, {64, 0, 12000}, {16, 1, 6000}, {32, 1, 12000}, {128, 0, 30000},
};
constexpr size_t kStepCount = sizeof kSteps / sizeof kSteps[0];

class WindowTechnique : public OptimizeTechnique {
 public:
  std::string_view name() const override { return "window"; }
  bool done() const override { return step_ >= kStepCount; }
  void Restart() override { step_ = 0; }

  bool Improve(const OptimizeContext& ctx, std::string& moves) override {
    if (done()) return false;
    const WindowStep& step = kSteps[step_];
    const Board& board = *ctx.board;
    std::vector<SolutionPosition> positions = SolutionPositions(*ctx.level, board, moves);
    size_t pushes = positions.size() - 1;
    bool improved = false;
    bool whole_covered = false;
    for (size_t i = 0; i < pushes; i += std::max<size_t>(1, step.pushes / 2)) {
      if (std::chrono::steady_clock::now() >= ctx.limits.deadline) return improved;
      if (ctx.limits.cancel && ctx.limits.cancel->load()) return improved;
      const size_t j = std::min(i + step.pushes, pushes);
      if (i == 0 && j == pushes) whole_covered = true;
      const size_t begin = positions[i].end;
      const size_t end = j == pushes ? moves.size() : positions[j].end;
      ExactTask task;
      task.metric = ctx.metric;
      task.final_player = j == pushes ? kNoSquare : positions[j].player;
      const std::vector<uint8_t> allowed = Vicinity(board, positions, i, j, step.radius);
      task.allowed = &allowed;
      const std::string_view segment = std::string_view(moves).substr(begin, end - begin);
      task.bound = MovesCost(ctx.metric, segment);
      const Level piece = PieceLevel(*ctx.level, board, positions[i], positions[j]);
      absl::StatusOr<Board> piece_board = Board::Build(piece);
      if (!piece_board.ok()) continue;
      ExactLimits limits = ctx.limits;
      limits.max_expansions = step.expansions;
      ExactResult r;
      if (ctx.metric == Metric::kMoves) {
        // Fewest pushes first (its bound is tight, so it ends sooner), kept
        // when it has fewer moves too.
        ExactTask pushes_first = task;
        pushes_first.metric = Metric::kPushes;
        pushes_first.bound = MovesCost(Metric::kPushes, segment);
        r = ExactSearch(*piece_board, pushes_first, limits);
        if (r.found && MovesCost(Metric::kMoves, r.moves) >= task.bound) r.found = false;
      }
      if (!r.found) r = ExactSearch(*piece_board, task, limits);
      if (!r.found) continue;
      moves = moves.substr(0, begin) + r.moves + moves.substr(end);
      positions = SolutionPositions(*ctx.level, board, moves);
      pushes = positions.size() - 1;
      improved = true;
    }
    if (!improved) step_ = whole_covered ? kStepCount : step_ + 1;
    return improved;
  }

 private:
  size_t step_ = 0;
};

}  // namespace

std::unique_ptr<OptimizeTechnique> MakeWindowTechnique() {
  return std::make_unique<WindowTechnique>();
}

}  // namespace sokoban
