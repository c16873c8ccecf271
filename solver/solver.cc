#include "solver/solver.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "solver/box_path.h"
#include "solver/checked_replay.h"
#include "solver/goal_room.h"
#include "solver/learned_deadlocks.h"
#include "solver/move_optimal.h"
#include "solver/optimizer.h"
#include "solver/search.h"

namespace sokoban {

// Fast mode runs a push search in feature-space order with goal-room macros
// (Search::UseFeatures, UseGoalRooms) and a pull search from the goals
// (weight 10, Direction::kPull); levels they have not decided after
// kPlainAfter expansions of the first get a plain A*-ordered push search
// (weight 1) alongside. They take turns one expansion at a time (the
// A*-ordered one once in kPlainRounds rounds), so the result does not
// depend on timing, and each works within an equal share of the memory.
// With `schedule` a feature-space search without goal rooms joins them.
// The pull search and the push searches look up each other's states: one
// both have seen joins a path from the start with a path to the goal.
constexpr int kPullWeight = 10;
// The first push search's weight without the feature-space order
// (`--prune` without `features`): f = g + 5h.
constexpr int kFastWeight = 5;
constexpr uint64_t kPlainAfter = 20000;
// The feature-space search and the pull search solve the most, but some
// levels need the plain ordering.
constexpr uint64_t kPlainRounds = 4;
// With `schedule`, a second feature-space push search, without goal rooms
// (no macros, no goal cuts), joins with the A*-ordered one and takes a
// turn every kOpenRounds rounds: on levels whose goals the room macros
// lead astray it finds what the first misses (XSokoban 21: 22,639
// expansions of it alone; the first search does not solve it in 300,000).
constexpr uint64_t kOpenRounds = 2;

namespace {

// Of searches that all stopped at a limit, the status to report: a cancel,
// else the time limit (the level had all its time), else memory.
SolveStatus Undecided(SolveStatus a, SolveStatus b) {
  if (a == SolveStatus::kCancelled || b == SolveStatus::kCancelled) return SolveStatus::kCancelled;
  if (a == SolveStatus::kTimeout || b == SolveStatus::kTimeout) return SolveStatus::kTimeout;
  return SolveStatus::kMemory;
}

bool Decided(const Search& s) {
  return s.status() == SolveStatus::kSolved || s.status() == SolveStatus::kUnsolvable;
}

}  // namespace

SolveResult Solve(const Level& level, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  absl::StatusOr<Board> board = Board::Build(level);
  if (!board.ok()) {
    result.status = SolveStatus::kInvalid;
    result.error = std::string(board.status().message());
    return result;
  }
  if (options.mode == SolveMode::kOptimal && options.metric == Metric::kMoves) {
    return SolveMovesOptimal(level, *board, options, start);
  }
  // The expansion budget is counted over all searches, here.
  SolveOptions inner = options;
  inner.max_expansions = 0;
  const bool portfolio = options.mode == SolveMode::kFast;
  const bool pull = portfolio && (options.prune & kPruneBackward);
  const bool schedule = portfolio && (options.prune & kPruneSchedule);
  if (portfolio && options.memory_limit_bytes) {
    inner.memory_limit_bytes /= (pull ? 3 : 2) + (schedule ? 1 : 0);
  }
  auto over_budget = [&](uint64_t expanded) {
    return options.max_expansions && expanded >= options.max_expansions;
  };

  // Goal-room macros for the first push search only: the others keep
  // every push, so that together they still prove what they exhaust.
  std::unique_ptr<GoalRooms> rooms;
  if (portfolio && (options.prune & kPruneGoalRooms)) rooms = std::make_unique<GoalRooms>(*board);
  // Deadlock patterns learned by any push search prune all of them.
  std::unique_ptr<LearnedDeadlocks> learned;
  if (portfolio && (options.prune & kPruneLearned) && (options.prune & kPruneCorralDeadlocks)) {
    learned = std::make_unique<LearnedDeadlocks>(*board);
  }
  std::vector<std::unique_ptr<Search>> searches;
  std::vector<bool> live;
  auto add = [&](int weight, Direction direction, const GoalRooms* goal_rooms, bool features) {
    searches.push_back(std::make_unique<Search>(*board, inner, weight, direction, start));
    Search& added = *searches.back();
    added.UseGoalRooms(goal_rooms);
    added.UseLearnedDeadlocks(learned.get());
    if (features) added.UseFeatures();
    for (size_t k = 0; k + 1 < searches.size(); ++k) {
      if (searches[k]->direction() == direction) continue;
      added.AddPartner(searches[k].get());
      searches[k]->AddPartner(&added);
    }
    live.push_back(added.Start());
  };
  auto expanded = [&] {
    uint64_t sum = 0;
    for (const auto& s : searches) sum += s->expanded();
    return sum;
  };
  const bool features = portfolio && (options.prune & kPruneFeatures);
  add(portfolio && !features ? kFastWeight : 1, Direction::kPush, rooms.get(), features);
  if (pull) add(kPullWeight, Direction::kPull, nullptr, false);
  const size_t plain = searches.size();  // where the A*-ordered search goes
  // Each search goes on until one decides the level; the others go on after
  // one meets its memory limit.
  const Search* winner = nullptr;
  uint64_t round = 0;
  while (!winner && std::find(live.begin(), live.end(), true) != live.end() &&
         !over_budget(expanded())) {
    ++round;
    for (size_t k = 0; k < searches.size() && !winner; ++k) {
      if (k == plain && round % kPlainRounds != 0) continue;
      if (k == plain + 1 && round % kOpenRounds != 0) continue;
      if (live[k]) live[k] = searches[k]->Step();
      if (!live[k] && Decided(*searches[k])) winner = searches[k].get();
    }
    if (portfolio && searches.size() == plain &&
        (searches[0]->expanded() >= kPlainAfter || !live[0])) {
      add(1, Direction::kPush, nullptr, false);
      if (schedule && features) add(1, Direction::kPush, nullptr, true);
    }
  }
  // The verdict: a search that finished decides (solved, or unsolvable: an
  // exhausted search is a proof whichever ordering or direction it used).
  if (!winner) winner = searches[0].get();
  if (Decided(*winner)) {
    result.status = winner->status();
  } else if (over_budget(expanded())) {
    result.status = SolveStatus::kTimeout;
  } else {
    // A search that gave up (goal macros) stopped at no limit.
    bool any = false;
    for (const auto& s : searches) {
      if (s->gave_up()) continue;
      result.status = any ? Undecided(result.status, s->status()) : s->status();
      any = true;
    }
    if (!any) result.status = SolveStatus::kTimeout;
  }
  result.expanded = expanded();
  // Bytes per state over all the searches' stores: a search that stored a
  // few states in its first table would say little alone.
  double store_bytes = 0;
  for (const auto& s : searches) {
    result.stored += s->stored();
    result.peak_bytes += s->peak_bytes();
    store_bytes += s->bytes_per_state() * static_cast<double>(s->stored());
  }
  if (learned) result.peak_bytes += learned->bytes();
  if (result.stored) {
    result.bytes_per_state =
        static_cast<size_t>(store_bytes / static_cast<double>(result.stored) + 0.5);
  }
  if (result.status == SolveStatus::kSolved) {
    result.solution = PushesToLurd(*board, winner->pushes());
    result.metrics = CheckedReplay(level, result.solution);
    result.push_optimal = options.mode == SolveMode::kOptimal;
    if (options.optimize) OptimizeFound(level, options, start, result);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sokoban
