// Pruning: after a push onto a goal, no child whose boxes cannot all be
// matched to goals with the boxes frozen on goals taken as walls
// (solver/deadlock/frozen_goals.h). Push searches.
#pragma once

#include "solver/core/board.h"
#include "solver/deadlock/frozen_goals.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class FrozenGoalPruning final : public ChildPruning {
 public:
  explicit FrozenGoalPruning(const Board& board) : board_(board), frozen_goals_(board) {}

  Stage stage() const override { return kBeforePlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    return board_.IsGoal(child.to) &&
           frozen_goals_.IsDead(parent.occupied.data(), child.boxes, board_.box_count(), child.to);
  }
  bool HoldsMemory() const override { return true; }
  size_t bytes() const override { return frozen_goals_.bytes(); }

 private:
  const Board& board_;
  FrozenGoals frozen_goals_;
};

}  // namespace sokoban
