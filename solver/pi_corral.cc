#include "solver/pi_corral.h"

#include <algorithm>

namespace sokoban {

PiCorral::PiCorral(const Board& board)
    : board_(board), component_(board.size(), -1), box_seen_(board.size(), 0) {}

PiCorral::Verdict PiCorral::Find(const uint8_t* occupied, const Reach& reach) {
  const int n = board_.size();
  std::fill(component_.begin(), component_.end(), -1);
  best_.clear();
  bool found = false;
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

    // 2. Check (I) and (P) push by push.
    auto in_corral = [&](int sq) {
      return sq != kNoSquare && !occupied[sq] && component_[sq] == id;
    };
    auto corral_box = [&](int sq) {
      return sq != kNoSquare && occupied[sq] && box_seen_[sq] == box_stamp_;
    };
    candidate_.clear();
    bool pi = true;
    for (size_t k = 0; k < corral_boxes_.size() && pi; ++k) {
      const int b = corral_boxes_[k];
      for (int d = 0; d < 4 && pi; ++d) {
        const int dest = board_.Neighbour(b, d), stand = board_.Neighbour(b, d ^ 2);
        if (stand == kNoSquare || in_corral(stand) || corral_box(stand)) continue;
        if (dest == kNoSquare || corral_box(dest) || board_.IsDead(dest)) continue;
        if (in_corral(dest)) {
          if (reach.Reached(stand)) {
            candidate_.emplace_back(static_cast<Square>(b), static_cast<uint8_t>(d));
          } else {
            pi = false;  // (P) fails: a push into the corral the player cannot make now
          }
        } else {
          pi = false;  // (I) fails: the box could leave the border another way
        }
      }
    }
    if (!pi) continue;
    if (candidate_.empty()) return kDead;
    if (!found || candidate_.size() < best_.size()) {
      best_.swap(candidate_);
      found = true;
    }
  }
  return found ? kFound : kNone;
}

}  // namespace sokoban
