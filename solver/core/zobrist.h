// Zobrist keys: one 64-bit key per floor square for a box and one for the
// normalized player, from a fixed-seed generator so that keys (and with
// them every probe sequence) are the same on every run.
//
//   Zobrist z(board.size());
//   uint64_t key = z.Key(player, boxes, count);
//   key ^= z.box(from) ^ z.box(to) ^ z.player(old) ^ z.player(now);  // a push
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

class Zobrist {
 public:
  explicit Zobrist(int squares) : box_(squares), player_(squares) {
    uint64_t s = 0x5eed5eed5eed5eedULL;  // fixed: keys never vary between runs
    for (int i = 0; i < squares; ++i) {
      box_[i] = Next(s);
      player_[i] = Next(s);
    }
  }

  uint64_t box(int sq) const { return box_[sq]; }
  uint64_t player(int sq) const { return player_[sq]; }

  // The key of a whole state, computed from scratch.
  uint64_t Key(int player, const Square* boxes, int count) const {
    uint64_t k = player_[player];
    for (int i = 0; i < count; ++i) k ^= box_[boxes[i]];
    return k;
  }

 private:
  // splitmix64
  static uint64_t Next(uint64_t& s) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  std::vector<uint64_t> box_, player_;
};

}  // namespace sokoban
