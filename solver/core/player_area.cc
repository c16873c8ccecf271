#include "solver/core/player_area.h"

#include <algorithm>
#include <cassert>

namespace sokoban {

namespace {

// For each set of free ring squares (bit k: ring square k, in the order
// of RingConnected, even k orthogonal), whether at most one run of
// consecutive free squares round the ring holds an orthogonal one.
struct RingTable {
  bool connected[256];
  constexpr RingTable() : connected() {
    for (int mask = 0; mask < 256; ++mask) {
      auto free = [&](int k) { return (mask >> (k & 7)) & 1; };
      int start = 0;
      while (start < 8 && free(start)) ++start;
      if (start == 8) {  // the whole ring is free
        connected[mask] = true;
        continue;
      }
      int runs_with_orth = 0;
      bool in_run = false, has_orth = false;
      for (int k = 1; k <= 8; ++k) {
        const int idx = (start + k) & 7;
        if (free(idx)) {
          if (!in_run) in_run = true, has_orth = false;
          if ((idx & 1) == 0) has_orth = true;
        } else if (in_run) {
          runs_with_orth += has_orth;
          in_run = false;
        }
      }
      connected[mask] = runs_with_orth <= 1;
    }
  }
};
constexpr RingTable kRing;

}  // namespace

bool RingConnected(const Board& board, const uint8_t* occupied, int sq) {
  // The free ring squares make a mask that kRing answers for; a square
  // missing from the ring is read as sq itself and masked off.
  const uint16_t* ring = board.Ring(sq);
  int mask = 0;
  for (int k = 0; k < 8; ++k) mask |= (occupied[ring[k]] == 0) << k;
  return kRing.connected[mask & board.RingFloor(sq)];
}

bool RingMaskConnected(int mask) { return kRing.connected[mask]; }

namespace {

// RingConnected with the free square `blocked` of sq's ring taken as
// blocked.
bool RingConnectedWithout(const Board& board, const uint8_t* occupied, int sq, int blocked) {
  const uint16_t* ring = board.Ring(sq);
  int mask = 0;
  for (int k = 0; k < 8; ++k) mask |= (occupied[ring[k]] == 0 && ring[k] != blocked) << k;
  return kRing.connected[mask & board.RingFloor(sq)];
}

// The smallest square of the player's area: area_min, the smallest of the
// part of it known, or of the areas outside[] that join it through `from`.
// Such an area is one the move left as it was (it held neither `from`, a
// box then, nor `to`, in the player's area): a fill of it alone, `from`
// kept out, gives its smallest square.
int JoinOutside(const Board& board, const uint8_t* occupied, int from, const int* outside,
                int outside_count, int area_min, int player, Reach& scratch) {
  for (int k = 0; k < outside_count; ++k) {
    if (k > 0 && scratch.Reached(outside[k])) continue;
    area_min = std::min(area_min, scratch.FillAvoiding(board, occupied, outside[k], from));
  }
  assert(area_min == scratch.Fill(board, occupied, player));
  (void)player;
  return area_min;
}

}  // namespace

int PlayerAfterMove(const Board& board, const uint8_t* occupied, const Reach& before, int from,
                    int to, int player, Reach& scratch) {
  // `from` joins the area: the player stands on it (a push), or (a pull)
  // it has another free neighbour, in the area (else a fill below); a pull
  // whose `from` has none leaves it alone beside `to`, and the ring around
  // `to` is then not connected. Free neighbours of `from` outside the area
  // bring their own areas in with it.
  int outside[4], outside_count = 0;
  bool inside = false;  // `from` has a free neighbour in the area besides `to`
  for (int d = 0; d < 4; ++d) {
    const int n = board.Neighbour(from, d);
    if (n == kNoSquare || n == to || occupied[n]) continue;
    if (before.Reached(n)) {
      inside = true;
      continue;
    }
    // `to` outside the area too: the areas that join may have lost it.
    if (!before.Reached(to)) return scratch.Fill(board, occupied, player);
    outside[outside_count++] = n;
  }
  assert(before.min() != kNoSquare);  // a Fill, not a Mark
  int min_sq = before.min();
  if (before.Reached(to) && to == min_sq) {
    // The area held `to` and the player's square besides.
    min_sq = before.second();
    assert(min_sq != kNoSquare);
  }
  int area_min = std::min(min_sq, from);
  if (before.Reached(to) && !RingConnected(board, occupied, to)) {
    // With `from` taken as blocked, as it was, the ring may still join the
    // other free neighbours of `to`: then the area less `to` stays whole
    // (a box drawn along a corridor leaves the end of the area it cut), and
    // `from`, with the areas outside, joins it only through a neighbour of
    // its own in the area. The player is on `from` or in the area less `to`.
    if (min_sq != kNoSquare && RingConnectedWithout(board, occupied, to, from)) {
      if (!inside) {
        if (player != from) {
          assert(min_sq == scratch.Fill(board, occupied, player));
          return min_sq;
        }
        area_min = from;
      }
      return JoinOutside(board, occupied, from, outside, outside_count, area_min, player, scratch);
    }
    // The box on `to` may cut the area. With no area joining, the player's
    // area now lies within the old one less `to`, plus `from`: once the fill
    // meets the smallest square of those, nothing smaller is left to find.
    if (outside_count > 0 || min_sq == kNoSquare) return scratch.Fill(board, occupied, player);
    const int smallest = scratch.SmallestDownTo(board, occupied, player, area_min);
    assert(smallest == scratch.Fill(board, occupied, player));
    return smallest;
  }
  return JoinOutside(board, occupied, from, outside, outside_count, area_min, player, scratch);
}

}  // namespace sokoban
