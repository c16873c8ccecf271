#include "solver/macro_box_moves.h"

#include <algorithm>

namespace sokoban {

void BoxMovesMacro::AddMoves(Expansion& parent, std::vector<Move>* moves) {
  const int box_count = board_.box_count();
  const int areas = parent.NumberFloor();
  const FloorCuts& floor = *parent.floor();
  std::fill(tried_.begin(), tried_.end(), parent.restricted ? 0 : 1);
  if (parent.restricted) {
    for (const auto& [i, d] : parent.pushes) tried_[i] = 1;
  }
  for (int i = 0; i < box_count; ++i) {
    if (!tried_[i]) continue;
    const int from = parent.boxes[i];
    destinations_.clear();
    parent.mover.Destinations(parent.occupied, from, parent.reach, &floor, &destinations_);
    for (const BoxDestination& d : destinations_) {
      // One push away: the single pushes, which the search makes itself.
      if (d.pushes < 2) continue;
      const bool packs = !board_.IsGoal(from) && board_.IsGoal(d.to);
      if (!packs && floor.AreasAfterMove(from, d.to) >= areas) continue;
      moves->push_back({i, d.to, d.pushes, d.player_after, false});
    }
  }
}

}  // namespace sokoban
