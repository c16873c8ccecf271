// The least excess of a few boxes over their matching distances: the
// search behind the penalty patterns (solver/eval_penalty.h).
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
// solver/pair_penalty.h (pairs are the case k = 2): the pushes any solution
// makes on these boxes solve this smaller problem, for the assignment it
// ends in.
//
// The search is A* over labelled positions (boxes in the order given, the
// normalized player), each push (pull) costing 1, minimizing g - D(s) at a
// position with every box on a target (s read off the squares), under the
// admissible estimate H = sum over i of min over t of
// dist(y_i, t) - dist(x_i, t), y_i where box i now stands; states reached
// again with fewer pushes are opened again. Past its budget the answer is
// the least f left open (or of a position found on targets): still a lower
// bound on P. Pushes onto squares from which no target can be reached are
// not made.
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
#include <vector>

#include "solver/board.h"
#include "solver/lower_bound.h"
#include "solver/reach.h"
#include "solver/row_index.h"

namespace sokoban {

class PenaltySearch {
 public:
  static constexpr int kDead = LowerBound::kDead;

  struct Result {
    int penalty = 0;     // a lower bound on P; kDead: no assignment reachable
    bool exact = false;  // the search ran to its end: penalty is P
    int player = 0;      // normalized, with only the k boxes on the board
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
  struct Node {
    int parent;  // node index, -1 for the root
    int g;       // pushes from the root (the least found)
    int f;
    int8_t box;  // label moved from the parent
    int8_t dir;  // its direction
  };
  // Adds a node (squares in scratch_, its estimate h) unless one is held
  // with no more pushes; returns its index (or -1).
  int AddNode(int parent, int g, int h, int box, int dir);
  // Box i's part of H on square sq, or kDead.
  int BoxEstimate(int i, int sq) const;
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
  std::vector<Square> squares_;  // node * (k + 1): player, then the boxes
  std::vector<Node> nodes_;
  RowIndex table_;  // the nodes, by their squares
  std::vector<Square> scratch_;
  std::vector<uint8_t> occupied_, whole_;
  Reach reach_, child_reach_;
};

}  // namespace sokoban
