// Shares that follow the portfolio: from a level's kCostTurnsAfter-th
// expansion on fast mode's members share the work by cost
// (solver/portfolio/cost_turns.h), each in a fixed share. Two things make
// fixed shares lose:
//  - A push member that stops (a goal cut left it nothing) would leave its
//    share to be split among the live ones in proportion, most of it to the
//    pull search, whose share was meant to weigh against the push searches.
//    Here a stopped push member's share goes to the live push members, in
//    proportion to theirs; the pull searches keep their shares.
//  - The levels the portfolio solves at all it mostly solves early: a level
//    still open at kFollowAfter has had the pull searches' parts for long.
//    From then on the shares are the late ones of MemberTerms
//    (solver/portfolio/cost_turns.h): on large levels most to `roomsets`, on
//    smaller ones to `ownopen`.
// The shares change only when a member stops or at kFollowAfter, counted in
// expansions, never time: the turns are the same on every run. While no
// member has stopped and before kFollowAfter, the turns are CostTurns'.
//
//   ShareFollow follow;
//   follow.Update(members, live, expanded, turns);  // before each turn
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "solver/portfolio/cost_turns.h"
#include "solver/portfolio/schedule.h"

namespace sokoban {

// The level's expansion from which LateShare's shares hold.
constexpr uint64_t kFollowAfter = 1'500'000;

class ShareFollow {
 public:
  // Gives each member of `turns` (members[k] is its kind) its share: its
  // WorkShare (LateShare once `expanded` reaches kFollowAfter), the shares
  // of stopped push members going to the live push members in proportion
  // to theirs. Does nothing while no member has stopped before kFollowAfter,
  // nor when nothing changed since the last call.
  void Update(std::span<const ScheduleMember> members, const std::vector<bool>& live,
              uint64_t expanded, CostTurns& turns);

 private:
  std::vector<bool> live_;
  bool late_ = false;
};

}  // namespace sokoban
