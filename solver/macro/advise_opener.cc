#include "solver/macro/advise_opener.h"

namespace sokoban {

int OpenerAdvisor::WorstHotspot(const Expansion& parent, const Hotspots& hotspots) const {
  if (hotspots.parent() == 0) return -1;
  const uint8_t* occupied = parent.occupied.data();
  int worst = -1, most = 0;
  for (int k = 0; k < board_.box_count(); ++k) {
    const int b = parent.boxes[k];
    int blocks = 0;
    for (int d = 0; d < 4; ++d) {
      const int n = board_.Neighbour(b, d);
      blocks += n != kNoSquare && occupied[n] && hotspots.Pinned(occupied, n);
    }
    if (blocks > most) worst = k, most = blocks;
  }
  return worst;
}

int OpenerAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  for (const AdvisedMove& m : ctx.moves) {
    if (m.after.packed > before.packed) return -1;
  }
  const int box = WorstHotspot(ctx.parent, ctx.features.hotspots());
  if (box < 0) return -1;
  int best = -1;
  for (int k = 0; k < static_cast<int>(ctx.moves.size()); ++k) {
    const AdvisedMove& m = ctx.moves[k];
    if (m.box != box || m.after.packed < before.packed || m.after.areas > before.areas ||
        m.after.links > before.links) {
      continue;
    }
    if (best < 0 || m.after.pinned < ctx.moves[best].after.pinned ||
        (m.after.pinned == ctx.moves[best].after.pinned && BetterMove(m, ctx.moves[best]))) {
      best = k;
    }
  }
  return best;
}

}  // namespace sokoban
