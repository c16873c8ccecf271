#include "solver/solver.h"

#include <chrono>

#include "solver/optimize/optimizer.h"
#include "solver/portfolio/move_optimal.h"
#include "solver/portfolio/portfolio.h"

namespace sokoban {

SolveResult Solve(const Level& level, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<Board> board = Board::Build(level);
  if (!board.ok()) {
    SolveResult result;
    result.status = SolveStatus::kInvalid;
    result.error = std::string(board.status().message());
    return result;
  }
  if (options.mode == SolveMode::kOptimal && options.metric == Metric::kMoves) {
    return SolveMovesOptimal(level, *board, options, start);
  }
  SolveResult result = SolvePortfolio(level, *board, options, start);
  if (result.status == SolveStatus::kSolved && options.optimize) {
    OptimizeFound(level, options, start, result);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return result;
}

}  // namespace sokoban
