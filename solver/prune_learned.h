// Pruning: no child matching a deadlock pattern learned during search
// (solver/learned_deadlocks.h) with a box on the square just filled (a
// pattern without it matched the parent already). The table is the
// level's, shared by its push searches in fast mode.
#pragma once

#include "solver/learned_deadlocks.h"
#include "solver/search_parts.h"

namespace sokoban {

class LearnedPruning final : public ChildPruning {
 public:
  // `table` must outlive this.
  explicit LearnedPruning(const LearnedDeadlocks* table) : table_(table) {}

  Stage stage() const override { return kWithPlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    return table_->Matches(parent.occupied.data(), child.player, child.to);
  }

 private:
  const LearnedDeadlocks* table_;
};

}  // namespace sokoban
