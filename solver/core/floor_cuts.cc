#include "solver/core/floor_cuts.h"

#include <algorithm>
#include <cassert>
#include <climits>

namespace sokoban {

FloorCuts::FloorCuts(const Board& board)
    : board_(board),
      neighbours_(static_cast<size_t>(board.size()) * 4),
      adjacent_(static_cast<size_t>(board.size()) * 4, board.size()),
      degree_(board.size(), 0),
      seen_(board.size() + 1, 0),
      in_(board.size() + 1, 0),
      end_(board.size(), 0),
      low_(board.size(), 0),
      parent_(board.size() + 1, -1),
      root_(board.size(), 0),
      sub_min_(board.size(), 0),
      stack_(board.size()) {
  for (int sq = 0; sq < board.size(); ++sq) {
    for (int d = 0; d < 4; ++d) {
      const int n = board.Neighbour(sq, d);
      neighbours_[static_cast<size_t>(sq) * 4 + d] = n == kNoSquare ? board.size() : n;
      if (n != kNoSquare) adjacent_[static_cast<size_t>(sq) * 4 + degree_[sq]++] = n;
    }
  }
}

uint32_t FloorCuts::Block() {
  if (stamp_ > UINT32_MAX - 2) {  // stamps wrapped: clear once every 2^31 numberings
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 0;
  }
  // Boxes and the square off the board get the first stamp, squares
  // searched the second: one test tells a square to search from the rest,
  // and the others' order (INT_MAX) never lowers a low point.
  const uint32_t blocked = ++stamp_;
  ++stamp_;
  const int n = board_.size();
  seen_[n] = blocked;
  in_[n] = INT_MAX;
  return blocked;
}

int FloorCuts::Number(const uint8_t* occupied) {
  const uint32_t blocked = Block();
  int boxes = 0;
  for (int sq = 0, n = board_.size(); sq < n; ++sq) {
    if (!occupied[sq]) continue;
    seen_[sq] = blocked;
    in_[sq] = INT_MAX;
    parent_[sq] = -1;
    ++boxes;
  }
  return Search(boxes);
}

int FloorCuts::Number(const Square* boxes, int count) {
  const uint32_t blocked = Block();
  for (int k = 0; k < count; ++k) {
    seen_[boxes[k]] = blocked;
    in_[boxes[k]] = INT_MAX;
    parent_[boxes[k]] = -1;
  }
  return Search(count);
}

int FloorCuts::Search(int boxes) {
  const int n = board_.size();
  const uint32_t stamp = stamp_, blocked = stamp_ - 1;
  uint32_t* seen = seen_.data();
  int *in = in_.data(), *low = low_.data(), *parent = parent_.data(), *end = end_.data();
  int *root = root_.data(), *sub_min = sub_min_.data();
  const int* adjacent = adjacent_.data();
  const uint8_t* degree = degree_.data();
  Frame* stack = stack_.data();
  // Squares in floor order: each area's first is its smallest. Once every
  // free square is numbered, no area is left.
  const int free = n - boxes;
  int next = 0;
  areas_ = 0;
  for (int r = 0; r < n && next < free; ++r) {
    if (seen[r] >= blocked) continue;
    ++areas_;
    seen[r] = stamp;
    in[r] = next++;
    parent[r] = -1;
    root[r] = r;
    // The square being searched, in registers; its ancestors on the stack.
    int top = 0;
    int sq = r, up = -1, lo = in[r], least = r, dir = 0, last = degree[r];
    for (;;) {
      if (dir < last) {
        const int c = adjacent[sq * 4 + dir++];
        if (seen[c] >= blocked) {
          if (c != up) lo = std::min(lo, in[c]);
          continue;
        }
        // Down to a new square.
        stack[top++] = {sq, up, lo, least, dir};
        seen[c] = stamp;
        in[c] = lo = next++;
        parent[c] = up = sq;
        root[c] = r;
        sq = least = c;
        dir = 0;
        last = degree[c];
        continue;
      }
      low[sq] = lo;
      sub_min[sq] = least;
      end[sq] = next;
      if (top == 0) break;
      const Frame& f = stack[--top];
      sq = f.square;
      up = f.parent;
      lo = std::min(lo, f.low);
      least = std::min(least, f.sub_min);
      dir = f.dir;
      last = degree[sq];
    }
  }
  return areas_;
}

int FloorCuts::Split(int b) const {
  // A root's children are pieces of their own; below the root, the children
  // whose subtrees reach no higher than b, and the rest with the root.
  int pieces = parent_[b] >= 0 ? 1 : 0;
  const int* around = &neighbours_[static_cast<size_t>(b) * 4];
  for (int d = 0; d < 4; ++d) {
    const int c = around[d];
    if (parent_[c] == b && low_[c] >= in_[b]) ++pieces;
  }
  return pieces;
}

int FloorCuts::PiecesAround(int from, int b, int* pieces) const {
  int count = 0;
  const int* around = &neighbours_[static_cast<size_t>(from) * 4];
  for (int d = 0; d < 4; ++d) {
    const int m = around[d];
    if (m == b || !Free(m)) continue;
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
    const int p = NeighbourPiece(b, n);
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
