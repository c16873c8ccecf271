// Evaluator: pair conflicts (solver/bound/pair_penalty.h) added to another
// evaluator's bound, with pathmax (the parent's bound less the pushes made
// is a bound too). Optimal mode: the push search, and the pull search of
// `bidir` (the table built the other way).
#pragma once

#include <memory>

#include "solver/bound/pair_penalty.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class PairConflicts final : public Evaluator {
 public:
  // `pairs` must be Enabled(), built for `direction`.
  PairConflicts(std::unique_ptr<Evaluator> inner, std::unique_ptr<PairPenalty> pairs,
                Direction direction = Direction::kPush)
      : inner_(std::move(inner)),
        pairs_(std::move(pairs)),
        pairs_bytes_(pairs_->bytes()),
        direction_(direction) {}

  int Root(const Square* boxes, int player) override;
  void SetParent(const Expansion& parent) override { inner_->SetParent(parent); }
  int Child(const Expansion& parent, const ChildView& child) override;
  void UseSlot(int slot) override { inner_->UseSlot(slot); }
  size_t bytes() const override { return inner_->bytes() + pairs_bytes_; }

 private:
  std::unique_ptr<Evaluator> inner_;
  std::unique_ptr<PairPenalty> pairs_;
  const size_t pairs_bytes_;  // its tables, built once
  const Direction direction_;
};

}  // namespace sokoban
