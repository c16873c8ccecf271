// Freeze deadlocks: a box that can move along neither axis, because walls,
// dead squares or other frozen boxes hold it, stays where it is forever; if
// it (or any box frozen with it) is off a goal, the level cannot be solved
// from here.
//
//   if (IsFreezeDeadlock(board, occupied, pushed_to)) { /* prune */ }
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

// occupied[sq] != 0 marks boxes, including the one on sq. Looks only at the
// group of boxes connected to sq. The array is restored before returning.
bool IsFreezeDeadlock(const Board& board, uint8_t* occupied, int sq);

// Whether moving the box on `from` to the free square `to` leaves a freeze
// deadlock there. The array is restored before returning.
inline bool IsFreezeDeadlockAfterMove(const Board& board, uint8_t* occupied, int from, int to) {
  occupied[from] = 0;
  occupied[to] = 1;
  const bool frozen = IsFreezeDeadlock(board, occupied, to);
  occupied[to] = 0;
  occupied[from] = 1;
  return frozen;
}

// True when the box on sq can never move again, on a goal or not.
bool IsFrozen(const Board& board, uint8_t* occupied, int sq);

}  // namespace sokoban
