#include "solver/cost_turns.h"

namespace sokoban {

MemberTerms TermsOf(ScheduleMember member) {
  // XSokoban at 20 s a level: 69 solved against 65 by rounds (gains 14, 16,
  // 19, 30; 44, solved in 18.8 s with pull 35%, first 20%, own open 14%,
  // dead sets 10%, is lost). The box-moves member needs its share: with 1%
  // (pull 45%, first 22%) 24, which only the box-moves member solves, was
  // lost. The late shares go mostly to `ownopen` (XSokoban 44).
  // `penpull`'s member (the pull search with penalty patterns; about
  // 46,000 instructions an expansion from its 10,000th when its cost was
  // set, 270,000-350,000 in its first 10,000 while its patterns are
  // learned; 32,855 since the penalty search got cheaper, on XSokoban 11,
  // its cost left at 5 so that its turns stay as measured) takes its 14 from
  // the push members the levels near the limit need least (first 18 to 11,
  // `ownopen` 11 to 8, dead sets 8 to 5, unlearned 2 to 1): the pull
  // search's 42 and the box-moves member's 18 stay, so that XSokoban 14,
  // 16, 19 and 45 are solved in the same cost units as without it (with the
  // box-moves member at 14, 16 took 1.39 times the units), and 87 within
  // the units the portfolio without it spends in 20 s.
  switch (member) {
    case ScheduleMember::kFirst:
      return {.cost = 7, .share = 11, .late_share = 20};
    case ScheduleMember::kPull:
      return {.cost = 3, .share = 42, .late_share = 20};
    case ScheduleMember::kPlain:
      return {.cost = 6, .share = 1, .late_share = 1};
    case ScheduleMember::kOpen:
    case ScheduleMember::kOwnOpen:
      return {.cost = 7, .share = 8, .late_share = 35};
    case ScheduleMember::kUnlearned:
      return {.cost = 7, .share = 1, .late_share = 4};
    case ScheduleMember::kBoxMoves:
      return {.cost = 11, .share = 18, .late_share = 10};
    case ScheduleMember::kDeadSets:
      return {.cost = 7, .share = 5, .late_share = 10};
    case ScheduleMember::kPullPenalty:
      return {.cost = 5, .share = 14, .late_share = 5};
  }
  return {.cost = 7, .share = 1, .late_share = 1};
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
