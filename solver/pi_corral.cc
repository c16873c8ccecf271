#include "solver/pi_corral.h"

#include <algorithm>

namespace sokoban {

PiCorral::PiCorral(const Board& board)
    : board_(board),
      component_(board.size(), -1),
      box_seen_(board.size(), 0),
      union_box_(board.size(), 0) {}

template <typename InArea, typename AreaBox>
PiCorral::Verdict PiCorral::Check(const Reach& reach, InArea in_area, AreaBox area_box) {
  auto in_corral = [&](int sq) { return sq != kNoSquare && in_area(sq); };
  auto corral_box = [&](int sq) { return sq != kNoSquare && area_box(sq); };
  candidate_.clear();
  for (int b : corral_boxes_) {
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

PiCorral::Verdict PiCorral::Find(const uint8_t* occupied, const Reach& reach) {
  const int n = board_.size();
  best_.clear();
  // The player reaches every free square: no corral at all.
  if (reach.count() + board_.box_count() == n) return kNone;
  std::fill(component_.begin(), component_.end(), -1);
  bool found = false, union_needs_work = false;
  int corrals = 0;
  for (int seed = 0; seed < n; ++seed) {
    if (occupied[seed] || reach.Reached(seed) || component_[seed] >= 0) continue;
    // 1. The corral: free squares the player cannot reach, connected.
    const int id = corrals++;
    bool needs_work = false;
    component_[seed] = id;
    stack_.assign(1, seed);
    corral_boxes_.clear();
    if (++box_stamp_ == 0) {
      std::fill(box_seen_.begin(), box_seen_.end(), 0);
      box_stamp_ = 1;
    }
    while (!stack_.empty()) {
      const int sq = stack_.back();
      stack_.pop_back();
      if (board_.IsGoal(sq)) needs_work = true;  // an empty goal inside
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(sq, d);
        if (to == kNoSquare) continue;
        if (occupied[to]) {
          if (box_seen_[to] != box_stamp_) {
            box_seen_[to] = box_stamp_;
            corral_boxes_.push_back(to);
          }
        } else if (component_[to] < 0) {
          component_[to] = id;
          stack_.push_back(to);
        }
      }
    }
    for (int b : corral_boxes_) needs_work |= !board_.IsGoal(b);
    if (!needs_work) continue;
    union_needs_work = true;

    // 2. Check (I) and (P) push by push.
    const Verdict v = Check(
        reach, [&](int sq) { return !occupied[sq] && component_[sq] == id; },
        [&](int sq) { return occupied[sq] && box_seen_[sq] == box_stamp_; });
    if (v == kDead) return kDead;
    if (v == kFound && (!found || candidate_.size() < best_.size())) {
      best_.swap(candidate_);
      found = true;
    }
  }
  // 3. All unreachable areas taken together: a push whose player square lies
  // in another corral fails (P) for each corral alone, but not for the union.
  if (corrals >= 2 && union_needs_work) {
    std::fill(union_box_.begin(), union_box_.end(), 0);
    union_boxes_.clear();
    for (int sq = 0; sq < n; ++sq) {
      if (occupied[sq] || component_[sq] < 0) continue;
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(sq, d);
        if (to != kNoSquare && occupied[to] && !union_box_[to]) {
          union_box_[to] = 1;
          union_boxes_.push_back(to);
        }
      }
    }
    corral_boxes_.swap(union_boxes_);
    const Verdict v = Check(
        reach, [&](int sq) { return !occupied[sq] && component_[sq] >= 0; },
        [&](int sq) { return occupied[sq] && union_box_[sq]; });
    corral_boxes_.swap(union_boxes_);
    if (v == kDead) return kDead;
    if (v == kFound && (!found || candidate_.size() < best_.size())) {
      best_.swap(candidate_);
      found = true;
    }
  }
  return found ? kFound : kNone;
}

}  // namespace sokoban
