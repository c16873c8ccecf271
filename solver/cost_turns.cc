#include "solver/cost_turns.h"

namespace sokoban {

int ExpansionCost(ScheduleMember member) {
  switch (member) {
    case ScheduleMember::kPull:
      return 3;
    case ScheduleMember::kPlain:
      return 6;
    case ScheduleMember::kBoxMoves:
      return 11;
    default:  // the feature-space searches
      return 7;
  }
}

int WorkShare(ScheduleMember member) {
  switch (member) {
    case ScheduleMember::kFirst:
      return kFirstShare;
    case ScheduleMember::kPull:
      return kPullShare;
    case ScheduleMember::kPlain:
      return kPlainShare;
    case ScheduleMember::kOpen:
    case ScheduleMember::kOwnOpen:
      return kOpenShare;
    case ScheduleMember::kUnlearned:
      return kUnlearnedShare;
    case ScheduleMember::kBoxMoves:
      return kBoxMovesShare;
    case ScheduleMember::kDeadSets:
      return kDeadSetsShare;
  }
  return 1;
}

void CostTurns::Add(ScheduleMember member, const std::vector<bool>& live) {
  Account added{0, 0, static_cast<uint32_t>(ExpansionCost(member)),
                static_cast<uint32_t>(WorkShare(member) * kShareScale)};
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
