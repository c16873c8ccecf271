// Pruning before a push search's moves, on the position's corrals (areas
// of free floor the player cannot reach; Expansion::corrals):
//   PiCorralPruning       only the pushes into a PI-corral, or none
//                         (solver/deadlock/pi_corral.h)
//   CorralDeadlockPruning a corral none of whose boxes' pushes can open
//                         it or fill its goals (solver/deadlock/corral_deadlock.h)
#pragma once

#include <algorithm>

#include "solver/core/board.h"
#include "solver/deadlock/corral_deadlock.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/deadlock/pi_corral.h"
#include "solver/parts/level_tables.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class PiCorralPruning final : public ExpansionPruning {
 public:
  explicit PiCorralPruning(const Board& board) : pi_corral_(board) {}

  bool Keep(Expansion& parent) override {
    const PiCorral::Verdict corral =
        pi_corral_.Find(parent.occupied.data(), parent.reach, parent.corrals());
    if (corral == PiCorral::kDead) return false;
    if (corral == PiCorral::kFound) {
      parent.Restrict();
      for (const auto& [sq, d] : pi_corral_.pushes()) {
        const int i = static_cast<int>(
            std::lower_bound(parent.boxes.begin(), parent.boxes.end(), sq) - parent.boxes.begin());
        parent.pushes.emplace_back(i, d);
      }
    }
    return true;
  }

 private:
  PiCorral pi_corral_;
};

class CorralDeadlockPruning final : public ExpansionPruning {
 public:
  // Each corral proved dead becomes a pattern in the level's table of
  // learned patterns while `tables` (null: none) has the learning on
  // (LevelTables::learning()); `tables` must outlive this.
  // walls: the frozen goal boxes kept as walls (SearchSpec::corral_walls).
  CorralDeadlockPruning(const Board& board, const LevelTables* tables, bool walls)
      : corral_deadlock_(board, walls), tables_(tables) {}

  bool Keep(Expansion& parent) override {
    // The learning may start while the search runs (solver/portfolio/schedule.h).
    if (tables_) corral_deadlock_.ShareWith(tables_->learning());
    return !corral_deadlock_.IsDead(parent.occupied.data(), parent.reach, parent.player,
                                    parent.corrals());
  }
  bool HoldsMemory() const override { return true; }
  size_t bytes() const override { return corral_deadlock_.bytes(); }

 private:
  CorralDeadlock corral_deadlock_;
  const LevelTables* tables_;
};

}  // namespace sokoban
