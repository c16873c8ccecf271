// The schedule of a level's searches in fast mode (Solve): which members
// join the first push search and the pull search, when, and how often
// each takes a turn. Turns are counted in rounds, so the result never
// depends on timing.
//
//   ScheduleTurns(member, round)  // the expansions a member makes this round
//   JoinStage(member)             // the stage at which it joins
//   PlainJoins(first_expanded, first_live)
//   OpenJoins(first_expanded, all_expanded)
//   LearningStarts(boxes, all_expanded)
#pragma once

#include <cstdint>

namespace sokoban {

enum class ScheduleMember {
  kFirst,      // the feature-space push search with goal rooms
  kPull,       // the pull search: joins with the first
  kPlain,      // the A*-ordered push search
  kOpen,       // the feature-space push search without goal rooms (`schedule`)
  kUnlearned,  // the feature-space push search without the shared deadlock tables (`schedule2`)
  kBoxMoves,   // the feature-space push search with FESS's box moves (`fessmoves`)
  kOwnOpen,    // kOpen with tables of its own (`schedule3`)
  kDeadSets,   // kFirst with tables of its own holding the dead sets (`schedule3`)
  // The pull search with penalty patterns (`penpull`): joins when the turns
  // by cost start (CostTurnsStart), at a stage of its own.
  kPullPenalty,
  // The dead-sets member's search with FESS's room connectivity and hotspots
  // (`roomsets`): joins and takes turns as kDeadSets, a share of its own.
  kRoomSets,
};

inline ScheduleMember JoinStage(ScheduleMember member) {
  switch (member) {
    case ScheduleMember::kPull:
      return ScheduleMember::kFirst;
    case ScheduleMember::kUnlearned:
    case ScheduleMember::kBoxMoves:
    case ScheduleMember::kOwnOpen:
    case ScheduleMember::kDeadSets:
    case ScheduleMember::kRoomSets:
      return ScheduleMember::kOpen;
    default:  // kPullPenalty too: a stage of its own
      return member;
  }
}

// The pull search expands kPullTurns times a round. Its expansions cost a
// fifth of the first search's, and alone it solves XSokoban 14 and 19 in
// 839,225 and 828,006; but 4 turns a round lose more than they gain at
// 1,000,000 expansions a level (XSokoban 14 solved; 77 lost; 45, 46, 33, 21
// and 15 take twice the expansions).
constexpr int kPullTurns = 1;

// The A*-ordered search joins once the first push search has made
// kPlainAfter expansions, or has stopped (a goal cut left it nothing).
constexpr uint64_t kPlainAfter = 20000;
// The feature-space search and the pull search solve the most, but some
// levels need the plain ordering: it expands once in kPlainRounds rounds.
constexpr uint64_t kPlainRounds = 4;
// The second feature-space search, without goal rooms (no macros, no goal
// cuts), finds what the first misses on levels whose goals the room macros
// lead astray (XSokoban 21: 22,639 expansions of it alone; the first search
// does not solve it in 300,000). It, and the dead-pair table
// (solver/deadlock/dead_pairs.h, up to a second to build on large boards), join
// with the A*-ordered search where the first search is still going after
// kPlainAfter expansions; where the first stopped early (a goal cut left it
// nothing), only once all the searches together have made kOpenAfter
// expansions. Joining at once there made Microban 1.19x slower (0.67 s to
// 0.80 s): many of its levels see the first search stop after a few
// hundred expansions and are then solved within a few thousand by the
// pull and A*-ordered searches.
// Alone (`solve --member open`) it solves XSokoban 35 in 104,717
// expansions and 44 in 255,016, which the portfolio does not solve in
// 1,000,000 (nor with `learned` or `deadpairs` off, nor both): alone it
// meets the dead pairs only after 20,000 expansions and no patterns learned
// by the other searches.
constexpr uint64_t kOpenAfter = 40000;
constexpr uint64_t kOpenRounds = 2;
// `schedule2`: the first search's technique without the level's shared
// deadlock tables (no learned patterns, no dead pairs) joins with the
// second feature-space search (OpenJoins) and expands once in
// kUnlearnedRounds. Joining with the A*-ordered search instead changed the
// states of 19 Microban levels whose first search stops early (114: 6,804
// to 7,434). The tables prune
// only dead states, yet they change the feature-space order: XSokoban 48 is
// solved by this search alone in 1,453 expansions, by the first search not
// in 1,000,000 (by it with dead pairs but without learned patterns in
// 57,435). With the second feature-space search once in 4 rounds instead
// of 2, to keep the first one's share, XSokoban 46 took 860,163 expansions
// instead of 333,165.
constexpr uint64_t kUnlearnedRounds = 4;
// `fessmoves`: the feature-space search with FESS's advised box moves
// (solver/macro/macro_box_moves.h) joins with the second feature-space search
// and expands once in kBoxMovesRounds. Its expansions cost about six times
// the others': once in 2 rounds made XSokoban 45, 46 and 77 take 1.36x-1.45x
// the time they took without it, once in 8 rounds 1.10x-1.15x.
constexpr uint64_t kBoxMovesRounds = 8;

// `schedule3` (solver/portfolio/cost_turns.h). The second feature-space search
// keeps tables of its own (kOwnOpen instead of kOpen): the patterns the
// first search learns reach it from its start and change its order, so
// that alone it solves XSokoban 35 and 44 in 104,717 and 255,016
// expansions, in the portfolio not in 1,000,000. The first search's
// technique with the level's dead sets (solver/deadlock/dead_sets.h) in tables of
// its own joins with it (kDeadSets), once in kDeadSetsRounds: the dead sets
// in the shared tables solve XSokoban 75 (this search alone: 99,656
// expansions) but change the first search's order and lose 10 and 37.
constexpr uint64_t kDeadSetsRounds = 8;
// From the level's kCostTurnsAfter-th expansion on, the members take turns
// by cost (CostTurns; each member's cost and share of the work: MemberTerms
// in solver/portfolio/cost_turns.h). Before, they take turns by rounds as without
// `schedule3`, so that the levels solved early (all of Microban) search as
// before.
constexpr uint64_t kCostTurnsAfter = 100000;

inline bool CostTurnsStart(uint64_t all_expanded) { return all_expanded >= kCostTurnsAfter; }

inline bool PlainJoins(uint64_t first_expanded, bool first_live) {
  return first_expanded >= kPlainAfter || !first_live;
}

inline bool OpenJoins(uint64_t first_expanded, uint64_t all_expanded) {
  return first_expanded >= kPlainAfter || all_expanded >= kOpenAfter;
}

// Deadlock patterns are learned (solver/deadlock/learned_deadlocks.h) from the start
// on levels with kLearnBoxes boxes or more, else once all the searches have
// made kLearnAfter expansions: most small levels are solved before, and
// shrinking each corral proved dead to a pattern costs a search per box
// (Microban without level 153, learning from the start: 0.47 s of CPU
// against 0.39 s), while large levels need the patterns early (XSokoban 15
// and 59, 15 and 16 boxes, are solved in 150,000 expansions when learning
// from the start, not when learning after 2,000).
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
    case ScheduleMember::kOpen:
    case ScheduleMember::kOwnOpen:
      return round % kOpenRounds == 0;
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
