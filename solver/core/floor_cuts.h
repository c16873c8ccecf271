// Where one box cuts the free floor: one depth-first numbering of every
// area of free floor of a position (Tarjan's low points) answers, for a box
// put on any free square, into which pieces the floor then falls, in a few
// steps a query. The feature-space search numbers each position it expands
// once and reads from it, for every child, the number of areas and the
// player's normalized square (a box moved from one square to another frees
// the first and fills the second), and BoxMover reads from it which sides
// of a box the player can walk between while that box travels.
//
//   FloorCuts cuts(board);
//   cuts.Number(occupied);
//   int areas = cuts.AreasAfterMove(from, to);
//   int player = cuts.PlayerAfterMove(from, to, player_square);
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

class FloorCuts {
 public:
  explicit FloorCuts(const Board& board);

  // Numbers the free floor of the position (occupied[sq] != 0 marks boxes);
  // returns its number of areas. Each area's numbering starts from its
  // smallest square.
  int Number(const uint8_t* occupied);
  // The same, the boxes given as a list: boxes[0..count) are the squares
  // that occupied[] would mark, each once (no scan of the floor for them).
  int Number(const Square* boxes, int count);
  bool Free(int sq) const { return seen_[sq] == stamp_; }

  // The piece of the free square n once a box stands on the free square b
  // (n != b): a square naming it, the same for two squares iff the floor
  // left joins them. PieceMin gives its smallest square.
  int Piece(int b, int n) const {
    const int root = root_[b];
    if (root_[n] != root) return root_[n];
    if (in_[n] > in_[b] && in_[n] < end_[b]) {
      const int* around = &neighbours_[static_cast<size_t>(b) * 4];
      for (int d = 0; d < 4; ++d) {
        const int c = around[d];
        if (parent_[c] != b) continue;
        if (in_[c] <= in_[n] && in_[n] < end_[c]) return low_[c] >= in_[b] ? c : root;
      }
    }
    return root;
  }
  int PieceMin(int piece) const { return sub_min_[piece]; }
  // Piece(b, n) for a free neighbour n of b: a child of b in the numbering
  // is its own piece or the root's, with no look for the child that holds
  // it.
  int NeighbourPiece(int b, int n) const {
    if (parent_[n] == b) return low_[n] >= in_[b] ? n : root_[b];
    return Piece(b, n);
  }

  // After a box moved from `from` (a box now) to `to` (free now; any
  // square, not only a neighbour): the number of areas, and the smallest
  // square of the area of `player` (a free square then: `from` or another).
  int AreasAfterMove(int from, int to) const;
  int PlayerAfterMove(int from, int to, int player) const;

  // The sides of a box on b (a LURD bit set) whose free neighbours join the
  // one on `side`, the box that stood on `from` (a box now) having left it
  // for b. b == from is the position itself.
  int SidesWith(int b, int side, int from) const;

 private:
  // Number's two stages: takes the stamps for a numbering and blocks the
  // square off the board (returns the stamp that marks boxes); then, the
  // boxes marked with it, numbers the free floor.
  uint32_t Block();
  int Search(int boxes);
  // The pieces of the floor without b next to `from`, put in pieces[]
  // (distinct); returns their number.
  int PiecesAround(int from, int b, int* pieces) const;
  // The number of pieces the area of the free square b falls into with a
  // box on it.
  int Split(int b) const;

  const Board& board_;
  // Board::Neighbour with kNoSquare as board.size(), a square always
  // blocked in seen_.
  std::vector<int> neighbours_;
  // Search's walk: by square, its floor neighbours in LURD order with the
  // walls left out (the order Search would take them in, a wall adding
  // nothing), and how many there are.
  std::vector<int> adjacent_;
  std::vector<uint8_t> degree_;
  // By square (and the one off the board): the numbering's stamp when
  // searched (stamp_), one less for a box.
  std::vector<uint32_t> seen_;
  uint32_t stamp_ = 0;
  // By square: order of the visit, end of its subtree's orders, low point,
  // parent in the tree (-1 at a root, at a box and off the board, so that
  // parent_[c] == b says c is a free child of b), its area's root, its
  // subtree's smallest square.
  std::vector<int> in_, end_, low_, parent_, root_, sub_min_;
  // The depth-first stack: a square, its parent, its low point and its
  // subtree's smallest square so far, and the next direction to look at.
  struct Frame {
    int square, parent, low, sub_min, dir;
  };
  std::vector<Frame> stack_;
  int areas_ = 0;
};

}  // namespace sokoban
