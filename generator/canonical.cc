#include "generator/canonical.h"

#include <algorithm>
#include <vector>

namespace sokoban::generator {
namespace {

// Where (x, y) of a w x h board lands under transform t, and the image's
// size. Mirror first (x -> w-1-x), then rotate clockwise t%4 times.
void Map(int t, int w, int h, int x, int y, int& ox, int& oy, int& ow, int& oh) {
  if (t >= 4) x = w - 1 - x;
  ow = w;
  oh = h;
  for (int r = 0; r < t % 4; ++r) {
    const int nx = oh - 1 - y, ny = x;  // clockwise quarter turn
    x = nx;
    y = ny;
    std::swap(ow, oh);
  }
  ox = x;
  oy = y;
}

// Encodes one image: width, height, then one character a square.
std::string Encode(const Level& image) {
  const std::vector<uint8_t> floor = ReachableFloor(image);
  int x0 = image.width, y0 = image.height, x1 = -1, y1 = -1;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (!floor[static_cast<size_t>(y) * image.width + x]) continue;
      x0 = std::min(x0, x);
      y0 = std::min(y0, y);
      x1 = std::max(x1, x);
      y1 = std::max(y1, y);
    }
  }
  const int w = x1 - x0 + 1, h = y1 - y0 + 1;
  // The player's area with boxes as obstacles, for normalization.
  std::vector<uint8_t> walk(static_cast<size_t>(w) * h, 0);
  int player = -1;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (IsPlayerChar(image.at(x0 + x, y0 + y))) player = y * w + x;
    }
  }
  auto open = [&](int x, int y) {
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    if (!floor[static_cast<size_t>(y0 + y) * image.width + x0 + x]) return false;
    return !IsBoxChar(image.at(x0 + x, y0 + y));
  };
  std::vector<int> stack = {player};
  walk[player] = 1;
  int smallest = player;
  while (!stack.empty()) {
    const int sq = stack.back();
    stack.pop_back();
    const int x = sq % w, y = sq / w;
    const int nx[4] = {x - 1, x, x + 1, x}, ny[4] = {y, y - 1, y, y + 1};
    for (int d = 0; d < 4; ++d) {
      if (!open(nx[d], ny[d]) || walk[ny[d] * w + nx[d]]) continue;
      walk[ny[d] * w + nx[d]] = 1;
      smallest = std::min(smallest, ny[d] * w + nx[d]);
      stack.push_back(ny[d] * w + nx[d]);
    }
  }
  std::string code = std::to_string(w) + "x" + std::to_string(h) + ":";
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (!floor[static_cast<size_t>(y0 + y) * image.width + x0 + x]) {
        code += '#';
        continue;
      }
      const char c = image.at(x0 + x, y0 + y);
      const bool goal = IsGoalChar(c);
      if (y * w + x == smallest) {
        code += goal ? '+' : '@';
      } else if (IsBoxChar(c)) {
        code += goal ? '*' : '$';
      } else {
        code += goal ? '.' : ' ';
      }
    }
  }
  return code;
}

}  // namespace

Level TransformLevel(const Level& level, int transform) {
  Level out = level;
  int ox, oy, ow, oh;
  Map(transform, level.width, level.height, 0, 0, ox, oy, ow, oh);
  out.width = ow;
  out.height = oh;
  out.squares.assign(static_cast<size_t>(ow) * oh, ' ');
  for (int y = 0; y < level.height; ++y) {
    for (int x = 0; x < level.width; ++x) {
      Map(transform, level.width, level.height, x, y, ox, oy, ow, oh);
      out.at(ox, oy) = level.at(x, y);
    }
  }
  return out;
}

std::string CanonicalForm(const Level& level) {
  std::string best;
  for (int t = 0; t < 8; ++t) {
    std::string code = Encode(TransformLevel(level, t));
    if (t == 0 || code < best) best = std::move(code);
  }
  return best;
}

}  // namespace sokoban::generator
