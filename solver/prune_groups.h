// Pruning: no child in which the box just moved belongs to a dead group of
// touching boxes (solver/group_deadlock.h; `deadscan`). Push searches of
// fast mode; each dead group becomes a pattern of the level's table of
// learned patterns while the learning is on (a pattern without the moved
// box matched the parent already).
#pragma once

#include "solver/board.h"
#include "solver/group_deadlock.h"
#include "solver/search_config.h"
#include "solver/search_parts.h"

namespace sokoban {

class GroupPruning final : public ChildPruning {
 public:
  // `tables` (null: none) must outlive this.
  GroupPruning(const Board& board, const LevelTables* tables) : groups_(board), tables_(tables) {}

  Stage stage() const override { return kWithPlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    if (tables_) groups_.ShareWith(tables_->learning());
    return groups_.IsDead(parent.occupied.data(), child.to, child.player);
  }
  bool HoldsMemory() const override { return true; }
  size_t bytes() const override { return groups_.bytes(); }

 private:
  GroupDeadlock groups_;
  const LevelTables* tables_;
};

}  // namespace sokoban
