// Turns by cost: fast mode's portfolio members share the work
// of a level in fixed proportions, each expansion charged a fixed cost for
// its member, instead of taking a fixed number of expansions a round. A
// pull expansion costs under half a feature-space one, so by rounds the
// pull search gets fewer instructions than the first search although both
// take one turn a round. Costs are fixed numbers (each member's time an
// expansion, measured once: cost_turns.cc), never times measured during the
// run, so the order of turns, and every result, never depends on timing.
//
//   CostTurns turns;
//   turns.Add(ScheduleMember::kFirst);   // searches[0]
//   turns.Add(ScheduleMember::kPull);    // searches[1]
//   size_t k = turns.Next(live);         // the member whose turn it is
//   for (int t = turns.TurnLength(k); t > 0 && live[k]; --t) {
//     live[k] = searches[k]->Step();
//     turns.Charge(k);
//   }
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solver/portfolio/schedule.h"

namespace sokoban {

// What a member of the portfolio pays and gets, one row a member in
// cost_turns.cc, so that the portfolio's economy reads in one place:
//  - cost: charged for one expansion, in tenths of a microsecond: the
//    member's median time an expansion alone on the hard XSokoban levels
//    (bench/member_costs.py; see cost_turns.cc), so that a share is a part
//    of the time, whatever the member's expansions cost;
//  - share: its share of the work (of the time) from kCostTurnsAfter on,
//    in per cent of the whole (the shares of the members a level runs need
//    not add up to 100: each gets its share's part of their sum);
//  - late_share: its share from kFollowAfter on
//    (solver/portfolio/share_follow.h), on levels of kBoxMovesBoxes boxes or more;
//  - small_late_share: the same on smaller levels; 0: the same as
//    late_share;
//  - crowded_share: its share instead of `share` on levels of
//    kCrowdedBoxes boxes or more, where the pull searches solve little and
//    the box-moves member the most; 0: the same as share;
//  - small_share: its share instead of `share` on levels of fewer than
//    kBoxMovesBoxes boxes, where the box-moves members do not run; 0: the
//    same as share.
struct MemberTerms {
  int cost, share, late_share, crowded_share = 0, small_share = 0, small_late_share = 0;
};
constexpr int kCrowdedBoxes = 20;
// The box-moves member (`boxpenalty`) and `roomsets` run on levels of this
// many boxes or more.
constexpr int kBoxMovesBoxes = 12;
MemberTerms TermsOf(ScheduleMember member);
inline int ExpansionCost(ScheduleMember member) { return TermsOf(member).cost; }
// The share on a level of `boxes` boxes.
inline int WorkShare(ScheduleMember member, int boxes = kBoxMovesBoxes) {
  const MemberTerms terms = TermsOf(member);
  if (boxes >= kCrowdedBoxes && terms.crowded_share) return terms.crowded_share;
  if (boxes < kBoxMovesBoxes && terms.small_share) return terms.small_share;
  return terms.share;
}
// The late share on a level of `boxes` boxes.
inline int LateShare(ScheduleMember member, int boxes = kBoxMovesBoxes) {
  const MemberTerms terms = TermsOf(member);
  return boxes < kBoxMovesBoxes && terms.small_late_share ? terms.small_late_share
                                                          : terms.late_share;
}

// CostTurns holds shares in kShareScale-ths of a per cent (all scaled alike,
// the turns are the same), so that a share moved by ShareFollow
// (solver/portfolio/share_follow.h) loses little to rounding.
constexpr uint32_t kShareScale = 1000;

// A turn: the member Next names expands about this many cost units in a row
// (TurnLength), not one expansion, before the next turn is chosen, so that
// it finds its state store, open list and tables still in the processor's
// caches, where one expansion a turn brought the nine members' data in by
// turns: the same expansions take about a tenth less time. Much longer
// turns move the meetings of the push and pull members. A turn is about
// 3 ms; the shares hold to within one turn.
constexpr int kTurnUnits = 30'000;

class CostTurns {
 public:
  // The turns of a level of `boxes` boxes (WorkShare).
  explicit CostTurns(int boxes = kBoxMovesBoxes) : boxes_(boxes) {}
  // Adds the next search (index size() - 1 in the portfolio's order). It
  // starts level with the live member least charged for its share, so that
  // it takes its share from now on and not the work the others did before
  // it joined. Needs the `live` flags of the members added before it.
  void Add(ScheduleMember member, const std::vector<bool>& live);
  // The live member least charged for its share (work / share), the
  // earliest added on a tie. Some member must be live.
  size_t Next(const std::vector<bool>& live) const;
  // The expansions of member k's turn: kTurnUnits of its cost, at least one.
  int TurnLength(size_t k) const {
    return std::max(1, kTurnUnits / static_cast<int>(accounts_[k].cost));
  }
  // Charges member k one expansion.
  void Charge(size_t k) {
    accounts_[k].work += accounts_[k].cost;
    accounts_[k].charged += accounts_[k].cost;
  }
  // Gives member k a new share, in kShareScale-ths of a per cent
  // (ShareFollow, solver/portfolio/share_follow.h): its charge is scaled with it, so
  // that it keeps its place among the others (charge / share the same, to a
  // cost unit) and the new share acts on the work to come.
  void SetShare(size_t k, uint32_t share) {
    Account& a = accounts_[k];
    a.charged = a.charged * share / a.share;
    a.share = share;
  }
  uint32_t share(size_t k) const { return accounts_[k].share; }
  // Member k's work so far, in cost units.
  uint64_t work(size_t k) const { return accounts_[k].work; }
  size_t size() const { return accounts_.size(); }
  int boxes() const { return boxes_; }

 private:
  struct Account {
    uint64_t work;
    uint64_t charged;  // the work, scaled with the share when it changes
    uint32_t cost, share;
  };
  // Whether a is less charged for its share than b: a.charged / a.share <
  // b.charged / b.share, in integers.
  static bool Less(const Account& a, const Account& b) {
    return a.charged * b.share < b.charged * a.share;
  }
  int boxes_;
  std::vector<Account> accounts_;
};

}  // namespace sokoban
