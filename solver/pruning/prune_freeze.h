// Pruning: no push that freezes a box off its goal (solver/deadlock/freeze.h). Push
// searches.
#pragma once

#include "solver/core/board.h"
#include "solver/deadlock/freeze.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class FreezePruning final : public ChildPruning {
 public:
  explicit FreezePruning(const Board& board) : board_(board) {}

  Stage stage() const override { return kBeforePlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    return IsFreezeDeadlock(board_, parent.occupied.data(), child.to);
  }

 private:
  const Board& board_;
};

}  // namespace sokoban
