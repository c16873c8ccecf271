// Fast mode's portfolio of searches and optimal mode's push A* (with the
// pull A* meeting it): the members, when each joins and how they take
// turns (portfolio.cc); Solve() (solver/solver.h) runs it.
#pragma once

#include <chrono>
#include <string_view>
#include <vector>

#include "common/level.h"
#include "solver/core/board.h"
#include "solver/core/solve_types.h"

namespace sokoban {

// Solves `level` (whose board is `board`) in options.mode with the members
// the options choose, pushes-optimal in optimal mode; the solution, when
// found, replayed by the rules engine. `start` is when the level's clock
// started.
SolveResult SolvePortfolio(const Level& level, const Board& board, const SolveOptions& options,
                           std::chrono::steady_clock::time_point start);

// The names of fast mode's portfolio members (SolveOptions::member,
// `--members`), in the order of the portfolio.
std::vector<std::string_view> FastMemberNames();

}  // namespace sokoban
