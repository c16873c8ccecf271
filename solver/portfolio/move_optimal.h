// Moves-optimal mode (`--mode optimal --metric moves`): the exact search of
// solver/search/exact_search.h over the whole board, with no known solution to
// bound it. Its first solution has the fewest moves there are (and the
// fewest pushes among those).
#pragma once

#include <chrono>

#include "common/level.h"
#include "solver/core/board.h"
#include "solver/core/solve_types.h"

namespace sokoban {

// Solves `level` (whose board is `board`) with options.time_limit_seconds
// counted from `start`. A solved result has move_optimal (and, as the
// moves metric puts moves first, not push_optimal) set.
SolveResult SolveMovesOptimal(const Level& level, const Board& board, const SolveOptions& options,
                              std::chrono::steady_clock::time_point start);

}  // namespace sokoban
