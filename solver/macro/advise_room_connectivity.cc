#include "solver/macro/advise_room_connectivity.h"

namespace sokoban {

int RoomConnectivityAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  return BestMove(ctx.moves, [&](const AdvisedMove& m) { return m.after.links < before.links; });
}

}  // namespace sokoban
