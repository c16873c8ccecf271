// `cave`: the seed tutorial's cellular automaton. Random fill (two squares
// in five wall), then generations where a square becomes wall when at
// least five of its 3x3 block are wall or at most two of its 5x5 block
// (corners excluded) are: the second rule fills the middle of big halls.
// Outside the grid counts as wall.
#include <cstdlib>
#include <vector>

#include "generator/layout.h"

namespace sokoban::generator {

Layout DrawCaveLayout(const LayoutSpec& spec, Rng& rng) {
  Layout l = Layout::Filled(spec.width, spec.height);
  const int w = spec.width, h = spec.height;
  for (int y = 1; y < h - 1; ++y) {
    for (int x = 1; x < w - 1; ++x) l.Set(x, y, rng.Chance(2, 5));
  }
  auto wall_at = [&](int x, int y) { return x < 0 || y < 0 || x >= w || y >= h || l.IsWall(x, y); };
  // Small boards settle in a few generations; the seed's ten suit 48x48.
  const int generations = (w * h <= 400) ? 3 : 5;
  std::vector<uint8_t> next(l.wall.size());
  for (int g = 0; g < generations; ++g) {
    next = l.wall;
    for (int y = 1; y < h - 1; ++y) {
      for (int x = 1; x < w - 1; ++x) {
        int near = 0, far = 0;
        for (int dy = -2; dy <= 2; ++dy) {
          for (int dx = -2; dx <= 2; ++dx) {
            if (std::abs(dx) == 2 && std::abs(dy) == 2) continue;
            if (!wall_at(x + dx, y + dy)) continue;
            ++far;
            if (std::abs(dx) <= 1 && std::abs(dy) <= 1) ++near;
          }
        }
        next[static_cast<size_t>(y) * w + x] = (near >= 5 || far <= 2) ? 1 : 0;
      }
    }
    l.wall = next;
  }
  return l;
}

}  // namespace sokoban::generator
