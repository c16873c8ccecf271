// The player's area after a move, worked out from its area before: most
// moves only take the box's new square out of it (and add the square the
// box left), which a look at the squares around them shows; others need a
// fill. For the searches without a numbering of the floor (FloorCuts): the
// pull search, the plain push search and the corral-deadlock searches.
#pragma once

#include <cstdint>

#include "solver/core/board.h"
#include "solver/core/reach.h"

namespace sokoban {

// True when the free squares around sq (its 8-neighbourhood; occupied[c]
// != 0 marks boxes) join all its free orthogonal neighbours, so that a box
// on sq cannot split an area.
bool RingConnected(const Board& board, const uint8_t* occupied, int sq);
// RingConnected's answer for a mask of the free squares of a ring in
// Board::Ring's order (bit k: ring square k free).
bool RingMaskConnected(int mask);

// The normalized player (smallest square of its area) after the box on
// `from` went to its neighbour `to` and the player to `player`: `from`
// after a push, the square it stepped back to after a pull. occupied shows
// the position after the move, `before` holds the player's area before it.
// Derived from `before` when the move provably only takes `to` out of the
// area without cutting it (and adds `from` when the player can reach it,
// with the areas `from` joins, each found by a fill of its own); otherwise
// `scratch` fills the whole area.
int PlayerAfterMove(const Board& board, const uint8_t* occupied, const Reach& before, int from,
                    int to, int player, Reach& scratch);

}  // namespace sokoban
