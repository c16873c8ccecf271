#include "solver/macro/advise_connectivity.h"

namespace sokoban {

int ConnectivityAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  return BestMove(ctx.moves, [&](const AdvisedMove& m) { return m.after.areas < before.areas; });
}

}  // namespace sokoban
