#include "generator/trim.h"

#include <algorithm>
#include <vector>

#include "common/moves.h"
#include "generator/unused_floor.h"

namespace sokoban::generator {

std::optional<Level> DrawFloor(int w, int h, const std::function<bool(int, int)>& is_floor,
                               const std::function<char(int, int)>& square) {
  auto floor_at = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < w && y < h && is_floor(x, y);
  };
  int x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (!floor_at(x, y)) continue;
      x0 = std::min(x0, x - 1);
      y0 = std::min(y0, y - 1);
      x1 = std::max(x1, x + 1);
      y1 = std::max(y1, y + 1);
    }
  }
  if (x1 < 0) return std::nullopt;
  Level out;
  out.width = x1 - x0 + 1;
  out.height = y1 - y0 + 1;
  out.squares.assign(static_cast<size_t>(out.width) * out.height, ' ');
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      char c = ' ';
      if (floor_at(x, y)) {
        c = square(x, y);
      } else {
        for (int dy = -1; dy <= 1 && c == ' '; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            if (floor_at(x + dx, y + dy)) {
              c = '#';
              break;
            }
          }
        }
      }
      out.at(x - x0, y - y0) = c;
    }
  }
  return out;
}

Level RedrawWalls(const Level& level) {
  const int w = level.width;
  const std::vector<uint8_t> floor = ReachableFloor(level);
  std::optional<Level> drawn = DrawFloor(
      level.width, level.height,
      [&](int x, int y) { return floor[static_cast<size_t>(y) * w + x] != 0; },
      [&](int x, int y) { return level.at(x, y); });
  Level out = level;
  if (!drawn) return out;
  out.width = drawn->width;
  out.height = drawn->height;
  out.squares = std::move(drawn->squares);
  return out;
}

namespace {

// Connected groups of unused squares (4-neighbours), largest first, ties by
// their first square: the order single pockets are tried in.
std::vector<std::vector<int>> Pockets(const Level& level, const std::vector<uint8_t>& unused) {
  const int w = level.width, h = level.height;
  std::vector<uint8_t> seen(unused.size(), 0);
  std::vector<std::vector<int>> pockets;
  for (int start = 0; start < w * h; ++start) {
    if (!unused[start] || seen[start]) continue;
    std::vector<int> pocket = {start};
    seen[start] = 1;
    for (size_t i = 0; i < pocket.size(); ++i) {
      const int sq = pocket[i], x = sq % w, y = sq / w;
      const int next[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
      for (const auto& [nx, ny] : next) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const int n = ny * w + nx;
        if (unused[n] && !seen[n]) {
          seen[n] = 1;
          pocket.push_back(n);
        }
      }
    }
    pockets.push_back(std::move(pocket));
  }
  std::stable_sort(pockets.begin(), pockets.end(),
                   [](const auto& a, const auto& b) { return a.size() > b.size(); });
  return pockets;
}

// The level with `walls` squares walled, if it is valid, the moves still
// solve it, and the solver's states stay high enough.
std::optional<TrimmedLevel> TryWalls(const Level& level, const std::vector<int>& walls,
                                     std::string_view moves, const TrimOptions& options) {
  Level walled = level;
  for (int sq : walls) walled.squares[sq] = '#';
  TrimmedLevel t;
  t.level = RedrawWalls(walled);
  if (!ValidateLevel(t.level).ok()) return std::nullopt;
  const ReplayResult replay = Replay(t.level, moves);
  if (!replay.valid || !replay.solved) return std::nullopt;
  const SolveResult r = Solve(t.level, options.solve);
  if (r.status != SolveStatus::kSolved) return std::nullopt;
  if (static_cast<double>(r.expanded) <
      options.min_states_ratio * static_cast<double>(options.untrimmed_states)) {
    return std::nullopt;
  }
  t.states = r.expanded;
  t.removed = static_cast<int>(walls.size());
  return t;
}

}  // namespace

std::optional<TrimmedLevel> TrimUnusedFloor(const Level& level, std::string_view moves,
                                            const TrimOptions& options) {
  const absl::StatusOr<UnusedFloor> u = MeasureUnusedFloor(level, moves);
  if (!u.ok() || u->unused == 0) return std::nullopt;
  const std::vector<std::vector<int>> pockets = Pockets(level, u->unused_at);
  std::vector<int> all;
  for (const std::vector<int>& p : pockets) all.insert(all.end(), p.begin(), p.end());
  if (std::optional<TrimmedLevel> t = TryWalls(level, all, moves, options)) return t;
  if (pockets.size() < 2) return std::nullopt;
  std::optional<TrimmedLevel> best;
  std::vector<int> kept;
  const int tries = std::min<int>(options.max_single_tries, static_cast<int>(pockets.size()));
  for (int i = 0; i < tries; ++i) {
    std::vector<int> walls = kept;
    walls.insert(walls.end(), pockets[i].begin(), pockets[i].end());
    if (std::optional<TrimmedLevel> t = TryWalls(level, walls, moves, options)) {
      kept = std::move(walls);
      best = std::move(t);
    }
  }
  return best;
}

}  // namespace sokoban::generator
