#include "solver/macro/advise_hotspots.h"

namespace sokoban {

int HotspotsAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  return BestMove(ctx.moves, [&](const AdvisedMove& m) { return m.after.pinned < before.pinned; });
}

}  // namespace sokoban
