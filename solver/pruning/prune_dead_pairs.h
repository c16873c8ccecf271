// Pruning: no child in which the box just moved makes a dead pair with
// another box (solver/deadlock/dead_pairs.h). The table is the level's, shared by
// its push searches in fast mode, and used once built
// (LevelTables::dead_pairs(); the portfolio builds it for levels still
// open when the late members join, solver/portfolio/schedule.h).
#pragma once

#include "solver/deadlock/dead_pairs.h"
#include "solver/parts/level_tables.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class DeadPairPruning final : public ChildPruning {
 public:
  // `tables` must outlive this.
  explicit DeadPairPruning(const LevelTables& tables) : tables_(tables) {}

  Stage stage() const override { return kWithPlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    const DeadPairs* pairs = tables_.dead_pairs();
    return pairs && pairs->Matches(child.boxes, parent.board.box_count(), child.player, child.to);
  }

 private:
  const LevelTables& tables_;
};

}  // namespace sokoban
