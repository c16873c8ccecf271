// What the optimizer's techniques share: the interface each implements, the
// positions a solution passes through, and building the board of a piece of
// a solution (from one of its positions to a later one).
//
//   std::vector<std::unique_ptr<OptimizeTechnique>> techniques;
//   techniques.push_back(MakeWindowTechnique());
//   if (techniques[0]->Improve(context, moves)) ...   // moves got cheaper
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/level.h"
#include "solver/core/board.h"
#include "solver/core/metric.h"
#include "solver/core/piece_level.h"
#include "solver/search/exact_search.h"

namespace sokoban {

struct OptimizeContext {
  const Level* level;  // valid
  const Board* board;  // Board::Build(*level)
  Metric metric;
  ExactLimits limits;  // the whole run's deadline, memory and cancel flag
};

class OptimizeTechnique {
 public:
  virtual ~OptimizeTechnique() = default;
  virtual std::string_view name() const = 0;
  // Tries to make `moves` (a solution of the level, pushes upper case)
  // cheaper in the context's metric. Returns true after replacing it with
  // a solution the technique found cheaper; the optimizer replays it and
  // keeps it only when it is.
  virtual bool Improve(const OptimizeContext& context, std::string& moves) = 0;
  // Nothing left to try: another call would search what was searched.
  virtual bool done() const = 0;
  // Another technique improved the solution: start again from the first
  // settings (the solution changed, so they may find more).
  virtual void Restart() {}
  // The solution last returned (or last passed in, when none was) is
  // proved the cheapest there is in the metric.
  virtual bool proved() const { return false; }
};

// Re-solving in optimal mode (fewest pushes) within part of the time.
std::unique_ptr<OptimizeTechnique> MakeResolveTechnique();
// The exact search over the vicinity of the whole solution: boxes only on
// squares within a radius of the squares they take along it, the radius
// growing each time the space was searched in full, up to the whole board.
std::unique_ptr<OptimizeTechnique> MakeVicinityTechnique();
// The exact search over windows: each piece of a few pushes of the solution
// replaced by the cheapest way between its two ends, boxes kept near the
// squares they take in that piece.
std::unique_ptr<OptimizeTechnique> MakeWindowTechnique();

// The start and the position after every push of `moves`, a legal solution
// of the level (pushes upper case).
std::vector<SolutionPosition> SolutionPositions(const Level& level, const Board& board,
                                                std::string_view moves);

// Floor squares within `radius` steps of a square some box takes in
// positions[first..last] (radius < 0: every square).
std::vector<uint8_t> Vicinity(const Board& board, const std::vector<SolutionPosition>& positions,
                              size_t first, size_t last, int radius);

// The metric cost of a piece of a move string.
uint64_t MovesCost(Metric metric, std::string_view moves);

}  // namespace sokoban
