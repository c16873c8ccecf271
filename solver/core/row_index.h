// An index of rows of squares (a sub-search's positions: the player, then
// the boxes), kept one after another in the caller's vector (row i at
// rows[i * stride]): open addressing over the row numbers, grown to stay at
// most half full. The subset searches (solver/deadlock/subset_search.h) and the
// penalty search (solver/bound/penalty_search.h) look their positions up in it.
//
//   RowIndex index;
//   index.Clear(256);
//   int held = index.FindOrAdd(rows, stride, row, next);  // -1: `next` indexed
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

class RowIndex {
 public:
  // Empties the index, with `slots` slots (a power of two).
  void Clear(size_t slots) {
    table_.assign(slots, -1);
    count_ = 0;
  }
  // The number of the row of `rows` equal to `row` (stride squares), or -1
  // after indexing `next` as its number (the caller keeps that row at
  // rows[next * stride]; it need not be there yet).
  int FindOrAdd(const std::vector<Square>& rows, size_t stride, const Square* row, int next) {
    if ((count_ + 1) * 2 > table_.size()) Grow(rows, stride);
    const size_t mask = table_.size() - 1;
    for (size_t slot = Hash(row, stride) & mask;; slot = (slot + 1) & mask) {
      const int id = table_[slot];
      if (id < 0) {
        table_[slot] = next;
        ++count_;
        return -1;
      }
      if (std::equal(row, row + stride, &rows[static_cast<size_t>(id) * stride])) return id;
    }
  }

 private:
  static uint64_t Hash(const Square* row, size_t stride) {
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t j = 0; j < stride; ++j) x = (x ^ row[j]) * 0xFF51AFD7ED558CCDull;
    return x ^ (x >> 29);
  }
  void Grow(const std::vector<Square>& rows, size_t stride) {
    std::vector<int> bigger(table_.size() * 2, -1);
    for (int id : table_) {
      if (id < 0) continue;
      size_t slot = Hash(&rows[static_cast<size_t>(id) * stride], stride) & (bigger.size() - 1);
      while (bigger[slot] >= 0) slot = (slot + 1) & (bigger.size() - 1);
      bigger[slot] = id;
    }
    table_.swap(bigger);
  }

  std::vector<int> table_;  // row numbers, -1 empty
  size_t count_ = 0;
};

}  // namespace sokoban
