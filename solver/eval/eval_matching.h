// Evaluator: the matching bound (solver/bound/lower_bound.h), the cost of a
// minimum-cost perfect matching of the boxes to the goals (the start
// squares for a pull search). With `bipartite` a state with no perfect
// matching is dead; without it such a state gets the sum of nearest-goal
// distances instead (a pull search's roots keep the matching's verdict).
#pragma once

#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class MatchingBound final : public Evaluator {
 public:
  MatchingBound(const Board& board, Direction direction, bool bipartite);

  // The distances, for parts built on them (dead squares of a pull search,
  // pair conflicts).
  const LowerBound& bound() const { return bound_; }

  int Root(const Square* boxes, int player) override;
  void SetParent(const Expansion& parent) override { bound_.SetParent(parent.boxes.data()); }
  int Child(const Expansion& parent, const ChildView& child) override;
  void UseSlot(int slot) override { bound_.UseSlot(slot); }
  size_t bytes() const override { return bound_.bytes(); }

 private:
  LowerBound bound_;
  const Direction direction_;
  const bool bipartite_;
};

}  // namespace sokoban
