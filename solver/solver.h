// The solver's one entry point: a level in, a verified answer out.
//
//   SolveOptions options;
//   options.time_limit_seconds = 10;
//   SolveResult r = Solve(level, options);
//   if (r.status == SolveStatus::kSolved) std::cout << r.solution;
//
// Search is A* over pushes (optimal mode; with `bidir`, beside an A* over
// pulls meeting it) or, in fast mode, a portfolio
// (solver/solver.cc, a table of members): a push search in feature-space
// order (boxes packed, areas of free floor; with goal-room macros) and a
// search backwards by pulls from the goals (f = g + 10h), joined after
// 20000 expansions by an A*-ordered search (one turn in four rounds),
// taking turns and meeting; with deadlock pruning and a Zobrist-hashed
// state store. Each search (solver/search.h) is composed of an evaluator,
// an open list, pruning methods and macros (solver/search_parts.h), which
// solver/search_config.h builds from these options. Every solution is
// replayed by the rules
// engine (common/rules.h) before Solve returns it; a replay failure aborts
// the process, it is never returned. Deterministic: the same level and
// options give the same states count and the same solution on every run,
// whatever else runs in the process (a time limit decides only when a
// search stops).
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

#include "absl/status/statusor.h"
#include "common/level.h"
#include "common/moves.h"
#include "solver/metric.h"

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

std::string_view SolveStatusName(SolveStatus s);  // "solved", "unsolvable", ...
std::string_view SolveModeName(SolveMode m);      // "fast", "optimal"

