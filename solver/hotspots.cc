#include "solver/hotspots.h"

#include <algorithm>

namespace sokoban {

Hotspots::Hotspots(const Board& board) : board_(board), pinned_(board.size(), 0) {}

bool Hotspots::Pinned(const uint8_t* occupied, int sq) const {
  if (board_.IsGoal(sq)) return false;
  bool by_box = false;
  for (int d = 0; d < 2; ++d) {
    const int a = board_.Neighbour(sq, d), b = board_.Neighbour(sq, d ^ 2);
    if (a != kNoSquare && b != kNoSquare && !occupied[a] && !occupied[b]) return false;
    by_box |= (a != kNoSquare && occupied[a]) || (b != kNoSquare && occupied[b]);
  }
  return by_box;
}

int Hotspots::Count(const uint8_t* occupied, const Square* boxes, int n) const {
  int count = 0;
  for (int k = 0; k < n; ++k) count += Pinned(occupied, boxes[k]);
  return count;
}

void Hotspots::SetParent(const uint8_t* occupied, const Square* boxes, int n) {
  for (Square sq : marked_) pinned_[sq] = 0;
  marked_.clear();
  parent_count_ = 0;
  for (int k = 0; k < n; ++k) {
    if (!Pinned(occupied, boxes[k])) continue;
    pinned_[boxes[k]] = 1;
    marked_.push_back(boxes[k]);
    ++parent_count_;
  }
}

int Hotspots::AfterMove(int from, int to, const uint8_t* occupied) const {
  // Only the moved box and the boxes next to either of its squares can
  // change; those besides the moved one hold a box in both positions.
  int near[8], count = 0;
  for (int sq : {from, to}) {
    for (int d = 0; d < 4; ++d) {
      const int m = board_.Neighbour(sq, d);
      if (m == kNoSquare || m == from || m == to || !occupied[m]) continue;
      if (std::find(near, near + count, m) == near + count) near[count++] = m;
    }
  }
  int pinned = parent_count_ - pinned_[from] + Pinned(occupied, to);
  for (int k = 0; k < count; ++k) pinned += Pinned(occupied, near[k]) - pinned_[near[k]];
  return pinned;
}

}  // namespace sokoban
