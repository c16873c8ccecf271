// Shares that follow the portfolio (`sharefollow`): from a level's
// kCostTurnsAfter-th expansion on fast mode's members share the work by cost
// (`schedule3`, solver/portfolio/cost_turns.h), each in a fixed share. Two things make
// fixed shares lose:
//  - A push member that stops (a goal cut left it nothing: the first search,
//    the one without the shared tables, the box-moves and dead-sets members
//    on Microban II 124) leaves its share to be split among the live ones in
//    proportion, most of it to the pull search, whose share was meant to
//    weigh against the push searches. Microban II 124 is solved by `ownopen`
//    after 57,859 of its expansions; by rounds it has them within 252,880
//    expansions in all, by cost, with 11 of the 54 live per cent, within
//    536,756. With `sharefollow` a stopped push member's share goes to the
//    live push members, in proportion to theirs; the pull search keeps its
//    share.
//  - Every XSokoban level of 12 boxes or more that the portfolio solves is
//    solved within 1,467,034 expansions (16, by the box-moves member meeting
//    the pull search): a level still open at kFollowAfter has had the pull
//    searches' parts for long. From then on the shares are the late ones
//    of MemberTerms (solver/portfolio/cost_turns.h): on those levels most to
//    `roomsets` (XSokoban 29 and 41 alone in 317,030 and 375,098
//    expansions), on smaller ones to `ownopen`, the feature-space search
//    without goal rooms and with tables of its own (XSokoban 44, 9 boxes,
//    alone in 254,630 expansions; with 11% of the work it does not have
//    them at 20 s). kFollowAfter was 1,800,000 before `roomsets`: with it
//    there and the late shares before, the portfolio solved 29 in 16-18 s
//    and 41 in 27 s.
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
