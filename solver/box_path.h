// Moving one box with the others standing still: the fewest pushes that
// take a box from one square to another. Turns the search's state-to-state
// steps (which tunnel macros make longer than one push) back into pushes.
//
//   std::vector<Push> path;
//   if (FindBoxPath(board, occupied, from, to, player, &path)) ...
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/board.h"
#include "solver/reach.h"

namespace sokoban {

// One push of a box: from a floor square in a direction (LURD index), and
// how many squares it travelled in that direction.
struct Push {
  Square from;
  uint8_t dir;
  uint8_t length;
};

// Fewest pushes of the box on `from` to `to`, the other boxes (marked in
// occupied, which also marks `from`) fixed, the player starting on
// `player`. Appends single-square pushes to path; false when impossible.
bool FindBoxPath(const Board& board, std::vector<uint8_t>& occupied, int from, int to, int player,
                 std::vector<Push>* path);

// The moves (LURD, pushes upper case) of the pushes from the level's start,
// with the shortest player walk (fewest steps) before each push.
std::string PushesToLurd(const Board& board, const std::vector<Push>& pushes);

}  // namespace sokoban
