// Pruning: no child matching a deadlock pattern learned during search
// (solver/deadlock/learned_deadlocks.h) with a box on the square just filled (a
// pattern without it matched the parent already). The table is the
// level's, shared by its push searches in fast mode, and used once the
// learning has started (LevelTables::learning(), solver/portfolio/schedule.h) or the
// dead sets are in it (solver/deadlock/dead_sets.h).
#pragma once

#include "solver/deadlock/learned_deadlocks.h"
#include "solver/parts/level_tables.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class LearnedPruning final : public ChildPruning {
 public:
  // `tables` must outlive this.
  explicit LearnedPruning(const LevelTables& tables) : tables_(tables) {}

  Stage stage() const override { return kWithPlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    const LearnedDeadlocks* table = tables_.patterns();
    return table && table->Matches(parent.occupied.data(), child.player, child.to);
  }

 private:
  const LevelTables& tables_;
};

}  // namespace sokoban
