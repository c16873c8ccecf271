#include "generator/layout.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sokoban::generator {
namespace {

constexpr int kDx[4] = {-1, 0, 1, 0};
constexpr int kDy[4] = {0, -1, 0, 1};

// Labels each floor square with its 4-connected area (0 for wall), returns
// the number of areas.
int LabelAreas(const Layout& l, std::vector<int>& label) {
  label.assign(l.wall.size(), 0);
  int areas = 0;
  std::vector<int> stack;
  for (int start = 0; start < static_cast<int>(l.wall.size()); ++start) {
    if (l.wall[start] || label[start]) continue;
    ++areas;
    label[start] = areas;
    stack.push_back(start);
    while (!stack.empty()) {
      const int sq = stack.back();
      stack.pop_back();
      const int x = sq % l.width, y = sq / l.width;
      for (int d = 0; d < 4; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        if (nx < 0 || ny < 0 || nx >= l.width || ny >= l.height) continue;
        const int n = ny * l.width + nx;
        if (l.wall[n] || label[n]) continue;
        label[n] = areas;
        stack.push_back(n);
      }
    }
  }
  return areas;
}

int WallNeighbours(const Layout& l, int x, int y) {
  int walls = 0;
  for (int d = 0; d < 4; ++d) {
    const int nx = x + kDx[d], ny = y + kDy[d];
    if (nx < 0 || ny < 0 || nx >= l.width || ny >= l.height || l.IsWall(nx, ny)) ++walls;
  }
  return walls;
}

}  // namespace

std::string_view LayoutStyleName(LayoutStyle s) {
  switch (s) {
    case LayoutStyle::kRoom:
      return "room";
    case LayoutStyle::kMaze:
      return "maze";
    case LayoutStyle::kCave:
      return "cave";
    case LayoutStyle::kRooms:
      return "rooms";
    case LayoutStyle::kTemplates:
      return "templates";
  }
  return "?";
}

absl::StatusOr<LayoutStyle> ParseLayoutStyle(std::string_view name) {
  for (LayoutStyle s : kAllLayoutStyles) {
    if (name == LayoutStyleName(s)) return s;
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown --style '", std::string(name),
                                                 "' (known: room, maze, cave, rooms, templates)"));
}

absl::StatusOr<OpenLimit> ParseOpenLimit(std::string_view text) {
  const std::string t(text);
  const size_t x = t.find_first_of("xX");
  OpenLimit limit;
  if (x == std::string::npos || !absl::SimpleAtoi(t.substr(0, x), &limit.width) ||
      !absl::SimpleAtoi(t.substr(x + 1), &limit.height) || limit.width < 2 || limit.height < 2 ||
      limit.width > 64 || limit.height > 64) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad --max-open '", t, "': expected WxH with both between 2 and 64, e.g. 3x4"));
  }
  return limit;
}

Layout Layout::Filled(int width, int height) {
  Layout l;
  l.width = width;
  l.height = height;
  l.wall.assign(static_cast<size_t>(width) * height, 1);
  return l;
}

int Layout::FloorCount() const { return static_cast<int>(std::count(wall.begin(), wall.end(), 0)); }

std::vector<std::string> Layout::Rows() const {
  std::vector<std::string> rows;
  for (int y = 0; y < height; ++y) {
    std::string row;
    for (int x = 0; x < width; ++x) row += IsWall(x, y) ? '#' : ' ';
    rows.push_back(row);
  }
  return rows;
}

bool IsClosed(const Layout& l) {
  for (int x = 0; x < l.width; ++x) {
    if (l.IsFloor(x, 0) || l.IsFloor(x, l.height - 1)) return false;
  }
  for (int y = 0; y < l.height; ++y) {
    if (l.IsFloor(0, y) || l.IsFloor(l.width - 1, y)) return false;
  }
  return true;
}

bool IsConnected(const Layout& l) {
  std::vector<int> label;
  return LabelAreas(l, label) == 1;
}

std::optional<std::pair<int, int>> FindDeadEnd(const Layout& l) {
  for (int y = 0; y < l.height; ++y) {
    for (int x = 0; x < l.width; ++x) {
      if (l.IsFloor(x, y) && WallNeighbours(l, x, y) >= 3) return std::make_pair(x, y);
    }
  }
  return std::nullopt;
}

