#include "solver/eval/eval_pairs.h"

#include <algorithm>

namespace sokoban {

int PairConflicts::Root(const Square* boxes, int player) {
  const int h = inner_->Root(boxes, player);
  // A pull search's roots (the solved position, the player in each of its
  // areas) share the inner bound: the pair conflicts count from their
  // children on.
  if (h == kDead || direction_ == Direction::kPull) return h;
  const int penalty = pairs_->Penalty(boxes, player);
  return penalty == PairPenalty::kDead ? kDead : h + penalty;
}

int PairConflicts::Child(const Expansion& parent, const ChildView& child) {
  const int h = inner_->Child(parent, child);
  if (h == kDead) return h;
  const int penalty = pairs_->Penalty(child.boxes, child.player);
  // Pathmax: the parent's bound less the pushes made is a bound too.
  return penalty == PairPenalty::kDead ? kDead : std::max(h + penalty, parent.h - child.pushes);
}

}  // namespace sokoban
