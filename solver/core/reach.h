// Player reachability: a flood fill over the floor with boxes as obstacles.
// Visited marks are generation stamps, so a new fill costs nothing to clear.
//
//   Reach reach(board.size());
//   int min_sq = reach.Fill(board, occupied, player);
//   if (reach.Reached(sq)) ...
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

class Reach {
 public:
  // squares: the board's size() or more (one stamp more is kept, for the
  // square past the floor: Board::NeighbourOrEnd).
  explicit Reach(int squares) : stamp_(squares + 1, 0), queue_(squares) {}

  // Fills from start; occupied[sq] != 0 marks boxes. Returns the smallest
  // square reached (the normalized player).
  int Fill(const Board& board, const uint8_t* occupied, int start) {
    return Flood<true>(board, occupied, start);
  }
  // As Fill, with the free square `avoid` taken as blocked (it counts as
  // reached, but the fill never goes through it nor counts it).
  int FillAvoiding(const Board& board, const uint8_t* occupied, int start, int avoid) {
    return Flood<true>(board, occupied, start, avoid);
  }
  // The smallest square of start's area, as Fill returns, when no square of
  // the area is smaller than the free square `lowest`: two fills take turns,
  // one from `start` and one from `lowest`. When they meet, `lowest` is the
  // answer; when the one from `start` runs out first, its smallest square;
  // when the other does, the one from `start` goes on alone to its end.
  // Either way the work is about twice the smaller of the area around
  // `start` and the ball that joins the two, not a fill of everything
  // nearer to `start` than `lowest` is. Reached(), min(), second() and
  // count() are left meaningless.
  int SmallestDownTo(const Board& board, const uint8_t* occupied, int start, int lowest) {
    if (start == lowest) return start;
    return TwoFills<true>(board, occupied, start, lowest);
  }
  // Whether the free squares a and b lie in one area: the same two fills,
  // until they meet or either runs out (the work is about twice the smaller
  // of the area the one that runs out fills and the ball that joins the
  // two). Reached(), min(), second() and count() are left meaningless.
  bool Joined(const Board& board, const uint8_t* occupied, int a, int b) {
    return a == b || TwoFills<false>(board, occupied, a, b) == b;
  }
  // As Fill, for Reached() and count() only: min() and second() are not
  // kept (a fifth less work a square).
  void Mark(const Board& board, const uint8_t* occupied, int start) {
    Flood<false>(board, occupied, start);
  }

  bool Reached(int sq) const { return stamp_[sq] == current_; }
  // The smallest and second smallest squares of the last fill (the second
  // is kNoSquare when the fill reached one square).
  int min() const { return min_; }
  int second() const { return second_; }
  int count() const { return count_; }
  // The squares the last Fill or Mark reached, count() of them.
  const Square* squares() const { return queue_.data(); }

 private:
  // The fills of SmallestDownTo, taking turns: `lowest` when they meet,
  // else the smallest square the fill from `start` reached, which goes on
  // alone to its end after the other runs out with kToTheEnd, and stops
  // there without.
  template <bool kToTheEnd>
  int TwoFills(const Board& board, const uint8_t* occupied, int start, int lowest) {
    // Three stamps: `mine` for the squares the fill from `start` reached,
    // `theirs` for those of the fill from `lowest`, and the last for the
    // square past the floor. Every older stamp is smaller than `mine`.
    const uint32_t mine = NextStamps(board, 3), theirs = mine + 1;
    if (other_.size() < queue_.size()) other_.resize(queue_.size());
    uint32_t* const stamps = stamp_.data();
    Square *const queue = queue_.data(), *const other = other_.data();
    const uint16_t* const next = board.NeighboursOrEnd();
    int head = 0, tail = 0, other_head = 0, other_tail = 0, min_sq = start;
    queue[tail++] = static_cast<Square>(start);
    stamps[start] = mine;
    other[other_tail++] = static_cast<Square>(lowest);
    stamps[lowest] = theirs;
    while (head < tail && (kToTheEnd || other_head < other_tail)) {
      const uint16_t* around = next + 4 * queue[head++];
      for (int d = 0; d < 4; ++d) {
        const int to = around[d];
        if (const uint32_t s = stamps[to]; s >= mine) {
          if (s == theirs) return lowest;
          continue;
        }
        if (occupied[to]) continue;
        stamps[to] = mine;
        queue[tail++] = static_cast<Square>(to);
        min_sq = std::min(min_sq, to);
      }
      if (other_head < other_tail) {
        around = next + 4 * other[other_head++];
        for (int d = 0; d < 4; ++d) {
          const int to = around[d];
          if (const uint32_t s = stamps[to]; s >= mine) {
            if (s == mine) return lowest;
            continue;
          }
          if (occupied[to]) continue;
          stamps[to] = theirs;
          other[other_tail++] = static_cast<Square>(to);
        }
      }
    }
    return min_sq;
  }
  // Takes `count` new stamps and returns the first; the last (current_)
  // marks the square past the floor, so that NeighbourOrEnd needs no test.
  uint32_t NextStamps(const Board& board, uint32_t count) {
    assert(static_cast<size_t>(board.size()) < stamp_.size());
    if (current_ > UINT32_MAX - count) {  // stamps wrapped: clear once every 2^32 fills
      std::fill(stamp_.begin(), stamp_.end(), 0);
      current_ = 0;
    }
    current_ += count;
    stamp_[board.size()] = current_;
    count_ = 0;
    min_ = second_ = kNoSquare;
    return current_ - count + 1;
  }

  template <bool kKeepMin>
  int Flood(const Board& board, const uint8_t* occupied, int start, int avoid = kNoSquare) {
    // The stamp, the arrays and the smallest squares in locals: a store to
    // a stamp could otherwise be taken to change current_, and force a load
    // of it for every neighbour. `second` is unsigned, kNoSquare the
    // largest, so one comparison keeps it.
    const uint32_t stamp = NextStamps(board, 1);
    uint32_t* const stamps = stamp_.data();
    Square* const queue = queue_.data();
    const uint16_t* const next = board.NeighboursOrEnd();
    if (avoid != kNoSquare) stamps[avoid] = stamp;
    int head = 0, tail = 0, min_sq = start;
    uint32_t second = static_cast<uint32_t>(kNoSquare);
    queue[tail++] = static_cast<Square>(start);
    stamps[start] = stamp;
    while (head < tail) {
      const uint16_t* around = next + 4 * queue[head++];
      for (int d = 0; d < 4; ++d) {
        const int to = around[d];
        if (stamps[to] == stamp || occupied[to]) continue;
        stamps[to] = stamp;
        queue[tail++] = static_cast<Square>(to);
        if (!kKeepMin) continue;
        if (to < min_sq) {
          second = static_cast<uint32_t>(min_sq);
          min_sq = to;
        } else if (static_cast<uint32_t>(to) < second) {
          second = static_cast<uint32_t>(to);
        }
      }
    }
    count_ = tail;
    min_ = kKeepMin ? min_sq : kNoSquare;
    second_ = kKeepMin ? static_cast<int>(second) : kNoSquare;
    return min_sq;
  }

  std::vector<uint32_t> stamp_;
  std::vector<Square> queue_;
  std::vector<Square> other_;  // SmallestDownTo's second fill, made on first use
  uint32_t current_ = 0;
  int count_ = 0;
  int min_ = 0, second_ = kNoSquare;
};

}  // namespace sokoban
