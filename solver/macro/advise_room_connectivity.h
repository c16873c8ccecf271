// FESS's room-connectivity advisor (solver/macro/box_advice.h): of the moves
// that leave fewer links between rooms blocked (RoomConnectivity), the
// best (BetterMove).
#pragma once

#include "solver/macro/box_advice.h"

namespace sokoban {

class RoomConnectivityAdvisor final : public BoxMoveAdvisor {
 public:
  int Propose(AdviceContext& ctx) override;
};

}  // namespace sokoban
