// `rooms`: small rectangular rooms joined by one-wide corridors, the seed
// tutorial's dungeon reduced to Sokoban scale. Rooms are placed at random
// without touching each other; each is joined to the one placed before it
// by an L-shaped corridor, and one extra corridor makes a loop.
#include <algorithm>
#include <vector>

#include "generator/layout.h"

namespace sokoban::generator {
namespace {

struct Room {
  int x, y, w, h;
  int cx() const { return x + w / 2; }
  int cy() const { return y + h / 2; }
};

void Corridor(Layout& l, const Room& a, const Room& b, bool horizontal_first) {
  int x = a.cx(), y = a.cy();
  const int tx = b.cx(), ty = b.cy();
  auto walk_x = [&] {
    while (x != tx) {
      x += (tx > x) ? 1 : -1;
      l.Set(x, y, false);
    }
  };
  auto walk_y = [&] {
    while (y != ty) {
      y += (ty > y) ? 1 : -1;
      l.Set(x, y, false);
    }
  };
  if (horizontal_first) {
    walk_x();
    walk_y();
  } else {
    walk_y();
    walk_x();
  }
}

}  // namespace

Layout DrawRoomsLayout(const LayoutSpec& spec, Rng& rng) {
  Layout l = Layout::Filled(spec.width, spec.height);
  const int iw = spec.width - 2, ih = spec.height - 2;
  const int wanted = std::max(2, iw * ih / 14);
  std::vector<Room> rooms;
  for (int tries = 0; tries < 40 * wanted && static_cast<int>(rooms.size()) < wanted; ++tries) {
    Room r;
    r.w = rng.Range(2, std::min(4, iw));
    r.h = rng.Range(2, std::min(4, ih));
    r.x = rng.Range(1, 1 + iw - r.w);
    r.y = rng.Range(1, 1 + ih - r.h);
    // Keep a wall between rooms so that each stays a room.
    const bool clash = std::any_of(rooms.begin(), rooms.end(), [&](const Room& o) {
      return r.x <= o.x + o.w && o.x <= r.x + r.w && r.y <= o.y + o.h && o.y <= r.y + r.h;
    });
    if (!clash) rooms.push_back(r);
  }
  for (const Room& r : rooms) {
    for (int y = r.y; y < r.y + r.h; ++y) {
      for (int x = r.x; x < r.x + r.w; ++x) l.Set(x, y, false);
    }
  }
  for (size_t i = 1; i < rooms.size(); ++i) Corridor(l, rooms[i - 1], rooms[i], rng.Chance(1, 2));
  if (rooms.size() >= 3) {
    const int a = rng.Below(static_cast<uint32_t>(rooms.size()));
    const int b = rng.Below(static_cast<uint32_t>(rooms.size()));
    if (a != b) Corridor(l, rooms[a], rooms[b], rng.Chance(1, 2));
  }
  return l;
}

}  // namespace sokoban::generator
