#include "solver/group_deadlock.h"

#include <algorithm>
#include <cstring>

#include "solver/freeze.h"

namespace sokoban {

GroupDeadlock::GroupDeadlock(const Board& board)
    : board_(board), search_(board, kPolicy), taken_(board.size(), 0) {}

bool GroupDeadlock::IsDead(uint8_t* occupied, int sq, int player) {
  expanded_ = 0;
  if (board_.IsGoal(sq) && IsFrozen(board_, occupied, sq)) return false;
  // 1. The group: boxes joined to sq through the 8-neighbourhood, up to one
  // past the limit; the boxes frozen on goals next to it are walls, and
  // join nothing.
  group_.assign(1, static_cast<Square>(sq));
  walls_.clear();
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
        if (board_.IsGoal(b) && IsFrozen(board_, occupied, b)) {
          walls_.push_back(static_cast<Square>(b));
        } else {
          group_.push_back(static_cast<Square>(b));
        }
      }
    }
  }
  for (Square b : group_) taken_[b] = 0;
  for (Square b : walls_) taken_[b] = 0;
  const int k = static_cast<int>(group_.size());
  if (k < 2 || k > kMaxBoxes) return false;
  bool on_goals = true;
  for (Square b : group_) on_goals = on_goals && board_.IsGoal(b);
  if (on_goals) return false;
  std::sort(group_.begin(), group_.end());
  std::sort(walls_.begin(), walls_.end());
  // 2. The player's area with only the group and the walls on the board,
  // the group and the walls name the question.
  const int norm =
      search_.AreaOf(group_.data(), k, walls_.data(), static_cast<int>(walls_.size()), player);
  const Square first = static_cast<Square>(norm);
  const Square count = static_cast<Square>(k);
  key_.resize(sizeof(Square) * (static_cast<size_t>(k) + walls_.size() + 2));
  char* at = key_.data();
  std::memcpy(at, &first, sizeof(Square));
  std::memcpy(at += sizeof(Square), &count, sizeof(Square));
  std::memcpy(at += sizeof(Square), group_.data(), sizeof(Square) * group_.size());
  if (!walls_.empty()) {
    std::memcpy(at + sizeof(Square) * group_.size(), walls_.data(), sizeof(Square) * walls_.size());
  }
  bool dead = false;
  if (const bool* kept = answers_.Find(key_)) {
    dead = *kept;
  } else {
    // 3. The search.
    dead = search_.Run(group_.data(), k, norm, walls_.data(), static_cast<int>(walls_.size()),
                       nullptr, 0, kMaxNodes) == SubsetSearch::kDead;
    expanded_ = search_.expanded();
    // A pattern holds the boxes only: without walls (their freezing may
    // rest on boxes outside the group).
    if (dead && learned_ && walls_.empty()) learned_->Add(group_.data(), k, norm);
    answers_.Keep(key_, dead);
  }
  return dead;
}

}  // namespace sokoban
