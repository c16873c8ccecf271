// FESS's packing advisor (solver/macro/box_advice.h): of the moves that pack one
// more box (GoalRooms::Packed; with no goal rooms, put one more box on a
// goal), the best (BetterMove).
#pragma once

#include "solver/macro/box_advice.h"

namespace sokoban {

class PackingAdvisor final : public BoxMoveAdvisor {
 public:
  int Propose(AdviceContext& ctx) override;
};

}  // namespace sokoban
