// The schedule of a level's searches in fast mode (SolvePortfolio): when
// each member joins and, until the turns by cost start
// (solver/portfolio/cost_turns.h), how often each takes a turn. Turns are
// counted in rounds and expansions, never time, so the result never depends
// on timing. The figures behind each constant are in the commit that set
// it.
//
//   ScheduleTurns(member, round)  // the expansions a member makes this round
//   JoinStage(member)             // the stage at which it joins
//   PlainJoins(first_expanded, first_live)
//   LateJoins(first_expanded, all_expanded)
//   LearningStarts(boxes, all_expanded)
#pragma once

#include <cstdint>

namespace sokoban {

// What a member is to the schedule and to the turns by cost: each member of
// the portfolio's table (solver/portfolio/portfolio.cc) names one.
enum class ScheduleMember {
  kFirst,        // the feature-space push search with goal rooms (`features`)
  kPull,         // the pull search (`pull`)
  kPlain,        // the A*-ordered push search (`plain`)
  kUnlearned,    // the feature-space push search without the shared tables (`unlearned`)
  kBoxMoves,     // the feature-space push search with FESS's box moves (`boxpenalty`)
  kOwnOpen,      // the feature-space push search without goal rooms, tables of its own (`ownopen`)
  kDeadSets,     // the first search's technique with the dead sets, tables of its own (`deadsets`)
  kPullPenalty,  // the pull search with penalty patterns (`pullpenalty`)
  kRoomSets,     // kDeadSets ordered by room connectivity and hotspots too (`roomsets`)
};

// When members join: with the first search, once it has gone on for a while
// (PlainJoins), on levels still open later (LateJoins), or when the turns by
// cost start (CostTurnsStart).
enum class JoinAt { kStart, kPlain, kLate, kByCost };

inline JoinAt JoinStage(ScheduleMember member) {
  switch (member) {
    case ScheduleMember::kFirst:
    case ScheduleMember::kPull:
      return JoinAt::kStart;
    case ScheduleMember::kPlain:
      return JoinAt::kPlain;
    case ScheduleMember::kUnlearned:
    case ScheduleMember::kBoxMoves:
    case ScheduleMember::kOwnOpen:
    case ScheduleMember::kDeadSets:
    case ScheduleMember::kRoomSets:
      return JoinAt::kLate;
    case ScheduleMember::kPullPenalty:
      return JoinAt::kByCost;
  }
  return JoinAt::kLate;
}

// The pull search expands kPullTurns times a round: its expansions cost a
// fifth of the first search's, but more turns lose levels the push
// searches solve.
constexpr int kPullTurns = 1;

// The A*-ordered search joins once the first push search has made
// kPlainAfter expansions, or has stopped (a goal cut left it nothing), and
// expands once in kPlainRounds rounds.
constexpr uint64_t kPlainAfter = 20000;
constexpr uint64_t kPlainRounds = 4;
// The late members, and the dead-pair table (solver/deadlock/dead_pairs.h,
// up to a second to build on large boards), join with the A*-ordered search
// where the first search is still going after kPlainAfter expansions; where
// the first stopped early, only once all the searches together have made
// kLateAfter expansions, so that small levels which the pull and A*-ordered
// searches finish soon do not pay for them.
constexpr uint64_t kLateAfter = 40000;
// How often each late member takes a turn before the turns by cost: the
// feature-space search without goal rooms once in kOwnOpenRounds rounds,
// the one without the shared tables once in kUnlearnedRounds, the dead-sets
// members once in kDeadSetsRounds, and the box-moves member, whose
// expansions cost several times the others', once in kBoxMovesRounds.
constexpr uint64_t kOwnOpenRounds = 2;
constexpr uint64_t kUnlearnedRounds = 4;
constexpr uint64_t kDeadSetsRounds = 8;
constexpr uint64_t kBoxMovesRounds = 8;
// From the level's kCostTurnsAfter-th expansion on, the members take turns
// by cost (CostTurns; each member's cost and share: MemberTerms in
// solver/portfolio/cost_turns.h). Before, they take turns by rounds, so
// that levels solved early (most small ones) search as by rounds alone.
constexpr uint64_t kCostTurnsAfter = 100000;

inline bool CostTurnsStart(uint64_t all_expanded) { return all_expanded >= kCostTurnsAfter; }

inline bool PlainJoins(uint64_t first_expanded, bool first_live) {
  return first_expanded >= kPlainAfter || !first_live;
}

inline bool LateJoins(uint64_t first_expanded, uint64_t all_expanded) {
  return first_expanded >= kPlainAfter || all_expanded >= kLateAfter;
}

// Deadlock patterns are learned (solver/deadlock/learned_deadlocks.h) from
// the start on levels with kLearnBoxes boxes or more, which need the
// patterns early, else once all the searches have made kLearnAfter
// expansions: most small levels are solved before, and shrinking each
// corral proved dead to a pattern costs a search per box.
constexpr uint64_t kLearnAfter = 2000;
constexpr int kLearnBoxes = 8;

inline bool LearningStarts(int boxes, uint64_t all_expanded) {
  return boxes >= kLearnBoxes || all_expanded >= kLearnAfter;
}

inline int ScheduleTurns(ScheduleMember member, uint64_t round) {
  switch (member) {
    case ScheduleMember::kFirst:
      return 1;
    case ScheduleMember::kPull:
      return kPullTurns;
    case ScheduleMember::kPlain:
      return round % kPlainRounds == 0;
    case ScheduleMember::kOwnOpen:
      return round % kOwnOpenRounds == 0;
    case ScheduleMember::kDeadSets:
    case ScheduleMember::kRoomSets:
      return round % kDeadSetsRounds == 0;
    case ScheduleMember::kUnlearned:
      return round % kUnlearnedRounds == 0;
    case ScheduleMember::kBoxMoves:
      return round % kBoxMovesRounds == 0;
    case ScheduleMember::kPullPenalty:  // joins once the turns are by cost (or runs alone)
      return 1;
  }
  return 1;
}

}  // namespace sokoban
