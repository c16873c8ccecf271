#include "solver/portfolio/cost_turns.h"

namespace sokoban {

MemberTerms TermsOf(ScheduleMember member) {
  // Costs: each member's median time an expansion alone on the hard
  // XSokoban levels, in tenths of a microsecond (bench/member_costs.py), so
  // that a share is a part of the level's time on any host. Shares: most of
  // the time to the box-moves member on levels large enough for it (more on
  // crowded ones, where the pull searches solve little but still meet it),
  // a fifth to the pull search, and the rest to the members that find what
  // the others miss; on levels too small for the box-moves member the first
  // search takes its part. Late shares (kFollowAfter on): on large levels
  // most to `roomsets`, on smaller ones to `ownopen`. The measurements behind
  // each number are in the commit that set it.
  switch (member) {
    case ScheduleMember::kFirst:
      return {.cost = 190, .share = 3, .late_share = 10, .small_share = 43, .small_late_share = 21};
    case ScheduleMember::kPull:
      return {.cost = 32, .share = 20, .late_share = 8, .crowded_share = 2};
    case ScheduleMember::kPlain:
      return {.cost = 85, .share = 1, .late_share = 1};
    case ScheduleMember::kOwnOpen:
      return {.cost = 150, .share = 7, .late_share = 1, .small_late_share = 29};
    case ScheduleMember::kUnlearned:
      return {.cost = 150, .share = 3, .late_share = 3};
    case ScheduleMember::kBoxMoves:
      return {.cost = 680, .share = 43, .late_share = 10, .crowded_share = 70};
    case ScheduleMember::kDeadSets:
      return {.cost = 200, .share = 6, .late_share = 5, .small_late_share = 11};
    case ScheduleMember::kPullPenalty:
      return {.cost = 54, .share = 16, .late_share = 3, .crowded_share = 2};
    case ScheduleMember::kRoomSets:
      return {.cost = 200, .share = 12, .late_share = 300};
  }
  return {.cost = 190, .share = 1, .late_share = 1};
}

void CostTurns::Add(ScheduleMember member, const std::vector<bool>& live) {
  Account added{0, 0, static_cast<uint32_t>(ExpansionCost(member)),
                static_cast<uint32_t>(WorkShare(member, boxes_) * kShareScale)};
  // Level with the least charged live member: work / share the same.
  const Account* least = nullptr;
  for (size_t k = 0; k < accounts_.size(); ++k) {
    if (k < live.size() && live[k] && (!least || Less(accounts_[k], *least))) {
      least = &accounts_[k];
    }
  }
  if (least) added.work = added.charged = least->charged * added.share / least->share;
  accounts_.push_back(added);
}

size_t CostTurns::Next(const std::vector<bool>& live) const {
  size_t best = accounts_.size();
  for (size_t k = 0; k < accounts_.size(); ++k) {
    if (live[k] && (best == accounts_.size() || Less(accounts_[k], accounts_[best]))) best = k;
  }
  return best;
}

}  // namespace sokoban