// Deadlock and search techniques that can be switched one at a time, so
// that the effect of each can be measured (`--prune`):
//   dead       no push onto a square from which no goal can be reached
//   freeze     no push that freezes a box off its goal
//   bipartite  no state whose boxes cannot all be matched to distinct goals,
//              also with the boxes frozen on goals taken as walls (without
//              it the bound is the sum of nearest-goal distances)
//   corral     PI-corral pruning
//   corraldead corral deadlocks (solver/corral_deadlock.h)
//   tunnel     tunnel macros (fast mode)
//   backward   a pull search from the goals alongside, meeting the push
//              searches (fast mode)
//   goalroom   goal-room macros and goal cuts for the first push search
//              (fast mode; solver/goal_room.h)
//   features   feature-space order for the first push search (fast mode;
//              without it, f = g + 5h)
//   roompath   with goalroom: a box that can be pushed all the way into its
//              room's next goal gets that whole move as a child
//   pairs      pair conflicts added to the matching bound (optimal mode;
//              solver/pair_penalty.h)
//   learned    with corraldead: every corral proved dead becomes a deadlock
//              pattern shared by the level's push searches (fast mode;
//              solver/learned_deadlocks.h)
//   schedule   a second feature-space push search, without goal rooms,
//              joins the A*-ordered one on levels still open (fast mode)
//   deadpairs  two boxes that cannot both reach goals from the player's
//              area make a dead state (fast mode, levels still open after
//              the A*-ordered search joins; solver/dead_pairs.h)
//   roomconn   with features: room connectivity, the links between rooms
//              that boxes block, joins the cell and advises the moves that
//              lower it (solver/room_connectivity.h)
//   outofplan  with features and goalroom: out of plan, the boxes that the
//              packing order is about to wall in, joins the cell and advises
//              the moves that lower it (solver/out_of_plan.h)
//   hotspots   with features: a move that leaves fewer boxes pinned by
//              other boxes is advised (solver/hotspots.h)
//   packorder  with goalroom: a goal room's packing order has boxes leave
//              it onto the main floor only, not into pockets it walls off
//              (solver/goal_room.h)
//   splitroom  with packorder: a goal room that splits the floor into parts
//              holding boxes gets its order from every such part, the player
//              kept to its side (solver/room_order_search.cc)
//   packsearch with packorder: a goal room's order comes from a search over
//              which box leaves next, the player getting back out of the
//              room after each box; failing that, one box at a time may
//              wait on a parking square outside the room, which the order
//              then holds before its goal (solver/room_order_search.cc)
//   bidir      a pull A* beside the push A*, meeting it (optimal mode;
//              solver/meet_optimal.h)
//   fessmoves  with features: one more feature-space push search joins late,
//              with goal rooms and FESS's advised box moves (a box pushed
//              in one move to a square that leaves fewer areas of free
//              floor or puts it on a goal; solver/macro_box_moves.h)
//   deadsets   dead pairs and triples of nearby boxes, proved at the start
//              on large levels, else when the late members join, prune
//              the level's push searches (fast mode; solver/dead_sets.h)
//   schedule2  a feature-space push search with goal rooms that neither
//              learns deadlock patterns nor prunes with them or with dead
//              pairs joins the second feature-space one on levels still
//              open (fast mode; solver/schedule.h)
//   deadscan   no child whose moved box belongs to a group of 2-10
//              touching boxes that cannot all reach goals from the
//              player's area, the other boxes taken away (fast mode;
//              solver/group_deadlock.h)
//   optbound   optimal mode's last layer: of states with the same f and h,
//              the oldest is expanded first (solver/order_best_first.h);
//              with bidir, the search further ahead takes more turns
//              (solver/meet_optimal.h)
//   schedule3  fast mode's late members share the work by cost (each
//              expansion charged its member's fixed cost, the turn to the
//              member least charged for its share), the second
//              feature-space search keeps tables of its own, and one more
//              joins with the level's dead sets in tables of its own
//              (solver/cost_turns.h, solver/schedule.h)
//   fess2      with fessmoves: the box-moves member nearer FESS: the moves
//              FESS's six advisors propose, one each (packing, connectivity,
//              room connectivity, hotspots, explorer, opener;
//              solver/box_advice.h), join its moves, weighing 0; its cells
//              hold room connectivity and out of plan too, and each gives
//              its state of least weight, h only breaking ties
//   sharefollow with schedule3: a push member that stops leaves its share
//              to the live push members, and from the level's 1,500,000th
//              expansion on the shares move to `roomsets` (levels of 12
//              boxes or more) or `ownopen` (solver/share_follow.h)
//   wholelearn a state proved dead by a search of its whole position, now
//              and then, is pruned, and its smallest dead set becomes a
//              learned pattern (fast mode; solver/whole_deadlock.h)
//   penalty    penalty patterns learned during search, by a small search
//              around the moved box, added to the bound (both modes, push
//              and pull searches; solver/eval_penalty.h)
//   penpull    with backward: one more member of the fast-mode portfolio,
//              the pull search with the penalty patterns of `penalty`, with
//              a share of its own (`pullpenalty`; solver/cost_turns.h); the
//              other members keep their searches (not with `penalty`, which
//              gives the pull search the patterns already)
//   boxpen     with fessmoves: the box-moves member searches with the
//              penalty patterns of `penalty`, in the place and with the
//              turns of the one without them (`boxpenalty`)
//   corralwalls the feature-space member's corral deadlock check searches
//              again with the boxes frozen on goals kept as walls instead of
//              taken off the board (solver/corral_deadlock.h)
//   weightfirst the feature-space member without the shared deadlock tables
//              (`unlearned`), and the first one (`features`) on levels of 12
//              boxes or more, take from each cell the state of least weight,
//              h only breaking ties, as FESS does (solver/order_features.h)
//   roomsets   one more member (`roomsets`, levels of 12 boxes or more): the
//              dead-sets member's search with FESS's room connectivity and
//              hotspots features in its order, tables of its own, most of
//              the late share (solver/cost_turns.h)
//   penshare   on levels of 18 or 19 boxes (fast mode), every push member
//              bounds with the penalty patterns (solver/eval_penalty.h) and
//              learns into the level's shared table, as `boxpenalty` does
// The set of `--prune` techniques on, one bit each (PruneFlags).
using PruneSet = uint64_t;
// How many bits PruneFlags uses: a new technique takes bit kPruneBits and adds one to it.
constexpr int kPruneBits = 38;
enum PruneFlags : PruneSet {
  kPruneDeadSquares = uint64_t{1} << 0,
  kPruneFreeze = uint64_t{1} << 1,
  kPruneBipartite = uint64_t{1} << 2,
  kPruneCorral = uint64_t{1} << 3,
  kPruneTunnels = uint64_t{1} << 4,
  kPruneCorralDeadlocks = uint64_t{1} << 5,
  kPruneBackward = uint64_t{1} << 6,
  kPruneGoalRooms = uint64_t{1} << 7,
  kPruneFeatures = uint64_t{1} << 8,
  kPruneRoomPaths = uint64_t{1} << 9,
  kPrunePairs = uint64_t{1} << 10,
  kPruneLearned = uint64_t{1} << 11,
  kPruneSchedule = uint64_t{1} << 12,
  kPruneDeadPairs = uint64_t{1} << 13,
  kPruneRoomConnectivity = uint64_t{1} << 14,
  kPruneOutOfPlan = uint64_t{1} << 15,
  kPruneHotspots = uint64_t{1} << 16,
  kPrunePackOrder = uint64_t{1} << 17,
  kPruneBidir = uint64_t{1} << 18,
  kPruneFessMoves = uint64_t{1} << 19,
  kPruneDeadSets = uint64_t{1} << 20,
  kPruneSchedule2 = uint64_t{1} << 21,
  kPruneOptBound = uint64_t{1} << 22,
  kPruneSchedule3 = uint64_t{1} << 23,
  kPruneFess2 = uint64_t{1} << 24,
  kPruneDeadScan = uint64_t{1} << 25,
  kPruneCorralBig = uint64_t{1} << 26,
  kPruneShareFollow = uint64_t{1} << 27,
  kPruneSplitRooms = uint64_t{1} << 28,
  kPruneWholeLearn = uint64_t{1} << 29,
  kPrunePullPenalty = uint64_t{1} << 30,
  kPrunePenalty = uint64_t{1} << 31,
  kPruneBoxPenalty = uint64_t{1} << 32,
  kPrunePackSearch = uint64_t{1} << 33,
  kPruneCorralWalls = uint64_t{1} << 34,
  kPruneWeightFirst = uint64_t{1} << 35,
  kPruneRoomSets = uint64_t{1} << 36,
  kPrunePenaltyShare = uint64_t{1} << 37,
  kPruneAll = (PruneSet{1} << kPruneBits) - 1,
  // What `--prune` means when not given: all but `roomconn`, `outofplan`,
  // `hotspots`, `deadsets`, `deadscan`, `corralbig`, `splitroom`, `wholelearn` and `penalty`.
  // `packsearch` changes the orders of XSokoban 15, 42 and 47 only (parking), of no Boxoban
  // hard 000 level, of 13 Microban and 11 Microban II levels: XSokoban at 150,000 expansions 56
  // against 55 (gains 47, 15 in 1,483 states against 87,990, every other level the same
  // states); Microban 155/155, Microban II 135/135. `learned` and `schedule`
  // together take Microban II's level 124 from 809,888 states to 243,427; `schedule`, `deadpairs`
  // and the learning start late on small levels (solver/schedule.h), so Microban's median time
  // stays main's. XSokoban at 150,000 expansions a level, each over the default set of the time (46
  // solved): `roomconn` 46 (gains 15, 59, 70, loses 20, 33, 61), `outofplan` 46 (the same),
  // `hotspots` 41 (loses 10, 33, 40, 48, 61); `packorder` 50 (gains 21, 22,
  // 26, 72, loses none). `fessmoves` (on levels of 12 boxes or more)
  // solves XSokoban 27 and 58 within 20 s a level where main does not
  // (loaded machine), losing none of 46 levels tried; Microban's search
  // stays the same. `deadsets` over the default set: 48 of 50 (gains
  // 77, loses 10, 33, 37; 0.86x the states on the levels both solve); at
  // 20 s a level it gains 75 and loses 10 and 37.
  // `schedule3` (turns by cost from the 100,000th expansion, `ownopen`,
  // the dead-sets member): XSokoban at 20 s a level, quiet machine, 69
  // against 65 (gains 14, 16, 19, 30, loses none); Microban changes only 153,
  // Microban II only 124 (536,756 states against 251,382).
  // `fess2` (the box-moves member with FESS's six advisors, its four
  // features and least weight first; levels of 12 boxes or more): XSokoban
  // at 150,000 expansions 54 against 52 (gains 36, 70, loses none); at 20 s
  // a level, main's binary alongside on a loaded machine, 57 against 53
  // (gains 32, 36, 70, 75, loses none); Microban's search unchanged,
  // Microban II 124 19 states more.
  // `sharefollow`: Microban II 124 229,878 states against 536,756, the rest
  // of Microban II and all of Microban the same; XSokoban's levels solved
  // within 1,800,000 expansions the same, 44 solved in 2,167,238.
  // `penpull` (its member from the 100,000th expansion, the push members'
  // shares cut to give it 14): XSokoban 87 solved in 5,509,913 cost units
  // (main spends 7,145,252 in 20 s), 14, 16, 19 and 45 in the same units as
  // without it, 44 in 1.06 times; levels decided before the 100,000th
  // expansion (all of Microban) search as without it.
  // `corralwalls` (the `features` member's corral check only): XSokoban at
  // 20 s a level 76 against 75 (gains 18 in 14.1 s, loses none; 20, 46 and
  // 49 search differently, the others the same); Microban 4 states more.
  // `weightfirst` (the `unlearned` member only): XSokoban at 20 s a level 77
  // against 76 (gains 42 in 10.7 s, loses none; 13 and 19 in 0.6 s and 0.3 s
  // instead of 13.1 and 10.4); Microban, Microban II and Boxoban hard 000
  // the same states.
  // `roomsets` (with the late shares of levels of 12 boxes or more and the
  // late phase from the 1,500,000th expansion): XSokoban at 20 s a level 79
  // against 77 in the same minutes (gains 29 and 41, loses none; 11, 14, 16,
  // 42, 90 and others take 1-6% more expansions); Microban, Microban II and
  // Boxoban hard 000 the same states.
  kPruneDefault = kPruneAll & ~kPruneRoomConnectivity & ~kPruneOutOfPlan & ~kPruneHotspots &
                  ~kPruneDeadSets & ~kPruneDeadScan & ~kPruneCorralBig & ~kPruneWholeLearn &
                  ~kPrunePenalty & ~kPruneSplitRooms,
};
// Parses a comma list of
// "dead,freeze,bipartite,corral,corraldead,tunnel,backward,goalroom,features,roompath,pairs,
// learned,schedule,deadpairs,roomconn,outofplan,hotspots,packorder,bidir,fessmoves,deadsets,schedule2,optbound,
// schedule3,fess2,deadscan,corralbig,sharefollow,splitroom,packsearch,wholelearn,penalty,penpull,boxpen,
// corralwalls,weightfirst,roomsets,penshare",
// "all", "none", "default" (kPruneDefault); a word "-NAME" takes NAME out of what the words before
// it gave ("default,-learned").
absl::StatusOr<PruneSet> ParsePruneList(std::string_view list);
// Every word ParsePruneList takes, in the order of the help text (for the
// help, the shell completion and the tests).
std::vector<std::string_view> PruneWordNames();

struct SolveOptions {
  SolveMode mode = SolveMode::kFast;
  double time_limit_seconds = 0;  // 0: none
  size_t memory_limit_bytes = 0;  // 0: none; counts the solver's own allocations
  uint64_t max_expansions = 0;    // 0: none; a deterministic budget (ends as kTimeout)
  PruneSet prune = kPruneDefault;
  const std::atomic<bool>* cancel = nullptr;  // checked often; may be null
  // Optimal mode: what is minimized. kMoves runs the moves-optimal search
  // (solver/move_optimal.h) instead of the push-optimal A*.
  Metric metric = Metric::kPushes;
  // When set, a solution found early is handed to the optimizer
  // (solver/optimizer.h) for the rest of the time limit.
  std::optional<Metric> optimize;
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

SolveResult Solve(const Level& level, const SolveOptions& options);

// The names of fast mode's portfolio members (SolveOptions::member), in the
// order of the portfolio.
std::vector<std::string_view> FastMemberNames();

}  // namespace sokoban
