// A proved lower bound on the pushes a start position needs.
//
//   int at_least = PushLowerBound(board, boxes);
#pragma once

#include <vector>

#include "solver/core/board.h"

namespace sokoban::generator {

// The cheapest assignment of boxes to distinct goals, each box costing the
// pushes that take it to its goal with no other box on the board (the
// player only needing room to push). Every push moves one box one square,
// and every box must end on its own goal, so no solution has fewer pushes.
// At least the sum of GoalDistance over the boxes, usually more when the
// goals lie together. boxes: as many squares as the board has goals, none
// dead (floor indices of the board); returns -1 when some box cannot reach any goal.
int PushLowerBound(const Board& board, const std::vector<int>& boxes);

}  // namespace sokoban::generator
