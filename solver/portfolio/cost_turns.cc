#include "solver/portfolio/cost_turns.h"

namespace sokoban {

MemberTerms TermsOf(ScheduleMember member) {
  // Costs: each member's median time an expansion, in tenths of a
  // microsecond, alone on the 25 XSokoban levels that take the portfolio
  // more than a second (bench/member_costs.py): the feature-space search
  // 19.2, the pull search 3.2, the A*-ordered one 8.5, `ownopen` 14.8, the
  // one without the shared tables 15.0, the box-moves member with penalty
  // patterns 67.8 (the row of kBoxMoves; the box-moves member without them,
  // off by default, is charged the same), the dead-sets member 20.3, the
  // pull search with penalty patterns 5.4. A share is then the member's part
  // of the level's time. The costs set before by instructions on XSokoban 11
  // (7, 3, 6, 7, 7, 11, 7 and 5) charged the box-moves member 1.6 times the
  // feature-space search for 3.5 times its time: it took about 47% of the
  // time, the pull search with penalty patterns about 6%.
  // Alone, within 10 s: the pull search with penalty patterns solves
  // XSokoban 13 in 1.6 s, 35 and 87 in 0.9, 71 in 0.4; the pull search 14
  // in 2.8, 19 in 2.4, 45 in 1.7; the box-moves member 11, 24, 25, 30, 31,
  // 32, 36, 46, 48, 70 and 75 within 3.8 s; `ownopen` 44 in 2.2; the
  // feature-space search is the quickest on none, the one without the
  // shared tables on 21, 48 and 76, the dead-sets member on 77. The shares
  // (in per cent of the time: the box-moves member 43, the pull search 20,
  // the pull search with penalty patterns 16, `ownopen` 7, the dead-sets
  // member 6) solve XSokoban 13 at 20 s a level (17.2 s and 18.6 s in two
  // runs), and 87 in 6.8-7.2 s instead of 15.9-16.0; none is lost. The late
  // shares keep the parts of the time the costs before gave them (`ownopen`
  // 29%: XSokoban 44).
  // On levels of kCrowdedBoxes boxes or more the box-moves member's share is
  // 70 instead of 43 (56% of the time instead of 43%). No pull search solves
  // an XSokoban level of 20 boxes or more alone (the largest they solve, 25,
  // has 19); the box-moves member solves 24, 31, 36, 48 and 90. On 90 (25
  // boxes) it needs 150,421 expansions alone, 101,082 in the portfolio with
  // the shared tables, and those took about 4 s of the level's 16-19 s
  // (about 40 us each): the other members' expansions cost more there than
  // their charges say. With 70, 90 takes 11.3-12.9 s at 20 s a level
  // instead of 16.4-19.3 (1,201,973 expansions instead of 1,837,679), 24 and
  // 31 a little less. With 70 on every level, 13, 14 and 19, which the pull
  // searches solve, took 12.9-14.8 s instead of 10.4-13.0: below 20 boxes
  // the shares stay as they were.
  // On levels of kCrowdedBoxes boxes or more the pull searches take 2 each
  // instead of 20 and 16: they still meet the box-moves member's search (90,
  // 24 and 31 are solved at the meeting), and 90 takes 460,643 expansions
  // instead of 1,227,017 (11-13 s instead of 16-18 in runs side by side), 24
  // 154,294 instead of 269,662, 31 125,209 instead of 178,766; with 5 and 4,
  // 582,615, 172,656 and 133,733.
  // On levels of fewer than kBoxMovesBoxes boxes the box-moves members do
  // not run, and their 43 parts went to the others in proportion: the pull
  // searches had 36 (20 of 56) and 29 per cent of the time, the first
  // feature-space search 5. There it takes the box-moves member's share,
  // 43 (43% of the time). XSokoban 18 (11 boxes), which the first search
  // solves alone in 263,255 expansions (3.6 s) and the portfolio had in
  // 3,049,568 expansions, 18.2 s (or not within 20 s on a slower host), is
  // then solved in 1,343,496, 7.8 s; 44 (9 boxes, solved by `ownopen`) takes
  // 2,454,903 expansions, 11.3 s, instead of 2,409,099, 8.4 s; no other
  // XSokoban, Microban or Microban II level changes. With 20 instead of 43,
  // 18 took 12.3 s and 44 10.8 s.
  // `roomsets` (levels of kBoxMovesBoxes boxes or more) is charged the
  // dead-sets member's cost (its time an expansion alone on XSokoban 29 and
  // 41: 5.7-14 us; in the portfolio, learning into its tables, about 20-30
  // us on XSokoban 11 and 24), with a share of 12 (about 10% of the time) and, from
  // kFollowAfter on, 300 of the 341 late parts (88%): on those levels every
  // XSokoban level the portfolio solves is solved before kFollowAfter (the
  // most, 16, in 1,467,034 expansions), and of the unsolved ones it is the
  // member that solves 29 and 41 alone, in 317,030 and 375,098 expansions;
  // no member solves any other within 20 s alone, nor the portfolio within
  // 60 s. In cost units (the members' expansions times their costs; the same
  // on every host), 41 takes 242 million with a late share of 70, 231 with
  // 100, 215 with 300, 209 with 1,000; 29 223, 215, 201 and 197; the levels
  // solved before kFollowAfter the same. At 20 s a level this host spends
  // 240-320 million units, as its speed varies.
  // The late shares there were the ones below for small levels, most to
  // `ownopen` for XSokoban 44 (9 boxes). With a share of 12 and the old late
  // shares it solved 29 in 16.4-17.6 s and 41 in 27 s; with these, 29 in
  // 10-13 s and 41 in 16-21 s (the host's speed varies by a fifth); with a
  // share of 40, running on small levels too, 42 and 90 took 17 s instead
  // of 12-14 and 44 (9 boxes) was lost.
  // With `corralwalls` the feature-space search alone solves XSokoban 18 in
  // 2.5 s (the portfolio in 14.2 s) and 41 in 8.1 s, the dead-sets member
  // 41 in 7.6 s; with these shares the portfolio takes 55 s on 41, and with
  // a late share of 60 for the feature-space search 29.9 s.
  switch (member) {
    case ScheduleMember::kFirst:
      return {.cost = 190, .share = 3, .late_share = 10, .small_share = 43, .small_late_share = 21};
    case ScheduleMember::kPull:
      return {.cost = 32, .share = 20, .late_share = 8, .crowded_share = 2};
    case ScheduleMember::kPlain:
      return {.cost = 85, .share = 1, .late_share = 1};
    case ScheduleMember::kOpen:
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
