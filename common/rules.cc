#include "common/rules.h"

namespace sokoban {

Game::Game(const Level& level) : base_(level), width_(level.width), height_(level.height) {
  const size_t n = level.squares.size();
  wall_.assign(n, 0);
  goal_.assign(n, 0);
  box_id_.assign(n, -1);
  for (size_t i = 0; i < n; ++i) {
    const char c = level.squares[i];
    wall_[i] = c == '#';
    goal_[i] = IsGoalChar(c);
    if (IsBoxChar(c)) {
      box_id_[i] = box_count_++;
      boxes_off_goal_ += c == '$';
    }
    if (IsPlayerChar(c)) player_ = static_cast<int>(i);
  }
}

int Game::Neighbour(int sq, Dir d) const {
  const int x = sq % width_ + kDx[static_cast<int>(d)];
  const int y = sq / width_ + kDy[static_cast<int>(d)];
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return -1;
  return y * width_ + x;
}

StepResult Game::Step(Dir d) {
  const int next = Neighbour(player_, d);
  if (next < 0 || wall_[next]) return StepResult::kBlockedWall;
  if (box_id_[next] < 0) {
    player_ = next;
    return StepResult::kMoved;
  }
  const int beyond = Neighbour(next, d);
  if (beyond < 0 || wall_[beyond] || box_id_[beyond] >= 0) return StepResult::kBlockedBox;
  box_id_[beyond] = box_id_[next];
  box_id_[next] = -1;
  boxes_off_goal_ += (goal_[next] ? 1 : 0) - (goal_[beyond] ? 1 : 0);
  player_ = next;
  return StepResult::kPushed;
}

Level Game::ToLevel() const {
  Level level = base_;
  level.solutions.clear();
  for (size_t i = 0; i < level.squares.size(); ++i) {
    char c = wall_[i] ? '#' : ' ';
    if (box_id_[i] >= 0) {
      c = goal_[i] ? '*' : '$';
    } else if (static_cast<int>(i) == player_) {
      c = goal_[i] ? '+' : '@';
    } else if (goal_[i]) {
      c = '.';
    }
    level.squares[i] = c;
  }
  return level;
}

}  // namespace sokoban
