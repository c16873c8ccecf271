#include "solver/deadlock/dead_pairs.h"

namespace sokoban {

DeadPairs::DeadPairs(const Board& board)
    : bound_(board, Direction::kPush), pairs_(board, bound_, Direction::kPush, true) {}

bool DeadPairs::Matches(const Square* boxes, int count, int player, int moved) const {
  for (int j = 0; j < count; ++j) {
    if (boxes[j] != moved && pairs_.PairValue(moved, boxes[j], player) == PairPenalty::kDead) {
      return true;
    }
  }
  return false;
}

}  // namespace sokoban
