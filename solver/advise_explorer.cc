#include "solver/advise_explorer.h"

namespace sokoban {

bool ExplorerAdvisor::OpensPushes(Expansion& parent, int box, int to, int player_after) {
  const int from = parent.boxes[box];
  std::vector<uint8_t>& occupied = parent.occupied;
  // New floor for the player comes only through `from`.
  bool unreached = false;
  for (int d = 0; d < 4 && !unreached; ++d) {
    const int n = board_.Neighbour(from, d);
    unreached = n != kNoSquare && n != to && !occupied[n] && !parent.reach.Reached(n);
  }
  if (!unreached) return false;
  occupied[from] = 0;
  occupied[to] = 1;
  reach_.Fill(board_, occupied.data(), player_after);
  bool opens = false;
  for (int k = 0; k < board_.box_count() && !opens; ++k) {
    if (k == box) continue;
    const int b = parent.boxes[k];
    for (int d = 0; d < 4 && !opens; ++d) {
      const int ahead = board_.Neighbour(b, d), behind = board_.Neighbour(b, d ^ 2);
      if (ahead == kNoSquare || behind == kNoSquare || occupied[ahead] || board_.IsDead(ahead)) {
        continue;
      }
      opens = reach_.Reached(behind) && !parent.reach.Reached(behind);
    }
  }
  occupied[to] = 0;
  occupied[from] = 1;
  return opens;
}

int ExplorerAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  int best = -1;
  for (int k = 0; k < static_cast<int>(ctx.moves.size()); ++k) {
    const AdvisedMove& m = ctx.moves[k];
    if (m.after.packed < before.packed) continue;
    // The fill only for a move that would be the best.
    if (best >= 0 && !BetterMove(m, ctx.moves[best])) continue;
    if (OpensPushes(ctx.parent, m.box, m.dest.to, m.dest.player_after)) best = k;
  }
  return best;
}

}  // namespace sokoban
