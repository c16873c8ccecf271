#include "generator/goals.h"

#include <algorithm>

namespace sokoban::generator {

std::vector<int> PullableSquares(const Layout& l) {
  const int dx[4] = {-1, 0, 1, 0}, dy[4] = {0, -1, 0, 1};
  auto floor = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < l.width && y < l.height && l.IsFloor(x, y);
  };
  std::vector<int> squares;
  for (int y = 0; y < l.height; ++y) {
    for (int x = 0; x < l.width; ++x) {
      if (!l.IsFloor(x, y)) continue;
      for (int d = 0; d < 4; ++d) {
        if (floor(x + dx[d], y + dy[d]) && floor(x + 2 * dx[d], y + 2 * dy[d])) {
          squares.push_back(y * l.width + x);
          break;
        }
      }
    }
  }
  return squares;
}

namespace {

// Floor squares in breadth-first order from `from`, with their distances.
std::vector<int> WalkOrder(const Layout& l, int from, std::vector<int>& distance) {
  const int n = l.width * l.height;
  const int step[4] = {-1, -l.width, 1, l.width};
  distance.assign(n, -1);
  std::vector<int> order = {from};
  distance[from] = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const int sq = order[i];
    for (int s : step) {
      const int next = sq + s;
      if (next < 0 || next >= n || l.wall[next] || distance[next] >= 0) continue;
      distance[next] = distance[sq] + 1;
      order.push_back(next);
    }
  }
  return order;
}

}  // namespace

std::vector<int> ChooseClusteredGoals(const Layout& l, int k, Rng& rng) {
  std::vector<int> pullable = PullableSquares(l);
  if (static_cast<int>(pullable.size()) <= k) return pullable;  // ascending already
  const int n = static_cast<int>(l.wall.size());
  const int step[4] = {-1, -l.width, 1, l.width};
  auto floor_neighbours = [&](int sq) {
    int count = 0;
    for (int s : step) count += sq + s >= 0 && sq + s < n && !l.wall[sq + s];
    return count;
  };
  std::vector<uint8_t> is_pullable(n, 0);
  for (int sq : pullable) is_pullable[sq] = 1;
  std::vector<int> floor;
  for (int sq = 0; sq < n; ++sq) {
    if (!l.wall[sq]) floor.push_back(sq);
  }
  // The group grows from open floor (three or four floor neighbours): from
  // a narrow pocket the player could not get around the boxes.
  std::vector<int> distance;
  WalkOrder(l, floor[rng.Below(static_cast<uint32_t>(floor.size()))], distance);
  int seed = -1;
  for (int sq : pullable) {
    if (floor_neighbours(sq) >= 3 && (seed < 0 || distance[sq] > distance[seed])) seed = sq;
  }
  if (seed < 0) seed = pullable.front();
  // A square joins when it is open, at most one goal already touches it,
  // and then only every other time: the group stays loose enough for the player to walk
  // between its boxes.
  std::vector<uint8_t> is_goal(n, 0);
  std::vector<int> goals, skipped;
  for (int sq : WalkOrder(l, seed, distance)) {
    if (static_cast<int>(goals.size()) == k) break;
    if (!is_pullable[sq]) continue;
    int touching = 0;
    for (int s : step) touching += is_goal[sq + s];
    if (sq != seed && (touching > 1 || floor_neighbours(sq) < 3 || rng.Chance(1, 2))) {
      skipped.push_back(sq);
      continue;
    }
    goals.push_back(sq);
    is_goal[sq] = 1;
  }
  for (size_t i = 0; static_cast<int>(goals.size()) < k && i < skipped.size(); ++i) {
    goals.push_back(skipped[i]);
  }
  std::sort(goals.begin(), goals.end());
  return goals;
}

std::vector<int> ChooseGoals(const Layout& l, int k, Rng& rng) {
  std::vector<int> pullable = PullableSquares(l);
  rng.Shuffle(pullable);
  if (static_cast<int>(pullable.size()) > k) pullable.resize(k);
  std::sort(pullable.begin(), pullable.end());
  return pullable;
}

}  // namespace sokoban::generator
