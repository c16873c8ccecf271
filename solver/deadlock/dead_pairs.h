// Dead pairs of boxes, for fast mode.
//
// Two boxes, the player in an area of the board that holds only those two,
// from which no sequence of pushes puts both on distinct goals: every
// position holding those two boxes, with the player in that area, is dead
// (a solution, cut down to the two boxes, would be such a sequence; fewer
// boxes never block a walk or a push). The table is PairPenalty's dead-only
// one (one breadth-first pull search from every pair of goals at once over
// all two-box positions, built once per level). It cost up to a second on
// large levels with a search per pair of goals, so Solve builds it only for
// levels still open
// after kPlainAfter expansions (solver/portfolio/schedule.h), and the level's push
// searches share it.
//
//   DeadPairs pairs(board);
//   if (pairs.Enabled() && pairs.Matches(boxes, count, player, moved)) { /* prune */ }
#pragma once

#include "solver/bound/lower_bound.h"
#include "solver/bound/pair_penalty.h"
#include "solver/core/board.h"

namespace sokoban {

class DeadPairs {
 public:
  explicit DeadPairs(const Board& board);

  // False on boards PairPenalty takes no table for (too many squares, or
  // fewer than two goals, or as many boxes as goals not).
  bool Enabled() const { return pairs_.Enabled(); }

  // Whether the box on `moved` and another of boxes[0..count) (any order,
  // `moved` among them) make a dead pair, the player on `player` (any
  // square of its area).
  bool Matches(const Square* boxes, int count, int player, int moved) const;

  size_t bytes() const { return pairs_.bytes(); }

 private:
  LowerBound bound_;
  PairPenalty pairs_;
};

}  // namespace sokoban
