#include "solver/floor_cuts.h"

#include <algorithm>
#include <cassert>

namespace sokoban {

FloorCuts::FloorCuts(const Board& board)
    : board_(board),
      seen_(board.size(), 0),
      in_(board.size(), 0),
      end_(board.size(), 0),
      low_(board.size(), 0),
      parent_(board.size(), -1),
      root_(board.size(), 0),
      sub_min_(board.size(), 0),
      stack_(board.size()),
      next_dir_(board.size()) {}

int FloorCuts::Number(const uint8_t* occupied) {
  if (++stamp_ == 0) {  // stamps wrapped: clear once every 2^32 numberings
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 1;
  }
  uint32_t* seen = seen_.data();
  int *in = in_.data(), *low = low_.data(), *parent = parent_.data();
  int *root = root_.data(), *sub_min = sub_min_.data();
  int next = 0;
  areas_ = 0;
  // Squares in floor order: each area's first is its smallest.
  for (int r = 0; r < board_.size(); ++r) {
    if (occupied[r] || seen[r] == stamp_) continue;
    ++areas_;
    seen[r] = stamp_;
    in[r] = low[r] = next++;
    parent[r] = -1;
    root[r] = sub_min[r] = r;
    int top = 0;
    stack_[top] = r;
    next_dir_[top++] = 0;
    while (top > 0) {
      const int sq = stack_[top - 1];
      int d = next_dir_[top - 1];
      int n = kNoSquare;
      for (; d < 4; ++d) {
        n = board_.Neighbour(sq, d);
        if (n == kNoSquare || occupied[n]) continue;
        if (seen[n] != stamp_) break;
        if (n != parent[sq]) low[sq] = std::min(low[sq], in[n]);
      }
      if (d < 4) {  // down to a new square
        next_dir_[top - 1] = static_cast<uint8_t>(d + 1);
        seen[n] = stamp_;
        in[n] = low[n] = next++;
        parent[n] = sq;
        root[n] = r;
        sub_min[n] = n;
        stack_[top] = n;
        next_dir_[top++] = 0;
        continue;
      }
      --top;
      end_[sq] = next;
      const int p = parent[sq];
      if (p >= 0) {
        low[p] = std::min(low[p], low[sq]);
        sub_min[p] = std::min(sub_min[p], sub_min[sq]);
      }
    }
  }
  return areas_;
}

int FloorCuts::Split(int b) const {
  // A root's children are pieces of their own; below the root, the children
  // whose subtrees reach no higher than b, and the rest with the root.
  int pieces = parent_[b] >= 0 ? 1 : 0;
  for (int d = 0; d < 4; ++d) {
    const int c = board_.Neighbour(b, d);
    if (c != kNoSquare && Free(c) && parent_[c] == b && low_[c] >= in_[b]) ++pieces;
  }
  return pieces;
}

int FloorCuts::PiecesAround(int from, int b, int* pieces) const {
  int count = 0;
  for (int d = 0; d < 4; ++d) {
    const int m = board_.Neighbour(from, d);
    if (m == kNoSquare || m == b || !Free(m)) continue;
    const int p = Piece(b, m);
    if (std::find(pieces, pieces + count, p) == pieces + count) pieces[count++] = p;
  }
  return count;
}

int FloorCuts::AreasAfterMove(int from, int to) const {
  assert(!Free(from) && Free(to));
  // The box on `to` takes it from its area, which falls into Split(to)
  // pieces; `from`, freed, joins the pieces around it into one area (or is
  // one alone).
  int pieces[4];
  const int joined = PiecesAround(from, to, pieces);
  return areas_ - 1 + Split(to) + 1 - joined;
}

int FloorCuts::PlayerAfterMove(int from, int to, int player) const {
  assert(!Free(from) && Free(to) && player != to && (player == from || Free(player)));
  int pieces[4];
  const int joined = PiecesAround(from, to, pieces);
  if (player != from) {
    const int own = Piece(to, player);
    if (std::find(pieces, pieces + joined, own) == pieces + joined) return PieceMin(own);
  }
  int least = from;
  for (int k = 0; k < joined; ++k) least = std::min(least, PieceMin(pieces[k]));
  return least;
}

int FloorCuts::SidesWith(int b, int side, int from) const {
  const int own_square = board_.Neighbour(b, side);
  int sides = 0;
  if (b == from) {
    for (int s = 0; s < 4; ++s) {
      const int n = board_.Neighbour(b, s);
      if (n != kNoSquare && Free(n) && root_[n] == root_[own_square]) sides |= 1 << s;
    }
    return sides;
  }
  // The floor without b, `from` freed: the pieces next to `from` are one
  // (named -1, as `from` itself).
  int pieces[4];
  const int joined = PiecesAround(from, b, pieces);
  auto group = [&](int n) {
    if (n == from) return -1;
    const int p = Piece(b, n);
    return std::find(pieces, pieces + joined, p) == pieces + joined ? p : -1;
  };
  const int own = group(own_square);
  for (int s = 0; s < 4; ++s) {
    const int n = board_.Neighbour(b, s);
    if (n != kNoSquare && (n == from || Free(n)) && group(n) == own) sides |= 1 << s;
  }
  return sides;
}

}  // namespace sokoban
