#include "generator/pull_board.h"

#include <deque>

namespace sokoban::generator {
namespace {
constexpr int kDx[4] = {-1, 0, 1, 0};
constexpr int kDy[4] = {0, -1, 0, 1};
constexpr int kFar = 1 << 20;
}  // namespace

PullBoard::PullBoard(const Layout& layout, std::vector<int> goals)
    : width_(layout.width), height_(layout.height), goals_(std::move(goals)) {
  const int n = size();
  floor_.assign(n, 0);
  goal_.assign(n, 0);
  next_.assign(static_cast<size_t>(n) * 4, -1);
  for (int sq = 0; sq < n; ++sq) floor_[sq] = layout.wall[sq] ? 0 : 1;
  for (int g : goals_) goal_[g] = 1;
  for (int sq = 0; sq < n; ++sq) {
    if (!floor_[sq]) continue;
    const int x = sq % width_, y = sq / width_;
    for (int d = 0; d < 4; ++d) {
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (nx < 0 || ny < 0 || nx >= width_ || ny >= height_) continue;
      const int nsq = ny * width_ + nx;
      if (floor_[nsq]) next_[sq * 4 + d] = nsq;
    }
  }
  // Breadth-first pulls from every goal at once, other boxes ignored: a box
  // on b moves to b+d when the player can stand on b+d and step on to b+2d.
  goal_distance_.assign(n, kFar);
  std::deque<int> queue;
  for (int g : goals_) {
    goal_distance_[g] = 0;
    queue.push_back(g);
  }
  while (!queue.empty()) {
    const int b = queue.front();
    queue.pop_front();
    for (int d = 0; d < 4; ++d) {
      const int p = Neighbour(b, d);
      if (p < 0 || Neighbour(p, d) < 0 || goal_distance_[p] != kFar) continue;
      goal_distance_[p] = goal_distance_[b] + 1;
      queue.push_back(p);
    }
  }
  dead_.assign(n, 0);
  for (int sq = 0; sq < n; ++sq) dead_[sq] = floor_[sq] && goal_distance_[sq] == kFar;
  reach_mark_.assign(n, 0);
}

int PullBoard::Reach(int player, const std::vector<uint8_t>& box_at) {
  ++reach_stamp_;
  int smallest = player;
  reach_mark_[player] = reach_stamp_;
  stack_.clear();
  stack_.push_back(player);
  while (!stack_.empty()) {
    const int sq = stack_.back();
    stack_.pop_back();
    for (int d = 0; d < 4; ++d) {
      const int n = Neighbour(sq, d);
      if (n < 0 || box_at[n] || reach_mark_[n] == reach_stamp_) continue;
      reach_mark_[n] = reach_stamp_;
      if (n < smallest) smallest = n;
      stack_.push_back(n);
    }
  }
  return smallest;
}

bool PullBoard::BlockedOnAxis(int sq, int axis, const std::vector<uint8_t>& box_at,
                              std::vector<uint8_t>& visiting) const {
  // axis 0: left/right (d = 0, 2); axis 1: up/down (d = 1, 3).
  const int a = Neighbour(sq, axis), b = Neighbour(sq, axis + 2);
  if (a < 0 || b < 0) return true;
  if (dead_[a] && dead_[b]) return true;
  // A neighbouring box blocks when it is frozen itself; while it is being
  // examined, this box counts as a wall for it (the usual cycle rule).
  visiting[sq] = 1;
  bool blocked = false;
  for (int n : {a, b}) {
    if (blocked || !box_at[n]) continue;
    if (visiting[n]) {
      blocked = true;
      continue;
    }
    const int other = 1 - axis;
    blocked = BlockedOnAxis(n, other, box_at, visiting) && BlockedOnAxis(n, axis, box_at, visiting);
  }
  visiting[sq] = 0;
  return blocked;
}

bool PullBoard::IsFrozen(int sq, const std::vector<uint8_t>& box_at) const {
  std::vector<uint8_t> visiting(size(), 0);
  return BlockedOnAxis(sq, 0, box_at, visiting) && BlockedOnAxis(sq, 1, box_at, visiting);
}

}  // namespace sokoban::generator
