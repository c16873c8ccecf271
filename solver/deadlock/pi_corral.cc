#include "solver/deadlock/pi_corral.h"

#include <algorithm>

namespace sokoban {

// PiCorral's union keys put a square times four and a direction above a
// square's 15 bits.
static_assert(kMaxFloorSquares <= 0x7FFF);

Corrals::Corrals(const Board& board)
    : board_(board),
      component_(board.size() + 1, -1),
      box_seen_(board.size(), 0),
      stack_(board.size()),
      square_list_(board.size()) {
  // The square past the floor (Board::NeighbourOrEnd) counts as a corral's
  // own: the fill needs no test for "no square".
  component_[board.size()] = board.size();
}

void Corrals::Find(const uint8_t* occupied, const Reach& reach) {
  const int n = board_.size();
  first_.clear();
  box_start_.assign(1, 0);
  box_list_.clear();
  needs_work_.clear();
  int* component = component_.data();
  Square* squares = square_list_.data();
  for (int k = 0; k < square_count_; ++k) component[squares[k]] = -1;
  square_count_ = 0;
  square_start_.assign(1, 0);
  // The free squares the player cannot reach (occupied marks the board's
  // box_count() boxes): none, no corral at all; once all are found, no
  // other corral is left.
  const int unreached = n - reach.count() - board_.box_count();
  if (unreached == 0) return;
  int* stack = stack_.data();
  for (int seed = 0; seed < n && square_count_ < unreached; ++seed) {
    if (occupied[seed] || reach.Reached(seed) || component[seed] >= 0) continue;
    const int id = count();
    bool needs_work = false;  // a box off goal beside it
    component[seed] = id;
    int top = 0;
    stack[top++] = seed;
    if (++box_stamp_ == 0) {
      std::fill(box_seen_.begin(), box_seen_.end(), 0);
      box_stamp_ = 1;
    }
    while (top > 0) {
      const int sq = stack[--top];
      squares[square_count_++] = static_cast<Square>(sq);
      for (int d = 0; d < 4; ++d) {
        // A free square next to a corral square is in the same corral: once
        // marked, it is this corral's.
        const int to = board_.NeighbourOrEnd(sq, d);
        if (component[to] >= 0) continue;
        if (occupied[to]) {
          if (box_seen_[to] != box_stamp_) {
            box_seen_[to] = box_stamp_;
            box_list_.push_back(static_cast<Square>(to));
            needs_work |= !board_.IsGoal(to);
          }
        } else {
          component[to] = id;
          stack[top++] = to;
        }
      }
    }
    first_.push_back(seed);
    box_start_.push_back(static_cast<int>(box_list_.size()));
    square_start_.push_back(square_count_);
    needs_work_.push_back(needs_work);
  }
  // An empty goal inside: looked up goal by goal, not square by square.
  for (Square g : board_.goals()) {
    if (const int id = component[g]; id >= 0) needs_work_[id] = 1;
  }
}

PiCorral::PiCorral(const Board& board)
    : board_(board), box_mark_(board.size(), 0), union_box_(board.size(), 0) {}

template <typename InArea, typename AreaBox>
PiCorral::Verdict PiCorral::Check(const Reach& reach, const Square* boxes, int count,
                                  InArea in_area, AreaBox area_box) {
  auto in_corral = [&](int sq) { return sq != kNoSquare && in_area(sq); };
  auto corral_box = [&](int sq) { return sq != kNoSquare && area_box(sq); };
  candidate_.clear();
  for (int k = 0; k < count; ++k) {
    const int b = boxes[k];
    for (int d = 0; d < 4; ++d) {
      const int dest = board_.Neighbour(b, d), stand = board_.Neighbour(b, d ^ 2);
      if (stand == kNoSquare || in_corral(stand) || corral_box(stand)) continue;
      if (dest == kNoSquare || corral_box(dest) || board_.IsDead(dest)) continue;
      if (!in_corral(dest)) return kNone;  // (I) fails: the box could leave the border another way
      // (P) fails on a push into the corral the player cannot make now.
      if (!reach.Reached(stand)) return kNone;
      candidate_.emplace_back(static_cast<Square>(b), static_cast<uint8_t>(d));
    }
  }
  return candidate_.empty() ? kDead : kFound;
}

PiCorral::Verdict PiCorral::Find(const uint8_t* occupied, const Reach& reach,
                                 const Corrals& corrals) {
  best_.clear();
  bool found = false, union_needs_work = false;
  for (int id = 0; id < corrals.count(); ++id) {
    if (!corrals.needs_work(id)) continue;
    union_needs_work = true;
    // Check (I) and (P) push by push.
    const Square* boxes = corrals.boxes(id);
    const int count = corrals.box_count(id);
    if (++box_stamp_ == 0) {
      std::fill(box_mark_.begin(), box_mark_.end(), 0);
      box_stamp_ = 1;
    }
    for (int k = 0; k < count; ++k) box_mark_[boxes[k]] = box_stamp_;
    const Verdict v = Check(
        reach, boxes, count, [&](int sq) { return !occupied[sq] && corrals.Of(sq) == id; },
        [&](int sq) { return occupied[sq] && box_mark_[sq] == box_stamp_; });
    if (v == kDead) return kDead;
    if (v == kFound && (!found || candidate_.size() < best_.size())) {
      best_.swap(candidate_);
      found = true;
    }
  }
  // All unreachable areas taken together: a push whose player square lies
  // in another corral fails (P) for each corral alone, but not for the union.
  if (corrals.count() >= 2 && union_needs_work) {
    // The boxes in the order a walk over the corral squares, smallest first,
    // each looking in its four directions, meets them: each box by the least
    // (corral square, direction) that sees it. Only the corrals' boxes are
    // looked at, not every square from the first corral square up.
    union_keys_.clear();
    for (int id = 0; id < corrals.count(); ++id) {
      const Square* boxes = corrals.boxes(id);
      for (int k = 0, count = corrals.box_count(id); k < count; ++k) {
        const int b = boxes[k];
        if (union_box_[b]) continue;
        union_box_[b] = 1;
        uint32_t least = UINT32_MAX;
        for (int e = 0; e < 4; ++e) {
          const int sq = board_.Neighbour(b, e);
          if (sq == kNoSquare || corrals.Of(sq) < 0) continue;
          least = std::min(least, static_cast<uint32_t>(sq * 4 + (e ^ 2)));
        }
        union_keys_.push_back(least << 15 | static_cast<uint32_t>(b));
      }
    }
    std::sort(union_keys_.begin(), union_keys_.end());
    union_boxes_.clear();
    for (uint32_t key : union_keys_) union_boxes_.push_back(static_cast<Square>(key & 0x7FFF));
    const Verdict v = Check(
        reach, union_boxes_.data(), static_cast<int>(union_boxes_.size()),
        [&](int sq) { return !occupied[sq] && corrals.Of(sq) >= 0; },
        [&](int sq) { return occupied[sq] && union_box_[sq]; });
    for (Square b : union_boxes_) union_box_[b] = 0;
    if (v == kDead) return kDead;
    if (v == kFound && (!found || candidate_.size() < best_.size())) {
      best_.swap(candidate_);
      found = true;
    }
  }
  return found ? kFound : kNone;
}

}  // namespace sokoban
