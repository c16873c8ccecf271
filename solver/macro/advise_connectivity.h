// FESS's connectivity advisor (solver/macro/box_advice.h): of the moves that
// leave the free floor in fewer areas (FloorCuts), the best (BetterMove).
#pragma once

#include "solver/macro/box_advice.h"

namespace sokoban {

class ConnectivityAdvisor final : public BoxMoveAdvisor {
 public:
  int Propose(AdviceContext& ctx) override;
};

}  // namespace sokoban
