// Player reachability: a flood fill over the floor with boxes as obstacles.
// Visited marks are generation stamps, so a new fill costs nothing to clear.
//
//   Reach reach(board.size());
//   int min_sq = reach.Fill(board, occupied, player);
//   if (reach.Reached(sq)) ...
#pragma once

#include <cstdint>
#include <vector>

#include "solver/board.h"

namespace sokoban {

class Reach {
 public:
  explicit Reach(int squares) : stamp_(squares, 0), queue_(squares) {}

  // Fills from start; occupied[sq] != 0 marks boxes. Returns the smallest
  // square reached (the normalized player).
  int Fill(const Board& board, const uint8_t* occupied, int start) {
    if (++current_ == 0) {  // stamps wrapped: clear once every 2^32 fills
      std::fill(stamp_.begin(), stamp_.end(), 0);
      current_ = 1;
    }
    int head = 0, tail = 0, min_sq = start;
    queue_[tail++] = static_cast<Square>(start);
    stamp_[start] = current_;
    while (head < tail) {
      const int sq = queue_[head++];
      for (int d = 0; d < 4; ++d) {
        const int to = board.Neighbour(sq, d);
        if (to == kNoSquare || occupied[to] || stamp_[to] == current_) continue;
        stamp_[to] = current_;
        queue_[tail++] = static_cast<Square>(to);
        if (to < min_sq) min_sq = to;
      }
    }
    count_ = tail;
    return min_sq;
  }

  bool Reached(int sq) const { return stamp_[sq] == current_; }
  int count() const { return count_; }
  // Squares reached by the last fill, in fill order.
  const Square* squares() const { return queue_.data(); }

 private:
  std::vector<uint32_t> stamp_;
  std::vector<Square> queue_;
  uint32_t current_ = 0;
  int count_ = 0;
};

}  // namespace sokoban
