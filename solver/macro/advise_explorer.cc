#include "solver/macro/advise_explorer.h"

#include <algorithm>
#include <cassert>

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

bool ExplorerAdvisor::LeavesUnreachedKnown(const Expansion& parent, int box, int to) {
  int8_t& count = unreached_count_[box];
  if (count < 0) {
    const int from = parent.boxes[box];
    count = 0;
    for (int d = 0; d < 4; ++d) {
      const int n = board_.Neighbour(from, d);
      if (n != kNoSquare && !parent.occupied[n] && !parent.reach.Reached(n)) {
        ++count;
        unreached_one_[box] = n;
      }
    }
  }
  return count > 1 || (count == 1 && unreached_one_[box] != to);
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
  if (known >= 0) return known;
  const int from = parent.boxes[box];
  std::vector<uint8_t>& occupied = parent.occupied;
  // With the box gone the player's area grows only when `from` is next to
  // it, by the free floor joined to `from` that it cannot reach now: a
  // walk over that alone, instead of a fill of the whole area.
  bool next_to_area = false;
  for (int d = 0; d < 4 && !next_to_area; ++d) {
    const int n = board_.Neighbour(from, d);
    next_to_area = n != kNoSquare && parent.reach.Reached(n);
  }
  known = 0;
  if (!next_to_area) return false;
  if (++stamp_ == 0) {
    std::fill(new_floor_.begin(), new_floor_.end(), 0);
    stamp_ = 1;
  }
  occupied[from] = 0;
  stack_.assign(1, from);
  new_floor_[from] = stamp_;
  while (!stack_.empty() && !known) {
    const int sq = stack_.back();
    stack_.pop_back();
    for (int d = 0; d < 4; ++d) {
      const int n = board_.Neighbour(sq, d);
      if (n == kNoSquare) continue;
      if (occupied[n]) {
        // A push of the box on n from sq, which the player cannot reach now.
        const int ahead = board_.Neighbour(n, d);
        if (ahead != kNoSquare && !occupied[ahead] && !board_.IsDead(ahead)) {
          known = 1;
          break;
        }
        continue;
      }
      if (parent.reach.Reached(n) || new_floor_[n] == stamp_) continue;
      new_floor_[n] = stamp_;
      stack_.push_back(n);
    }
  }
  occupied[from] = 1;
#ifndef NDEBUG
  occupied[from] = 0;
  reach_.Fill(board_, occupied.data(), parent.player);
  assert(known == NewPush(parent, box));
  occupied[from] = 1;
#endif
  return known;
}

int ExplorerAdvisor::Propose(AdviceContext& ctx) {
  const AdviceValues& before = ctx.features.parent();
  may_open_.assign(board_.box_count(), -1);
  unreached_count_.assign(board_.box_count(), -1);
  unreached_one_.resize(board_.box_count());
  // The moves best first: the first that opens pushes is the proposal.
  // Only the moves whose box leaves a square next to floor the player
  // cannot reach are sorted: the others cannot open pushes, and a stable
  // sort keeps the rest in the order a sort of all would give them.
  order_.clear();
  for (int k = 0; k < static_cast<int>(ctx.moves.size()); ++k) {
    const AdvisedMove& m = ctx.moves[k];
    const bool leaves =
        m.after.packed >= before.packed && LeavesUnreachedKnown(ctx.parent, m.box, m.dest.to);
    assert(leaves ==
           (m.after.packed >= before.packed && LeavesUnreached(ctx.parent, m.box, m.dest.to)));
    if (leaves) order_.push_back(k);
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
