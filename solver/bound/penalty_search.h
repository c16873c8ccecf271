// The least excess of a few boxes over their matching distances: the
// search behind the penalty patterns (solver/eval/eval_penalty.h).
//
// Take boxes x_1..x_k of a position, each keeping its identity, with every
// other box taken off the board, and the player in its area there. For an
// assignment s of the boxes to distinct targets (the goals; the start
// squares for a pull search), let E(s) be the fewest pushes (pulls) that
// bring each x_i onto s(x_i), and D(s) the sum of LowerBound's distances
// dist(x_i, s(x_i)). The boxes' penalty is
//
//   P = min over s of E(s) - D(s)        (>= 0: each distance is a bound)
//
// and no assignment with a finite E means the boxes are dead. Why P may be
// added to the matching bound, over disjoint sets of boxes, is told in
// solver/bound/pair_penalty.h (pairs are the case k = 2): the pushes any solution
// makes on these boxes solve this smaller problem, for the assignment it
// ends in.
//
// The search is A* over labelled positions (boxes in the order given, the
// player's area), each push (pull) costing 1, minimizing g - D(s) at a
// position with every box on a target (s read off the squares), under the
// admissible estimate H = sum over i of min over t of
// dist(y_i, t) - dist(x_i, t), y_i where box i now stands; states reached
// again with fewer pushes are opened again. Past its budget the answer is
// the least f left open (or of a position found on targets): still a lower
// bound on P. Pushes onto squares from which no target can be reached are
// not made.
//
// A position keeps any square of the player's area, not its smallest, and
// the area itself (bits) once expanded, worked out from its parent's when
// the moved box cannot cut that (its ring of free squares joins) and no
// other area joins it, else by a fill. Only positions with the same boxes
// are compared: their areas are the same when the child's area (worked out
// so) holds the other's square, else when the other's area, if known,
// holds the child's player, else when fills from both squares meet before
// one runs out. Most children need no fill at all.
//
// After a search whose best assignment costs nothing more (P = 0), the
// pushes of that solution are replayed on the whole position: the first
// box of the position (not among the k) that stands where a box must go or
// keeps the player from where it must stand is a conflict, which the
// caller may add to the set and search again (Rolling Stone's
// conflict-driven pattern search).
//
//   PenaltySearch search(board, bound, Direction::kPush);
//   PenaltySearch::Result r = search.Run(boxes, k, player, occupied, 2000);
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/core/row_index.h"

namespace sokoban {

class PenaltySearch {
 public:
  static constexpr int kDead = LowerBound::kDead;

  struct Result {
    int penalty = 0;     // a lower bound on P; kDead: no assignment reachable
    bool exact = false;  // the search ran to its end: penalty is P
    int expanded = 0;    // positions expanded
    // With penalty 0: boxes of the whole position the best solution runs
    // into (see above); empty when it replays or none was found.
    std::vector<Square> conflicts;
  };

  // bound: the distances of `direction` (targets: goals, or start squares
  // for kPull).
  PenaltySearch(const Board& board, const LowerBound& bound, Direction direction);

  // Searches boxes[0..k) (distinct, k >= 1), the player on `player`. When
  // `whole` is not null it marks every box of the whole position (these
  // among them), for the conflicts. Expands at most max_nodes positions.
  Result Run(const Square* boxes, int k, int player, const uint8_t* whole, int max_nodes);

 private:
  // Layout (24 bytes): the links, the pushes, the estimate, the area once
  // expanded, then a square of the player's area and the move that made it.
  struct Node {
    int parent;  // node index, -1 for the root
    int g;       // pushes from the root (the least found)
    int f;
    int same;       // the next node with the same boxes (another area), -1
    int area;       // its area's slot in areas_ once expanded, -1 before
    Square player;  // any square of the player's area
    int8_t box;     // label moved from the parent
    int8_t dir;     // its direction
  };
  static_assert(sizeof(Node) == 24);
  // Adds the node of the boxes in scratch_ (occupied_ marking them), the
  // player on `player`, estimate h, unless one is held with no more pushes;
  // returns its index (or -1). A child's `to` is the square its move put a
  // box on, its parent's area in slot parent_area_ (kNoSquare: the root).
  int AddNode(int parent, int g, int h, int box, int dir, int player, int to);
  // The player's area from `start` (the boxes marked in occupied_) into
  // bits (words_ of them), by a fill.
  void FillArea(int start, uint64_t* bits);
  // The same, when it follows from the area `before` of the position before
  // the box on `from` moved to `to` (occupied_ marking the boxes after it);
  // false when it does not.
  bool DeriveArea(const uint64_t* before, int from, int to, uint64_t* bits) const;
  const uint64_t* Area(int slot) const { return &areas_[static_cast<size_t>(slot) * words_]; }
  static bool Bit(const uint64_t* bits, int sq) {
    return bits[static_cast<unsigned>(sq) / 64] >> (static_cast<unsigned>(sq) % 64) & 1;
  }
  // Box i's part of H on square sq, or kDead (kept for the run).
  int BoxEstimate(int i, int sq);
  bool OnTargets(const Square* squares, int* value_d) const;
  void Conflicts(int last, const Square* boxes, int player, const uint8_t* whole,
                 std::vector<Square>* out);

  const Board& board_;
  const LowerBound& bound_;
  const Direction direction_;
  std::vector<int> target_of_;  // square -> target index, -1
  int targets_ = 0;
  int k_ = 0;
  std::vector<int> start_dist_;  // label * targets_ + t: dist(x_label, t) or -1
  std::vector<int> estimate_;    // label * board size + square: BoxEstimate, or kUnknown
  std::vector<Square> squares_;  // node * k: the boxes
  std::vector<Node> nodes_;
  const size_t words_;                           // of an area: a bit per square
  std::vector<uint64_t> areas_;                  // slot * words_: the areas of the nodes expanded
  int parent_area_ = -1;                         // the slot of the node being expanded
  std::vector<uint64_t> child_area_;             // AddNode's
  RowIndex table_;                               // the first node of each set of box squares
  std::vector<std::tuple<int, int, int>> open_;  // a heap: f, -g, node
  std::vector<Square> scratch_, node_;
  std::vector<int> parts_;
  std::vector<uint8_t> occupied_;
  std::vector<uint8_t> whole_;
  Reach reach_, child_reach_;
};

}  // namespace sokoban
