// A position of a level as a level of its own: where the boxes and the
// player stand after some pushes, and the goals another position's boxes
// give (the optimizer's pieces of a solution; the furthest position of a
// level left unsolved).
#pragma once

#include <cstddef>
#include <vector>

#include "common/level.h"
#include "solver/core/board.h"

namespace sokoban {

// One position of a solution: the boxes (sorted floor squares) and the
// player's floor square right after a push, and where in the move string
// that push ends (index one past its letter). Position 0 is the start.
struct SolutionPosition {
  std::vector<Square> boxes;
  int player = 0;
  size_t end = 0;
};

// The level that starts at `from` and whose goals are the boxes of `to`
// (its floor numbered as board's).
Level PieceLevel(const Level& level, const Board& board, const SolutionPosition& from,
                 const SolutionPosition& to);

}  // namespace sokoban
