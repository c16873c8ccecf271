#include "solver/eval/eval_matching.h"

namespace sokoban {

MatchingBound::MatchingBound(const Board& board, Direction direction, bool bipartite)
    : bound_(board, direction), direction_(direction), bipartite_(bipartite) {}

int MatchingBound::Root(const Square* boxes, int player) {
  (void)player;
  int h = bound_.Estimate(boxes);
  if (h == kDead && !bipartite_ && direction_ == Direction::kPush) h = bound_.NearestSum(boxes);
  return h;
}

int MatchingBound::Child(const Expansion& parent, const ChildView& child) {
  (void)parent;
  int h = bound_.EstimateMoved(child.box, child.to, child.pushes);
  if (h == kDead && !bipartite_) h = bound_.NearestSum(child.boxes);
  return h;
}

}  // namespace sokoban
