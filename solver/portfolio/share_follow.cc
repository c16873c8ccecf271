#include "solver/portfolio/share_follow.h"

#include <algorithm>

namespace sokoban {

namespace {

// The pull searches keep their shares when push members stop.
bool Pull(ScheduleMember member) {
  return member == ScheduleMember::kPull || member == ScheduleMember::kPullPenalty;
}

}  // namespace

void ShareFollow::Update(std::span<const ScheduleMember> members, const std::vector<bool>& live,
                         uint64_t expanded, CostTurns& turns) {
  const bool late = expanded >= kFollowAfter;
  if (live == live_ && late == late_) return;
  live_ = live;
  late_ = late;
  if (!late && std::find(live.begin(), live.end(), false) == live.end()) return;
  // Member k's share now, in per cent.
  auto share_of = [&](size_t k) -> uint64_t {
    return late ? LateShare(members[k], turns.boxes()) : WorkShare(members[k], turns.boxes());
  };
  uint64_t push_all = 0, push_live = 0;
  for (size_t k = 0; k < members.size(); ++k) {
    if (Pull(members[k])) continue;
    const uint64_t share = share_of(k);
    push_all += share;
    if (live[k]) push_live += share;
  }
  for (size_t k = 0; k < members.size(); ++k) {
    uint64_t share = share_of(k) * kShareScale;
    if (!Pull(members[k]) && live[k] && push_live) {
      share = share * push_all / push_live;
    }
    turns.SetShare(k, static_cast<uint32_t>(std::max<uint64_t>(share, 1)));
  }
}

}  // namespace sokoban
