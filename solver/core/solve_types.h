// What a solve is asked (SolveOptions: the mode, the limits, the `--prune`
// techniques, the portfolio's members) and what it answers (SolveResult),
// for every layer of the solver; Solve() itself is in solver/solver.h.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/moves.h"
#include "solver/core/metric.h"

namespace sokoban {

enum class SolveMode : uint8_t {
  kFast,     // best-first portfolio: finds solutions to hard levels, not shortest
  kOptimal,  // A* with an admissible bound: push-optimal solutions
};

enum class SolveStatus : uint8_t {
  kSolved,
  kUnsolvable,  // the whole reachable state space was searched: a proof
  kTimeout,
  kMemory,
  kInvalid,    // the level does not pass ValidateLevel
  kCancelled,  // SolveOptions::cancel was raised
};

// The techniques `--prune` switches, one bit each: all are on by default,
// and each can be turned off alone to measure what it gives.
//   dead        no push onto a square from which no goal can be reached
//   freeze      no push that freezes a box off its goal
//   bipartite   no state whose boxes cannot all be matched to distinct
//               goals, the boxes frozen on goals taken as walls (without it
//               the bound is the sum of nearest-goal distances)
//   corral      PI-corral pruning: only the pushes into a corral the player
//               cannot enter are searched (solver/deadlock/pi_corral.h)
//   corraldead  corral deadlocks, searched with the boxes frozen on goals
//               kept as walls where that decides (solver/deadlock/corral_deadlock.h)
//   learned     with corraldead: every corral proved dead becomes a pattern
//               that prunes the level's push searches (fast mode;
//               solver/deadlock/learned_deadlocks.h)
//   deadpairs   two boxes that cannot both reach goals from the player's
//               area make a dead state (fast mode; solver/deadlock/dead_pairs.h)
//   tunnel      tunnel macros (fast mode)
//   goalroom    goal-room macros and goal cuts (fast mode; solver/rooms/goal_room.h)
//   roompath    with goalroom: a box that can be pushed all the way into its
//               room's next goal gets that whole move as a child
//   packorder   with goalroom: a room's packing order has boxes leave it onto
//               the main floor only, found by a search over which box leaves
//               next (solver/rooms/goal_room.h)
//   weightfirst the feature-space searches take from each cell the state of
//               least weight, h only breaking ties, as FESS does
//               (solver/order/order_features.h)
//   pairs       pair conflicts added to the matching bound (optimal mode;
//               solver/bound/pair_penalty.h)
//   bidir       a pull A* beside the push A*, meeting it (optimal mode;
//               solver/parts/meet_optimal.h)
//   optbound    optimal mode's last layer, of states with the same f and h,
//               the oldest first; with bidir, the search further ahead takes
//               more turns (solver/parts/meet_optimal.h)
using PruneSet = uint32_t;
// How many bits PruneFlags uses: a new technique takes bit kPruneBits and adds one to it.
constexpr int kPruneBits = 15;
enum PruneFlags : PruneSet {
  kPruneDeadSquares = PruneSet{1} << 0,
  kPruneFreeze = PruneSet{1} << 1,
  kPruneBipartite = PruneSet{1} << 2,
  kPruneCorral = PruneSet{1} << 3,
  kPruneCorralDeadlocks = PruneSet{1} << 4,
  kPruneLearned = PruneSet{1} << 5,
  kPruneDeadPairs = PruneSet{1} << 6,
  kPruneTunnels = PruneSet{1} << 7,
  kPruneGoalRooms = PruneSet{1} << 8,
  kPruneRoomPaths = PruneSet{1} << 9,
  kPrunePackOrder = PruneSet{1} << 10,
  kPruneWeightFirst = PruneSet{1} << 11,
  kPrunePairs = PruneSet{1} << 12,
  kPruneBidir = PruneSet{1} << 13,
  kPruneOptBound = PruneSet{1} << 14,
  kPruneAll = (PruneSet{1} << kPruneBits) - 1,
  kPruneDefault = kPruneAll,
};

// The fast portfolio's members that may run (SolveOptions::members), one
// bit each in the order of FastMemberNames().
using MemberSet = uint32_t;
constexpr MemberSet kAllMembers = ~MemberSet{0};

struct SolveOptions {
  SolveMode mode = SolveMode::kFast;
  double time_limit_seconds = 0;  // 0: none
  size_t memory_limit_bytes = 0;  // 0: none; counts the solver's own allocations
  uint64_t max_expansions = 0;    // 0: none; a deterministic budget (ends as kTimeout)
  PruneSet prune = kPruneDefault;
  const std::atomic<bool>* cancel = nullptr;  // checked often; may be null
  // Optimal mode: what is minimized. kMoves runs the moves-optimal search
  // (solver/portfolio/move_optimal.h) instead of the push-optimal A*.
  Metric metric = Metric::kPushes;
  // When set, a solution found early is handed to the optimizer
  // (solver/optimize/optimizer.h) for the rest of the time limit.
  std::optional<Metric> optimize;
  // The fast portfolio's members that may run, one bit each in the order of
  // FastMemberNames() (ParseMemberList); the first always runs.
  MemberSet members = kAllMembers;
  // For measuring the portfolio: fast mode runs only the member of this
  // name (FastMemberNames()), from the start, with all the memory and every
  // turn; the `--prune` flags still shape it. Empty: the schedule.
  std::string member;
};

struct SolveResult {
  SolveStatus status = SolveStatus::kInvalid;
  std::string solution;        // LURD (pushes upper case) when solved, else empty
  MoveMetrics metrics;         // of the solution
  bool push_optimal = false;   // proved fewest pushes (optimal mode)
  bool move_optimal = false;   // proved fewest moves (optimal mode, moves metric)
  uint64_t expanded = 0;       // states expanded
  uint64_t stored = 0;         // states stored
  size_t bytes_per_state = 0;  // memory the stores use per stored state (all searches)
  size_t peak_bytes = 0;       // the solver's own peak memory
  double seconds = 0;
  std::string error;  // for kInvalid: the reason
  // The states each search of the portfolio expanded (fast mode:
  // FastMemberNames(); optimal mode: `optimal`, `bidir`), in the order
  // they joined; they add up to `expanded`.
  std::vector<std::pair<std::string, uint64_t>> members;
  // How far the push searches got, for a level left unsolved: per push
  // search, in the order of `members`, the most boxes on goals in a state
  // it expanded and its expansions when it first got there; unless the
  // level was solved, that state too, as the XSB rows of the level's board
  // with its boxes and the player (on the first square, in row order, of
  // the area the player reaches there).
  struct Progress {
    std::string name;
    int on_goals = 0;
    uint64_t at = 0;
    std::vector<std::string> position;
  };
  std::vector<Progress> progress;
  // The push search that got furthest: the most boxes on goals, on a tie
  // the one that got there in the fewest of its expansions, then the first
  // in `progress`; null when no push search expanded a state.
  const Progress* BestProgress() const {
    const Progress* best = nullptr;
    for (const Progress& p : progress) {
      if (!best || p.on_goals > best->on_goals || (p.on_goals == best->on_goals && p.at < best->at))
        best = &p;
    }
    return best;
  }
  // Its boxes on goals; -1 when none.
  int BestOnGoals() const {
    const Progress* best = BestProgress();
    return best ? best->on_goals : -1;
  }
  // The member whose search decided the level (solved it or exhausted its
  // states), "A+B" when A's search met a state of B's; empty when none did.
  std::string decided_by;
};

}  // namespace sokoban
