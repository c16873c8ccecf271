#include "solver/deadlock/frozen_goals.h"

#include <algorithm>

#include "solver/deadlock/freeze.h"

namespace sokoban {

FrozenGoals::FrozenGoals(const Board& board)
    : board_(board),
      goals_(static_cast<int>(board.goals().size())),
      enabled_(static_cast<size_t>(board.size()) * board.goals().size() <= kMaxTableBytes),
      wall_(board.size(), 0),
      queue_(board.size()) {}

const std::vector<uint8_t>& FrozenGoals::Table(const std::vector<Square>& frozen) {
  if (auto it = tables_.find(frozen); it != tables_.end()) return it->second;
  const int n = board_.size();
  std::vector<uint8_t> table(static_cast<size_t>(n) * goals_, 0);
  for (Square f : frozen) wall_[f] = 1;
  for (int k = 0; k < goals_; ++k) {
    const int goal = board_.goals()[k];
    if (wall_[goal]) continue;
    // Pulls from the goal: a box on `to` can be pushed to sq when neither
    // `to` nor the square beyond it, where the player stands, is a wall.
    int head = 0, tail = 0;
    queue_[tail++] = goal;
    table[static_cast<size_t>(goal) * goals_ + k] = 1;
    while (head < tail) {
      const int sq = queue_[head++];
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(sq, d);
        if (to == kNoSquare || wall_[to]) continue;
        const int stand = board_.Neighbour(to, d);
        if (stand == kNoSquare || wall_[stand]) continue;
        uint8_t& slot = table[static_cast<size_t>(to) * goals_ + k];
        if (slot) continue;
        slot = 1;
        queue_[tail++] = to;
      }
    }
  }
  for (Square f : frozen) wall_[f] = 0;
  if (bytes_ + table.size() > kMaxBytes) {
    scratch_table_ = std::move(table);
    return scratch_table_;
  }
  bytes_ += table.size() + frozen.size() * sizeof(Square) + 64;
  return tables_.emplace(frozen, std::move(table)).first->second;
}

bool FrozenGoals::Augment(int box) {
  const uint8_t* row = &(*table_)[static_cast<size_t>(free_boxes_[box]) * goals_];
  for (int j = 0; j < static_cast<int>(free_goals_.size()); ++j) {
    if (visited_[j] || !row[free_goals_[j]]) continue;
    visited_[j] = 1;
    if (box_of_goal_[j] < 0 || Augment(box_of_goal_[j])) {
      box_of_goal_[j] = box;
      return true;
    }
  }
  return false;
}

bool FrozenGoals::IsDead(uint8_t* occupied, const Square* boxes, int count, int pushed_to) {
  if (!enabled_ || !IsFrozen(board_, occupied, pushed_to)) return false;
  frozen_.clear();
  free_boxes_.clear();
  for (int i = 0; i < count; ++i) {
    const int b = boxes[i];
    if (board_.IsGoal(b) && (b == pushed_to || IsFrozen(board_, occupied, b))) {
      frozen_.push_back(static_cast<Square>(b));
    } else {
      free_boxes_.push_back(static_cast<Square>(b));
    }
  }
  if (free_boxes_.empty()) return false;
  std::sort(frozen_.begin(), frozen_.end());
  table_ = &Table(frozen_);
  free_goals_.clear();
  for (int k = 0; k < goals_; ++k) {
    if (!std::binary_search(frozen_.begin(), frozen_.end(), board_.goals()[k])) {
      free_goals_.push_back(k);
    }
  }
  // Kuhn's augmenting paths: a perfect matching of free boxes to free goals.
  // A greedy pass first gives each box a free goal it can reach, if any, so
  // that only the boxes left need a search (most need none).
  const int goal_count = static_cast<int>(free_goals_.size());
  box_of_goal_.assign(goal_count, -1);
  unmatched_.clear();
  for (int b = 0; b < static_cast<int>(free_boxes_.size()); ++b) {
    const uint8_t* row = &(*table_)[static_cast<size_t>(free_boxes_[b]) * goals_];
    int j = 0;
    while (j < goal_count && (box_of_goal_[j] >= 0 || !row[free_goals_[j]])) ++j;
    if (j < goal_count) {
      box_of_goal_[j] = b;
    } else {
      unmatched_.push_back(b);
    }
  }
  for (int b : unmatched_) {
    visited_.assign(goal_count, 0);
    if (!Augment(b)) return true;
  }
  return false;
}

}  // namespace sokoban
