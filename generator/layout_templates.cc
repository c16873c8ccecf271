// `templates`: the interior is tiled with 3x3 pieces, each drawn from a
// fixed set and turned and mirrored at random, as in Taylor & Parberry,
// "Procedural generation of Sokoban levels" (2011). Their method then
// rejects disconnected floor, open areas larger than 3x4 and dead ends;
// here MakeLayout repairs those instead, which wastes fewer draws.
#include <array>

#include "generator/layout.h"

namespace sokoban::generator {
namespace {

// '#' wall, '.' floor. The empty piece is listed twice: open pieces keep
// the board from becoming a maze of pillars.
constexpr std::array<const char*, 15> kPieces = {
    ".........",  // empty
    ".........",  // empty
    "#........",  // corner pillar
    "##.......",  // short wall on an edge
    "###......",  // edge wall
    "###.#....",  // T
    "###.#..#.",  // long T
    "###.#..##",  // hook
    "##.##....",  // 2x2 block
    "....#....",  // centre pillar
    "#.......#",  // two pillars
    "#.#......",  // split edge
    "###......",  // edge wall again: the most common shape in their set
    ".#..#..#.",  // bar through the middle
    "##..#....",  // elbow
};

char PieceAt(const char* piece, int rotation, bool mirror, int x, int y) {
  if (mirror) x = 2 - x;
  for (int r = 0; r < rotation; ++r) {
    const int t = x;
    x = 2 - y;
    y = t;
  }
  return piece[y * 3 + x];
}

}  // namespace

Layout DrawTemplatesLayout(const LayoutSpec& spec, Rng& rng) {
  Layout l = Layout::Filled(spec.width, spec.height);
  const int iw = spec.width - 2, ih = spec.height - 2;
  for (int by = 0; by < ih; by += 3) {
    for (int bx = 0; bx < iw; bx += 3) {
      const char* piece = kPieces[rng.Below(kPieces.size())];
      const int rotation = rng.Below(4);
      const bool mirror = rng.Chance(1, 2);
      for (int y = 0; y < 3 && by + y < ih; ++y) {
        for (int x = 0; x < 3 && bx + x < iw; ++x) {
          l.Set(1 + bx + x, 1 + by + y, PieceAt(piece, rotation, mirror, x, y) == '#');
        }
      }
    }
  }
  return l;
}

}  // namespace sokoban::generator
