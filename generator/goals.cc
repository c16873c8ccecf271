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

std::vector<int> ChooseGoals(const Layout& l, int k, Rng& rng) {
  std::vector<int> pullable = PullableSquares(l);
  rng.Shuffle(pullable);
  if (static_cast<int>(pullable.size()) > k) pullable.resize(k);
  std::sort(pullable.begin(), pullable.end());
  return pullable;
}

}  // namespace sokoban::generator
