#include "solver/whole_deadlock.h"

#include <algorithm>

#include "solver/freeze.h"

namespace sokoban {

WholeDeadlock::WholeDeadlock(const Board& board, int max_nodes, int max_shrink_nodes)
    : board_(board),
      max_nodes_(max_nodes),
      max_shrink_nodes_(max_shrink_nodes),
      search_(board),
      sub_occupied_(board.size(), 0) {}

SubsetSearch::Verdict WholeDeadlock::Prove(int player, int max_nodes) {
  for (Square b : set_) sub_occupied_[b] = 1;
  // Frozen on a goal with only the set on the board: frozen in every
  // position that holds the set.
  moving_.clear();
  walls_.clear();
  for (Square b : set_) {
    if (board_.IsGoal(b) && IsFrozen(board_, sub_occupied_.data(), b)) {
      walls_.push_back(b);
    } else {
      moving_.push_back(b);
    }
  }
  for (Square b : set_) sub_occupied_[b] = 0;
  SubsetSearch::Verdict verdict = SubsetSearch::kAlive;
  if (!moving_.empty()) {
    verdict = search_.Run(moving_.data(), static_cast<int>(moving_.size()), player, walls_.data(),
                          static_cast<int>(walls_.size()), nullptr, 0, max_nodes);
    expanded_ += search_.expanded();
  }
  return verdict;
}

void WholeDeadlock::Shrink(int player, int first_nodes) {
  // A smaller set that is still dead rarely needs many more positions than
  // the last set proved dead did, while one that is alive most often uses
  // its whole budget (its boxes seldom all reach goals soon): a set whose
  // search goes past 1.5 times the last proof's is taken as alive (the box
  // is kept), which only leaves the pattern larger.
  int last = first_nodes;
  const int limit = expanded_ + max_shrink_nodes_;
  auto still_dead = [&] {
    const int before = expanded_;
    const int budget = std::min({max_nodes_, last + last / 2 + 50, limit - expanded_});
    if (budget <= 0 || Prove(player, budget) != SubsetSearch::kDead) return false;
    last = expanded_ - before;
    return true;
  };
  // First every box on a goal at once: a dead set is most often boxes off
  // their goals that cannot all get there, and the boxes around them.
  order_ = set_;
  set_.erase(std::remove_if(set_.begin(), set_.end(), [&](Square b) { return board_.IsGoal(b); }),
             set_.end());
  if (set_.empty() || set_.size() == order_.size() || !still_dead()) set_ = order_;
  // Then chunks of boxes near each other (by square number: rows), halving
  // their size down to one box.
  for (size_t chunk = set_.size() / 2; chunk > 1; chunk /= 2) {
    order_ = set_;
    for (size_t first = 0; first + chunk <= order_.size() && expanded_ < limit; first += chunk) {
      const std::vector<Square> kept = set_;
      for (size_t j = first; j < first + chunk; ++j) {
        set_.erase(std::lower_bound(set_.begin(), set_.end(), order_[j]));
      }
      if (!still_dead()) set_ = kept;
    }
  }
  // Then one box at a time.
  order_ = set_;
  for (Square drop : order_) {
    if (set_.size() <= 1 || expanded_ >= limit) break;
    set_.erase(std::lower_bound(set_.begin(), set_.end(), drop));
    if (!still_dead()) set_.insert(std::lower_bound(set_.begin(), set_.end(), drop), drop);
  }
}

bool WholeDeadlock::IsDead(const Square* boxes, int count, int player) {
  expanded_ = 0;
  set_.assign(boxes, boxes + count);
  std::sort(set_.begin(), set_.end());
  if (Prove(player, max_nodes_) != SubsetSearch::kDead) {
    set_.clear();
    return false;
  }
  if (learned_) {
    Shrink(player, expanded_);
    learned_->Add(set_.data(), static_cast<int>(set_.size()), player);
  }
  return true;
}

}  // namespace sokoban
