#include "solver/advise_explorer.h"

#include <algorithm>

namespace sokoban {

bool ExplorerAdvisor::LeavesUnreached(const Expansion& parent, int box, int to) const {
  const int from = parent.boxes[box];
  // New floor for the player comes only through `from`.
  for (int d = 0; d < 4; ++d) {
    const int n = board_.Neighbour(from, d);
    if (n != kNoSquare && n != to && !parent.occupied[n] && !parent.reach.Reached(n)) return true;
  }
  return false;
}

bool ExplorerAdvisor::OpensPushes(Expansion& parent, int box, int to, int player_after) {
  if (!LeavesUnreached(parent, box, to) || !MayOpen(parent, box)) return false;
  const int from = parent.boxes[box];
  std::vector<uint8_t>& occupied = parent.occupied;
  occupied[from] = 0;
  occupied[to] = 1;
  reach_.Fill(board_, occupied.data(), player_after);
  const bool opens = NewPush(parent, box);
  occupied[to] = 0;
  occupied[from] = 1;
  return opens;
}

bool ExplorerAdvisor::NewPush(const Expansion& parent, int box) const {
  const std::vector<uint8_t>& occupied = parent.occupied;
  for (int k = 0; k < board_.box_count(); ++k) {
    if (k == box) continue;
    const int b = parent.boxes[k];
    for (int d = 0; d < 4; ++d) {
      const int ahead = board_.Neighbour(b, d), behind = board_.Neighbour(b, d ^ 2);
      if (ahead == kNoSquare || behind == kNoSquare || occupied[ahead] || board_.IsDead(ahead)) {
        continue;
      }
      if (reach_.Reached(behind) && !parent.reach.Reached(behind)) return true;
    }
  }
  return false;
}

bool ExplorerAdvisor::MayOpen(Expansion& parent, int box) {
  int8_t& known = may_open_[box];
  if (known < 0) {
    const int from = parent.boxes[box];
    parent.occupied[from] = 0;
    reach_.Fill(board_, parent.occupied.data(), parent.player);
    known = NewPush(parent, box);
    parent.occupied[from] = 1;
  }
  return known;
}

int ExplorerAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  may_open_.assign(board_.box_count(), -1);
  // The moves best first: the first that opens pushes is the proposal.
  // Only the moves whose box leaves a square next to floor the player
  // cannot reach are sorted: the others cannot open pushes, and a stable
  // sort keeps the rest in the order a sort of all would give them.
  order_.clear();
  for (int k = 0; k < static_cast<int>(ctx.moves.size()); ++k) {
    const AdvisedMove& m = ctx.moves[k];
    if (m.after.packed >= before.packed && LeavesUnreached(ctx.parent, m.box, m.dest.to)) {
      order_.push_back(k);
    }
  }
  std::stable_sort(order_.begin(), order_.end(),
                   [&](int a, int b) { return BetterMove(ctx.moves[a], ctx.moves[b]); });
  for (int k : order_) {
    const AdvisedMove& m = ctx.moves[k];
    if (OpensPushes(ctx.parent, m.box, m.dest.to, m.dest.player_after)) return k;
  }
  return -1;
}

}  // namespace sokoban
