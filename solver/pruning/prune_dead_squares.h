// Pruning: no box moved onto a dead square, one from which no goal can be
// reached (Board::IsDead) or, for a pull search, from which no start
// square can (LowerBound::Hopeless).
#pragma once

#include <vector>

#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class DeadSquarePruning final : public ChildPruning {
 public:
  // `bound` is the search's (its direction's distances); it is read here
  // only.
  DeadSquarePruning(const Board& board, Direction direction, const LowerBound& bound)
      : board_(board), direction_(direction), bound_(bound) {}

  Stage stage() const override { return kSquares; }
  void MarkDeadSquares(std::vector<uint8_t>& dead) const override {
    for (int sq = 0; sq < board_.size(); ++sq) {
      if (direction_ == Direction::kPush ? board_.IsDead(sq) : bound_.Hopeless(sq)) dead[sq] = 1;
    }
  }

 private:
  const Board& board_;
  const Direction direction_;
  const LowerBound& bound_;
};

}  // namespace sokoban
