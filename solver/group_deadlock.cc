#include "solver/group_deadlock.h"

#include <algorithm>
#include <cstring>

namespace sokoban {

GroupDeadlock::GroupDeadlock(const Board& board)
    : board_(board),
      search_(board),
      taken_(board.size(), 0),
      sub_occupied_(board.size(), 0),
      reach_(board.size()) {
  search_.StopWhenApart(true);
}

bool GroupDeadlock::IsDead(const uint8_t* occupied, int sq, int player) {
  expanded_ = 0;
  // 1. The group: boxes joined to sq through the 8-neighbourhood, up to one
  // past the limit.
  group_.assign(1, static_cast<Square>(sq));
  taken_[sq] = 1;
  const int w = board_.width(), cells = w * board_.height();
  for (size_t j = 0; j < group_.size() && static_cast<int>(group_.size()) <= kMaxBoxes; ++j) {
    const int cell = board_.Cell(group_[j]), x = cell % w;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int c = cell + dy * w + dx;
        if (c < 0 || c >= cells || x + dx < 0 || x + dx >= w) continue;
        const int b = board_.FloorIndex(c);
        if (b < 0 || !occupied[b] || taken_[b]) continue;
        taken_[b] = 1;
        group_.push_back(static_cast<Square>(b));
      }
    }
  }
  for (Square b : group_) taken_[b] = 0;
  const int k = static_cast<int>(group_.size());
  if (k < 2 || k > kMaxBoxes) return false;
  bool on_goals = true;
  for (Square b : group_) on_goals = on_goals && board_.IsGoal(b);
  if (on_goals) return false;
  std::sort(group_.begin(), group_.end());
  // 2. The player's area with only the group on the board names the
  // question.
  for (Square b : group_) sub_occupied_[b] = 1;
  const int norm = reach_.Fill(board_, sub_occupied_.data(), player);
  for (Square b : group_) sub_occupied_[b] = 0;
  const Square first = static_cast<Square>(norm);
  key_.resize(sizeof(Square) * (static_cast<size_t>(k) + 1));
  std::memcpy(key_.data(), &first, sizeof(Square));
  std::memcpy(key_.data() + sizeof(Square), group_.data(), sizeof(Square) * group_.size());
  if (auto it = answers_.find(key_); it != answers_.end()) return it->second;
  // 3. The search.
  const bool dead =
      search_.Run(group_.data(), k, norm, nullptr, nullptr, 0, kMaxNodes) == SubsetSearch::kDead;
  expanded_ = search_.expanded();
  if (dead && learned_) learned_->Add(group_.data(), k, norm);
  const size_t entry = sizeof(std::string) + sizeof(bool) + 1 + key_.size() + 16;
  if (bytes_ + entry <= kMaxBytes && answers_.emplace(key_, dead).second) bytes_ += entry;
  return dead;
}

}  // namespace sokoban