std::optional<Rect> FindOversizedOpenArea(const Layout& l, OpenLimit limit) {
  // Any all-floor rectangle too large in both orientations contains one of
  // three minimal ones: (s+1)x(s+1), 2x(b+1) or (b+1)x2, with s and b the
  // limit's short and long sides.
  const int s = std::min(limit.width, limit.height);
  const int b = std::max(limit.width, limit.height);
  const Rect shapes[3] = {{0, 0, s + 1, s + 1}, {0, 0, 2, b + 1}, {0, 0, b + 1, 2}};
  // Prefix sums of wall squares: a rectangle is all floor when its sum is 0.
  const int w = l.width, h = l.height;
  std::vector<int> sum(static_cast<size_t>(w + 1) * (h + 1), 0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      sum[(y + 1) * (w + 1) + x + 1] = l.IsWall(x, y) + sum[y * (w + 1) + x + 1] +
                                       sum[(y + 1) * (w + 1) + x] - sum[y * (w + 1) + x];
    }
  }
  auto walls_in = [&](int x, int y, int rw, int rh) {
    return sum[(y + rh) * (w + 1) + x + rw] - sum[y * (w + 1) + x + rw] -
           sum[(y + rh) * (w + 1) + x] + sum[y * (w + 1) + x];
  };
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      for (const Rect& shape : shapes) {
        if (x + shape.width > w || y + shape.height > h) continue;
        if (walls_in(x, y, shape.width, shape.height) == 0) {
          return Rect{x, y, shape.width, shape.height};
        }
      }
    }
  }
  return std::nullopt;
}

void CloseBorder(Layout& l) {
  for (int x = 0; x < l.width; ++x) {
    l.Set(x, 0, true);
    l.Set(x, l.height - 1, true);
  }
  for (int y = 0; y < l.height; ++y) {
    l.Set(0, y, true);
    l.Set(l.width - 1, y, true);
  }
}

void KeepLargestArea(Layout& l) {
  std::vector<int> label;
  const int areas = LabelAreas(l, label);
  if (areas <= 1) return;
  std::vector<int> size(areas + 1, 0);
  for (int v : label) ++size[v];
  int best = 1;
  for (int a = 2; a <= areas; ++a) {
    if (size[a] > size[best]) best = a;
  }
  for (size_t i = 0; i < label.size(); ++i) {
    if (label[i] != best) l.wall[i] = 1;
  }
}

void PruneDeadEnds(Layout& l) {
  // A worklist rather than full rescans: walling a dead end can only turn
  // its one floor neighbour into a new dead end.
  std::vector<int> work;
  for (int sq = 0; sq < static_cast<int>(l.wall.size()); ++sq) work.push_back(sq);
  while (!work.empty()) {
    const int sq = work.back();
    work.pop_back();
    const int x = sq % l.width, y = sq / l.width;
    if (l.IsWall(x, y) || WallNeighbours(l, x, y) < 3) continue;
    l.Set(x, y, true);
    for (int d = 0; d < 4; ++d) {
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (nx >= 0 && ny >= 0 && nx < l.width && ny < l.height) work.push_back(ny * l.width + nx);
    }
  }
}

bool RepairOpenAreas(Layout& l, OpenLimit limit, Rng& rng) {
  // Each round walls one square, so floor count bounds the rounds.
  for (int round = l.FloorCount(); round >= 0; --round) {
    const std::optional<Rect> r = FindOversizedOpenArea(l, limit);
    if (!r) return true;
    std::vector<std::pair<int, int>> cells;
    for (int y = r->y; y < r->y + r->height; ++y) {
      for (int x = r->x; x < r->x + r->width; ++x) cells.emplace_back(x, y);
    }
    rng.Shuffle(cells);
    bool fixed = false;
    for (const auto& [x, y] : cells) {
      l.Set(x, y, true);
      if (IsConnected(l)) {
        fixed = true;
        break;
      }
      l.Set(x, y, false);
    }
    if (!fixed) return false;
  }
  return false;
}

std::optional<Layout> MakeLayout(LayoutStyle style, const LayoutSpec& spec, Rng& rng) {
  Layout l;
  switch (style) {
    case LayoutStyle::kRoom:
      l = DrawRoomLayout(spec, rng);
      break;
    case LayoutStyle::kMaze:
      l = DrawMazeLayout(spec, rng);
      break;
    case LayoutStyle::kCave:
      l = DrawCaveLayout(spec, rng);
      break;
    case LayoutStyle::kRooms:
      l = DrawRoomsLayout(spec, rng);
      break;
    case LayoutStyle::kTemplates:
      l = DrawTemplatesLayout(spec, rng);
      break;
  }
  // Walls added by the repair keep the floor connected and cannot open new
  // areas; pruning dead ends never disconnects (a dead end has one floor
  // neighbour at most). So one pass in this order leaves a valid layout.
  CloseBorder(l);
  KeepLargestArea(l);
  if (!RepairOpenAreas(l, spec.max_open, rng)) return std::nullopt;
  PruneDeadEnds(l);
  if (l.FloorCount() < 4 || !IsConnected(l)) return std::nullopt;
  return l;
}

}  // namespace sokoban::generator
