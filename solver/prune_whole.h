// Pruning before a push search's moves: a state proved dead by a search of
// the whole position (solver/whole_deadlock.h; `wholelearn`), its smallest
// dead set learned as a pattern of the level's table while the learning is
// on, so that the level's push searches prune its variants.
//
// A search of the whole position costs up to WholeDeadlock::kMaxNodes
// positions and most states are alive, so the check runs on few states: each
// expansion earns kCreditPerExpansion positions of credit, and a state is
// checked once the credit covers a whole search; the positions the check
// expands (shrinking included) are paid from it. Deterministic: the credit
// counts this search's own expansions and positions.
#pragma once

#include <cstdint>

#include "solver/board.h"
#include "solver/search_config.h"
#include "solver/search_parts.h"
#include "solver/whole_deadlock.h"

namespace sokoban {

class WholeLearnPruning final : public ExpansionPruning {
 public:
  // Positions of credit an expansion earns.
  static constexpr int64_t kCreditPerExpansion = 2;

  // `tables` (null: none) must outlive this.
  WholeLearnPruning(const Board& board, const LevelTables* tables)
      : whole_(board), tables_(tables) {}

  bool Keep(Expansion& parent) override {
    credit_ += kCreditPerExpansion;
    if (credit_ < WholeDeadlock::kMaxNodes) return true;
    if (tables_) whole_.ShareWith(tables_->learning());
    const bool dead =
        whole_.IsDead(parent.boxes.data(), static_cast<int>(parent.boxes.size()), parent.player);
    credit_ -= whole_.expanded();
    return !dead;
  }

 private:
  WholeDeadlock whole_;
  const LevelTables* tables_;
  int64_t credit_ = 0;
};

}  // namespace sokoban
