// FESS's hotspots advisor (solver/macro/box_advice.h): of the moves that leave
// fewer boxes pinned by other boxes (Hotspots: a box next to a pinned box
// is a hotspot), the best (BetterMove).
#pragma once

#include "solver/macro/box_advice.h"

namespace sokoban {

class HotspotsAdvisor final : public BoxMoveAdvisor {
 public:
  int Propose(AdviceContext& ctx) override;
};

}  // namespace sokoban
