#include "solver/bound/pair_penalty.h"

#include <algorithm>
#include <type_traits>

#include "solver/core/reach.h"

namespace sokoban {

PairPenalty::PairPenalty(const Board& board, const LowerBound& bound, Direction direction,
                         bool dead_only)
    : n_(board.size()), boxes_(board.box_count()), direction_(direction) {
  const int goals = static_cast<int>(board.goals().size());
  if (n_ > kMaxSquares || goals < 2 || goals != boxes_) return;
  BuildRegions(board);
  if (!enabled_) return;
  const std::vector<Square>& targets =
      direction == Direction::kPush ? board.goals() : board.start_boxes();
  pen_.assign(offset_[static_cast<size_t>(n_) * n_], kDeadPen);
  if (dead_only) {
    SearchAll(board, targets);
  } else {
    for (int i = 0; i < goals; ++i) {
      for (int j = i + 1; j < goals; ++j) Search(board, bound, targets, i, j);
    }
  }
  max_pen_.assign(static_cast<size_t>(n_) * n_, 0);
  for (int a = 0; a < n_; ++a) {
    for (int b = a + 1; b < n_; ++b) {
      const size_t key = PairKey(a, b);
      for (int s = offset_[key]; s < offset_[key + 1]; ++s) {
        max_pen_[key] = std::max(max_pen_[key], pen_[s]);
      }
    }
  }
  seen_.clear();
  seen_.shrink_to_fit();
  queue_.clear();
  queue_.shrink_to_fit();
}

// The areas of the floor with boxes on a and b only, numbered per pair; the
// slots of each pair's areas follow one another.
void PairPenalty::BuildRegions(const Board& board) {
  region_.assign(static_cast<size_t>(n_) * n_ * n_, kNone);
  offset_.assign(static_cast<size_t>(n_) * n_ + 1, 0);
  std::vector<uint8_t> occupied(n_, 0);
  Reach reach(n_);
  int32_t slots = 0;
  for (int a = 0; a < n_; ++a) {
    for (int b = 0; b < n_; ++b) {
      const size_t key = PairKey(a, b);
      offset_[key] = slots;
      if (b <= a) continue;
      occupied[a] = occupied[b] = 1;
      uint8_t* region = &region_[key * n_];
      int areas = 0;
      for (int p = 0; p < n_; ++p) {
        if (occupied[p] || region[p] != kNone) continue;
        if (areas == kNone) {  // too many areas for a byte: no table
          region_.clear();
          return;
        }
        reach.Mark(board, occupied.data(), p);
        const Square* area = reach.squares();
        for (int k = 0; k < reach.count(); ++k) region[area[k]] = static_cast<uint8_t>(areas);
        ++areas;
      }
      occupied[a] = occupied[b] = 0;
      slots += areas;
    }
  }
  offset_[static_cast<size_t>(n_) * n_] = slots;
  enabled_ = true;
}

template <class F>
__attribute__((always_inline)) inline void PairPenalty::ForEachMove(const Board& board, int x,
                                                                    int y, int r, F&& f) const {
  const uint8_t* regions = region_.data();
  // The areas of the position's own pair of squares.
  const uint8_t* here = regions + PairKey(std::min(x, y), std::max(x, y)) * n_;
  // Box 0 moves, then box 1: `which` a constant for f.
  auto moves = [&](auto which) __attribute__((always_inline)) {
    const int box = which == 0 ? x : y, other = which == 0 ? y : x;
    for (int d = 0; d < 4; ++d) {
      // A pull: the player stands on p next to the box and steps back to
      // `back`; the box follows onto p. A push (kPull's table): the player
      // behind the box (on `back`, the other side) pushes it onto p and
      // stands where it was. The child's pair is (p, other): its areas
      // give r2.
      const int p = board.Neighbour(box, d);
      if (p == kNoSquare || p == other) continue;
      int player;
      if (direction_ == Direction::kPush) {
        if (here[p] != r) continue;
        const int back = board.Neighbour(p, d);
        if (back == kNoSquare || back == other) continue;
        player = back;
      } else {
        const int back = board.Neighbour(box, d ^ 2);
        if (back == kNoSquare || back == other || here[back] != r) continue;
        player = box;
      }
      const size_t key = PairKey(std::min(p, other), std::max(p, other));
      f(which, p, other, key, static_cast<int>(regions[key * n_ + player]));
    }
  };
  moves(std::integral_constant<int, 0>());
  moves(std::integral_constant<int, 1>());
}

// Breadth-first over pulls from box 0 on goal gi and box 1 on goal gj, the
// player in any area: the pushes from each two-box position to those goals.
// For Direction::kPull, over pushes from start squares gi and gj: the
// pulls from each position to them.
void PairPenalty::Search(const Board& board, const LowerBound& bound,
                         const std::vector<Square>& targets, int gi, int gj) {
  constexpr uint16_t kUnseen = 0xFFFF;
  const size_t slots = static_cast<size_t>(offset_[static_cast<size_t>(n_) * n_]);
  seen_.assign(slots * 2, kUnseen);
  queue_.clear();
  // A labelled position: box 0 on x, box 1 on y, the player in area r.
  // Both lambdas are inlined by force: left to itself the compiler calls
  // them (2% of the table's build).
  auto slot = [&](int x, int y, int r) __attribute__((always_inline))->size_t {
    const int lo = std::min(x, y), hi = std::max(x, y);
    return (static_cast<size_t>(offset_[PairKey(lo, hi)]) + r) * 2 + (x > y ? 1 : 0);
  };
  // The queue holds each position as its two squares (a byte each: n_ <=
  // kMaxSquares) and its area, and next to it its slot, so that taking it
  // needs neither a division nor the slot again.
  auto visit = [&](int x, int y, int r, size_t s, uint16_t pushes) __attribute__((always_inline)) {
    seen_[s] = pushes;
    queue_.push_back(x << 16 | y << 8 | r);
    queue_.push_back(static_cast<int32_t>(s));
  };
  const int x0 = targets[gi], y0 = targets[gj];
  const int lo = std::min(x0, y0), hi = std::max(x0, y0);
  for (int r = 0; r < offset_[PairKey(lo, hi) + 1] - offset_[PairKey(lo, hi)]; ++r) {
    if (const size_t s = slot(x0, y0, r); seen_[s] == kUnseen) visit(x0, y0, r, s, 0);
  }
  for (size_t head = 0; head < queue_.size(); head += 2) {
    const int code = queue_[head];
    const int r = code & 0xFF, x = code >> 16, y = code >> 8 & 0xFF;
    const uint16_t next = seen_[static_cast<uint32_t>(queue_[head + 1])] + 1;
    ForEachMove(
        board, x, y,
        r, [&](int which, int p, int other, size_t key, int r2) __attribute__((always_inline)) {
          // Box 0 is the moved box when which == 0, else `other`.
          const int flip = which == 0 ? p > other : other > p;
          const size_t s = (static_cast<size_t>(offset_[key]) + r2) * 2 + flip;
          // Most children were seen already: that test stays in the loop.
          if (seen_[s] != kUnseen) return;
          if (which == 0) {
            visit(p, y, r2, s, next);
          } else {
            visit(x, p, r2, s, next);
          }
        });
  }
  // Each labelled position's excess over the distances, for both ways of
  // sending its two boxes to these goals.
  for (int a = 0; a < n_; ++a) {
    for (int b = a + 1; b < n_; ++b) {
      const size_t key = PairKey(a, b);
      const int areas = offset_[key + 1] - offset_[key];
      for (int order = 0; order < 2; ++order) {
        // order 0: a goes to gi, b to gj (box 0 on a); order 1: the other way.
        const int x = order == 0 ? a : b, y = order == 0 ? b : a;
        const int dx = bound.distance(x, gi), dy = bound.distance(y, gj);
        if (dx == LowerBound::kUnreachable || dy == LowerBound::kUnreachable) continue;
        for (int r = 0; r < areas; ++r) {
          const uint16_t e = seen_[slot(x, y, r)];
          if (e == kUnseen) continue;
          const int excess =
              std::min(static_cast<int>(e) - dx - dy, static_cast<int>(kDeadPen) - 1);
          uint8_t& pen = pen_[offset_[key] + r];
          pen = static_cast<uint8_t>(std::min(static_cast<int>(pen), std::max(excess, 0)));
        }
      }
    }
  }
}

// The moves are Search's; the two boxes are told apart by their squares
// only (x < y), so that each position is one slot, reached or not.
void PairPenalty::SearchAll(const Board& board, const std::vector<Square>& targets) {
  const size_t slots = static_cast<size_t>(offset_[static_cast<size_t>(n_) * n_]);
  std::vector<uint8_t> seen(slots, 0);
  queue_.clear();
  const int goals = static_cast<int>(targets.size());
  for (int i = 0; i < goals; ++i) {
    for (int j = i + 1; j < goals; ++j) {
      const int lo = std::min(targets[i], targets[j]), hi = std::max(targets[i], targets[j]);
      const size_t key = PairKey(lo, hi);
      for (int s = offset_[key]; s < offset_[key + 1]; ++s) {
        if (seen[s]) continue;
        seen[s] = 1;
        queue_.push_back(lo << 16 | hi << 8 | (s - offset_[key]));
      }
    }
  }
  for (size_t head = 0; head < queue_.size(); ++head) {
    const int code = queue_[head];
    const int r = code & 0xFF, x = code >> 16, y = code >> 8 & 0xFF;
    ForEachMove(
        board, x, y,
        r, [&](int, int p, int other, size_t key, int r2) __attribute__((always_inline)) {
          const size_t s = static_cast<size_t>(offset_[key]) + r2;
          if (seen[s]) return;
          seen[s] = 1;
          queue_.push_back(std::min(p, other) << 16 | std::max(p, other) << 8 | r2);
        });
  }
  for (size_t s = 0; s < slots; ++s) {
    if (seen[s]) pen_[s] = 0;
  }
}

int PairPenalty::PairValue(int a, int b, int player) const {
  if (a > b) std::swap(a, b);
  const size_t key = PairKey(a, b);
  const uint8_t pen = pen_[offset_[key] + Region(a, b, player)];
  return pen == kDeadPen ? kDead : pen;
}

int PairPenalty::Penalty(const Square* boxes, int player) {
  picks_.clear();
  if (!ForEachConflict(boxes, player, [&](int value, int i, int j) {
        picks_.push_back({value, i, j});
      })) {
    return kDead;
  }
  if (picks_.empty()) return 0;
  // Largest first; ties by the boxes' order, so the sum is the same on
  // every run.
  std::sort(picks_.begin(), picks_.end(), [](const Pick& l, const Pick& r) {
    if (l.value != r.value) return l.value > r.value;
    return l.i != r.i ? l.i < r.i : l.j < r.j;
  });
  used_.assign(boxes_, 0);
  int sum = 0;
  for (const Pick& p : picks_) {
    if (used_[p.i] || used_[p.j]) continue;
    used_[p.i] = used_[p.j] = 1;
    sum += p.value;
  }
  return sum;
}

size_t PairPenalty::bytes() const {
  return region_.capacity() + offset_.capacity() * sizeof(int32_t) + pen_.capacity() +
         max_pen_.capacity();
}

}  // namespace sokoban
