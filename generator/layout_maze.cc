// `maze`: the seed tutorial's recursive backtracker, carved on cells at odd
// coordinates, then braided. A perfect maze is all dead ends, which
// Sokoban cannot use, so walls between cells are knocked through at random
// and every remaining dead-end cell gets a second opening: the result is a
// maze of loops with the odd small hall.
#include <vector>

#include "generator/layout.h"

namespace sokoban::generator {

Layout DrawMazeLayout(const LayoutSpec& spec, Rng& rng) {
  Layout l = Layout::Filled(spec.width, spec.height);
  const int cw = (spec.width - 1) / 2, ch = (spec.height - 1) / 2;  // cells per row / column
  if (cw < 1 || ch < 1) return l;
  auto cell_x = [](int cx) { return 2 * cx + 1; };
  constexpr int kDx[4] = {-1, 0, 1, 0};
  constexpr int kDy[4] = {0, -1, 0, 1};

  // 1. Recursive backtracking with an explicit stack.
  std::vector<uint8_t> visited(static_cast<size_t>(cw) * ch, 0);
  std::vector<int> stack;
  const int start = rng.Below(static_cast<uint32_t>(cw * ch));
  visited[start] = 1;
  l.Set(cell_x(start % cw), cell_x(start / cw), false);
  stack.push_back(start);
  while (!stack.empty()) {
    const int c = stack.back();
    const int cx = c % cw, cy = c / cw;
    int options[4], n = 0;
    for (int d = 0; d < 4; ++d) {
      const int nx = cx + kDx[d], ny = cy + kDy[d];
      if (nx >= 0 && ny >= 0 && nx < cw && ny < ch && !visited[ny * cw + nx]) options[n++] = d;
    }
    if (n == 0) {
      stack.pop_back();
      continue;
    }
    const int d = options[rng.Below(n)];
    const int nx = cx + kDx[d], ny = cy + kDy[d];
    l.Set(cell_x(cx) + kDx[d], cell_x(cy) + kDy[d], false);
    l.Set(cell_x(nx), cell_x(ny), false);
    visited[ny * cw + nx] = 1;
    stack.push_back(ny * cw + nx);
  }

  // 2. Knock through about one wall in five between neighbouring cells.
  for (int cy = 0; cy < ch; ++cy) {
    for (int cx = 0; cx < cw; ++cx) {
      if (cx + 1 < cw && rng.Chance(1, 5)) l.Set(cell_x(cx) + 1, cell_x(cy), false);
      if (cy + 1 < ch && rng.Chance(1, 5)) l.Set(cell_x(cx), cell_x(cy) + 1, false);
    }
  }

  // 3. Braid: a cell with one opening gets another towards a random
  // neighbouring cell.
  for (int cy = 0; cy < ch; ++cy) {
    for (int cx = 0; cx < cw; ++cx) {
      int open = 0, closed[4], n = 0;
      for (int d = 0; d < 4; ++d) {
        const int nx = cx + kDx[d], ny = cy + kDy[d];
        if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
        if (l.IsFloor(cell_x(cx) + kDx[d], cell_x(cy) + kDy[d])) {
          ++open;
        } else {
          closed[n++] = d;
        }
      }
      if (open == 1 && n > 0) {
        const int d = closed[rng.Below(n)];
        l.Set(cell_x(cx) + kDx[d], cell_x(cy) + kDy[d], false);
      }
    }
  }
  return l;
}

}  // namespace sokoban::generator
