#include "solver/fess/hotspots.h"

#include <algorithm>
#include <cassert>

namespace sokoban {

Hotspots::Hotspots(const Board& board)
    : board_(board), pinned_(board.size(), 0), near_(board.size(), 0) {}

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

void Hotspots::Leave(int from, const uint8_t* occupied) {
  if (++near_stamp_ == 0) {
    std::fill(near_.begin(), near_.end(), 0);
    near_stamp_ = 1;
  }
  leave_from_ = from;
  leave_count_ = parent_count_ - pinned_[from];
  near_[from] = near_stamp_;
  for (int d = 0; d < 4; ++d) {
    const int m = board_.Neighbour(from, d);
    if (m == kNoSquare) continue;
    near_[m] = near_stamp_;
    for (int e = 0; e < 4; ++e) {
      const int n = board_.Neighbour(m, e);
      if (n != kNoSquare) near_[n] = near_stamp_;
    }
    if (occupied[m]) leave_count_ += Pinned(occupied, m) - pinned_[m];
  }
}

int Hotspots::AfterLeave(int to, const uint8_t* occupied) const {
  // Within two steps, a square next to `to` may be next to `from` too.
  if (near_[to] == near_stamp_) return AfterMove(leave_from_, to, occupied);
  // Farther, the boxes next to `from` do not see `to`, nor those next to
  // `to` `from`.
  int pinned = leave_count_ + Pinned(occupied, to);
  for (int d = 0; d < 4; ++d) {
    const int m = board_.Neighbour(to, d);
    if (m != kNoSquare && occupied[m]) pinned += Pinned(occupied, m) - pinned_[m];
  }
  assert(pinned == AfterMove(leave_from_, to, occupied));
  return pinned;
}

}  // namespace sokoban
