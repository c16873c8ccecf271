#include "solver/macro/advise_packing.h"

namespace sokoban {

int PackingAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  return BestMove(ctx.moves, [&](const AdvisedMove& m) { return m.after.packed > before.packed; });
}

}  // namespace sokoban
