// Pair conflicts: an admissible addition to the matching bound
// (LowerBound) for optimal mode.
//
// For two boxes on squares a and b, the player in area r of the board
// that holds these two boxes only, E(a, b, r -> g1, g2) is the fewest
// pushes that bring the box on a to goal g1 and the one on b to goal g2
// (the other boxes removed). It is at least dist(a, g1) + dist(b, g2), the
// distances of the matching, and more when the two boxes are in each
// other's way or one stands where the player must walk. The pair's penalty
// is the least excess over every pair of distinct goals:
//
//   penalty(a, b, r) = min over g1 != g2 of
//                      E(a, b, r -> g1, g2) - dist(a, g1) - dist(b, g2).
//
// Why it can be added to the matching: take any solution, and let s be the
// goal each box ends on. The pushes it makes on a and b are a solution of
// the two-box problem (removing boxes only frees the way), from the player's
// area in it, so they are at least dist(a, s(a)) + dist(b, s(b)) +
// penalty(a, b, r). Over pairs that share no box, with every other box at
// least its distance, the solution makes at least sum dist(x, s(x)) + the
// penalties, and sum dist(x, s(x)) is at least the matching's cost. So
//
//   h = matching + sum of the penalties of disjoint pairs
//
// never exceeds the pushes still needed. A pair that cannot put both boxes
// on goals at all (E infinite for every goal pair) makes the state dead.
//
// The table is built once per level by one breadth-first pull search per
// unordered pair of goals over all two-box positions (labelled boxes, the
// player's area), from the two boxes on those goals. Boards with more than
// kMaxSquares floor squares get no table (Enabled() is false).
//
//   PairPenalty pairs(board, bound);
//   int p = pairs.Penalty(boxes, player);   // kDead: a dead pair
#pragma once

#include <cstdint>
#include <vector>

#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"

namespace sokoban {

class PairPenalty {
 public:
  static constexpr int kDead = LowerBound::kDead;
  // The region table holds size()^3 bytes.
  static constexpr int kMaxSquares = 160;

  // bound gives the single-box distances, in `direction`. For a pull search
  // (Direction::kPull, `bidir`) the targets are the start squares and the
  // table counts pulls: the same construction with the moves reversed.
  // With `dead_only` the table tells dead pairs only (a pair that is not
  // dead has penalty 0), and is built by one breadth-first search from
  // every pair of goals at once over positions whose boxes carry no labels:
  // a position is dead when it is not reached from any (the excess of a
  // position reached is finite: the distances of its boxes are at most the
  // pushes of each).
  PairPenalty(const Board& board, const LowerBound& bound, Direction direction = Direction::kPush,
              bool dead_only = false);

  bool Enabled() const { return enabled_; }

  // The sum of the penalties of disjoint pairs of boxes (box_count() sorted
  // squares), the player on `player` (any square of its area), chosen
  // greedily, largest penalty first; kDead when some pair is dead.
  int Penalty(const Square* boxes, int player);

  // The penalty of one pair (a != b), the player on `player`; kDead for a
  // dead pair.
  int PairValue(int a, int b, int player) const;

  // Calls f(value, i, j) for each pair i < j of boxes (indices into
  // boxes) with a penalty, in order; false (stopping there) at a dead pair.
  template <class F>
  bool ForEachConflict(const Square* boxes, int player, F&& f) const {
    for (int i = 0; i < boxes_; ++i) {
      const size_t row = static_cast<size_t>(boxes[i]) * n_;
      for (int j = i + 1; j < boxes_; ++j) {
        if (max_pen_[row + boxes[j]] == 0) continue;
        const int value = PairValue(boxes[i], boxes[j], player);
        if (value == kDead) return false;
        if (value > 0) f(value, i, j);
      }
    }
    return true;
  }

  // Memory of the tables.
  size_t bytes() const;

 private:
  static constexpr uint8_t kNone = 0xFF;     // region of a box square
  static constexpr uint8_t kDeadPen = 0xFF;  // a dead pair
  size_t PairKey(int a, int b) const {       // a < b
    return static_cast<size_t>(a) * n_ + b;
  }
  int Region(int a, int b, int p) const {  // a < b
    return region_[PairKey(a, b) * n_ + p];
  }
  void BuildRegions(const Board& board);
  void Search(const Board& board, const LowerBound& bound, const std::vector<Square>& targets,
              int gi, int gj);
  // Calls f(which, p, other, key, r2) for each move from the position with
  // boxes on x and y and the player in area r: box `which` (0: the one on
  // x; a std::integral_constant) goes to p, `other` is the other box's square, key the pair (p,
  // other)'s PairKey and r2 the player's area after the move.
  template <class F>
  void ForEachMove(const Board& board, int x, int y, int r, F&& f) const;
  // The dead-only table's search (see the constructor).
  void SearchAll(const Board& board, const std::vector<Square>& targets);

  int n_ = 0;
  int boxes_ = 0;
  Direction direction_;
  bool enabled_ = false;
  std::vector<uint8_t> region_;   // (a * n + b) * n + p -> area of p, a < b
  std::vector<int32_t> offset_;   // a * n + b -> first slot of its areas
  std::vector<uint8_t> pen_;      // slot -> penalty (kDeadPen: dead)
  std::vector<uint8_t> max_pen_;  // a * n + b -> the largest over its areas
  std::vector<uint16_t> seen_;    // the search's pushes, per labelled slot
  std::vector<int32_t> queue_;
  struct Pick {
    int value, i, j;
  };
  std::vector<Pick> picks_;
  std::vector<uint8_t> used_;
};

}  // namespace sokoban
