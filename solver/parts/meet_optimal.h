// Bidirectional optimal search (`bidir`, optimal mode): an A* over pulls
// from the solved position runs beside the A* over pushes, taking turns one
// expansion each, and each looks up the states it stores in the other's
// store. This class keeps the cheapest meeting seen and says when it is
// proved optimal.
//
// Why it is sound:
// - Each search alone is an A* with an admissible bound, so when either
//   finds the goal (the push search its solved position, the pull search
//   the start), its path is optimal by itself.
// - A state S stored by both, reached in g_push pushes from the start and
//   in g_pull pulls from a solved position (g_pull pushes from S to it),
//   joins into a solution of g_push + g_pull pushes: an upper bound U.
// - When an A* with an admissible bound (reopening closed states reached
//   with fewer pushes) takes a state with priority f off its open list,
//   every state on the list has priority f or more, and one of them lies
//   on an optimal path with its fewest pushes, so the optimum C* >= f. C*
//   is fixed, so the largest priority either search has expanded, L, is a
//   lower bound on it for good.
// - Once U <= L, the meeting's solution is optimal.
//
// On Microban the pull search decides the levels whose goals are easy to
// empty and hard to fill (93: 105,968 expansions of the pull search alone
// against 5,089,539 of the push search; 144: 82,234 against 35,235,610);
// both together, 123,668 and 73,719.
//
//   OptimalMeeting& meet = *tables.meeting();  // LevelTables (`bidir`, optimal mode)
//   // both searches' SearchConfig::meeting; partners of each other
//   turn = meet.NextTurn(push.lower(), pull.lower()); ... that one steps ...
//   if (meet.Proved(max(push.lower(), pull.lower()))) ...
#pragma once

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "solver/core/state_store.h"

namespace sokoban {

class Search;

class OptimalMeeting {
 public:
  // `by_gap` (`optbound`): the search behind waits longer the further
  // behind it is (NextTurn).
  explicit OptimalMeeting(bool by_gap = false) : by_gap_(by_gap) {}

  // A state stored by `push` (id push_id, g_push pushes from the start) and
  // by `pull` (pull_id, g_pull pulls from a solved position).
  void Offer(int g_push, int g_pull, const Search* push, StateId push_id, const Search* pull,
             StateId pull_id) {
    const int pushes = g_push + g_pull;
    if (pushes >= best_) return;
    best_ = pushes;
    push_ = push;
    push_id_ = push_id;
    pull_ = pull;
    pull_id_ = pull_id;
  }
  bool found() const { return push_ != nullptr; }
  // The fewest pushes of a meeting so far (INT_MAX: none).
  int best() const { return best_; }
  // With `lower` a lower bound on the optimum: the meeting is optimal.
  bool Proved(int lower) const { return found() && best_ <= lower; }
  // Which search takes the next turn, 0 (push) or 1 (pull), from their
  // lower bounds: the one with the higher (the nearer to proving the
  // optimum, which ends the level whether or not a meeting is known), on
  // ties the one that did not go last, and the other at least once in
  // kLeadTurns + 1 turns, so that neither is starved where its bound rises
  // slowly. Microban 139 (106 pushes): the push search alone needs 569,563
  // expansions; taking turns one for one doubled that, one in nine took
  // 640,609, one in seventeen takes 605,020.
  //
  // With `by_gap`, the one ahead by kGapStep or more takes twice as many
  // turns in a row, by 2 * kGapStep four times, by 3 * kGapStep or more
  // eight times: Microban 153 (push search at 336, pull search at 274) in
  // 1,194,281 expansions against 1,259,087, of which the pull search's fell
  // from 74,063 to 9,257, and none of them had found the meeting.
  static constexpr int kLeadTurns = 16;
  static constexpr int kGapStep = 16;
  int NextTurn(int push_lower, int pull_lower) {
    int turn = push_lower > pull_lower ? 0 : pull_lower > push_lower ? 1 : 1 - last_;
    lead_ = turn == last_ ? lead_ + 1 : 1;
    const int gap = std::abs(push_lower - pull_lower);
    if (lead_ > (by_gap_ ? kLeadTurns << std::min(gap / kGapStep, 3) : kLeadTurns)) {
      turn = 1 - turn;
      lead_ = 1;
    }
    last_ = turn;
    return turn;
  }
  const Search* push() const { return push_; }
  StateId push_id() const { return push_id_; }
  const Search* pull() const { return pull_; }
  StateId pull_id() const { return pull_id_; }

 private:
  const bool by_gap_;
  int best_ = INT_MAX;
  int last_ = 1, lead_ = 0;
  const Search* push_ = nullptr;
  StateId push_id_ = kNoState;
  const Search* pull_ = nullptr;
  StateId pull_id_ = kNoState;
};

}  // namespace sokoban
