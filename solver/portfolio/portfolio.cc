#include "solver/portfolio/portfolio.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <span>
#include <vector>

#include "solver/core/box_path.h"
#include "solver/core/checked_replay.h"
#include "solver/core/piece_level.h"
#include "solver/portfolio/cost_turns.h"
#include "solver/portfolio/schedule.h"
#include "solver/portfolio/share_follow.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"

namespace sokoban {

namespace {

// Fast mode runs a portfolio of searches (kFastPortfolio) that take turns
// on one level and share what they learn; optimal mode an A* push search
// and, with `bidir`, an A* pull search meeting it (kOptimalPortfolio;
// solver/parts/meet_optimal.h), one turn a round to the one the meeting names.
// The push and pull searches look up each other's states: a state both have
// seen joins a path from the start with a path to the goal. Each member
// works within an equal share of the memory. When each fast member joins
// and how it takes turns: solver/portfolio/schedule.h (by rounds, early) and
// solver/portfolio/cost_turns.h (by cost, from the level's 100,000th expansion on);
// its shares are read there by its ScheduleMember. Goal-room macros go only
// to push members that keep every other push too, so that together the
// members still prove what they exhaust.
struct Member {
  // Its name for `solve --member` and `--members`.
  std::string_view name;
  SearchSpec spec;
  // It runs when every `--prune` flag in `needs` is on (optimal mode).
  PruneSet needs = 0;
  // When it joins and how often it takes a turn (solver/portfolio/schedule.h).
  ScheduleMember schedule = ScheduleMember::kFirst;
  // It runs on levels of at least this many boxes.
  int min_boxes = 0;
};
// The pull searches' weight: f = g + 10h.
constexpr int kPullWeight = 10;
// The first feature-space search takes the state of least weight first
// (`weightfirst`) on levels of this many boxes or more; on smaller ones the
// cells' order by h alone does better.
constexpr int kWeightFirstBoxes = 12;
using Order = SearchSpec::Order;
constexpr Member kFastPortfolio[] = {
    // FESS's feature-space search (Shoham and Schaeffer) with goal-room
    // macros and the level's shared deadlock tables: the main push search.
    {.name = "features",
     .spec = {.order = Order::kFeatures,
              .goal_rooms = true,
              .corral_walls = true,
              .weight_first = true,
              .weight_first_boxes = kWeightFirstBoxes}},
    // Backwards from the goals by pulls, meeting the push searches.
    {.name = "pull",
     .spec = {.direction = Direction::kPull, .weight = kPullWeight},
     .schedule = ScheduleMember::kPull},
    // A* order (f = g + h), for levels the feature space leads astray.
    {.name = "plain", .spec = {.weight = 1}, .schedule = ScheduleMember::kPlain},
    // The main search's technique without the shared deadlock tables,
    // whose pruning changes the feature-space order; least weight first.
    {.name = "unlearned",
     .spec = {.order = Order::kFeatures,
              .goal_rooms = true,
              .shared_deadlocks = false,
              .weight_first = true},
     .schedule = ScheduleMember::kUnlearned},
    // FESS's advised box moves (a box pushed in one move where an advisor
    // would put it) with penalty patterns in its bound (solver/eval/eval_penalty.h),
    // on large levels, where one box move stands for many pushes.
    {.name = "boxpenalty",
     .spec = {.order = Order::kFeatures, .goal_rooms = true, .box_moves = true, .penalties = true},
     .schedule = ScheduleMember::kBoxMoves,
     .min_boxes = kBoxMovesBoxes},
    // The feature space without goal rooms, with tables of its own: it
    // finds what the room macros lead the others away from.
    {.name = "ownopen",
     .spec = {.order = Order::kFeatures, .own_tables = true},
     .schedule = ScheduleMember::kOwnOpen},
    // The main search's technique with the dead sets (solver/deadlock/dead_sets.h)
    // in tables of its own, so that they do not change the main order.
    {.name = "deadsets",
     .spec = {.order = Order::kFeatures, .goal_rooms = true, .own_tables = true, .dead_sets = true},
     .schedule = ScheduleMember::kDeadSets},
    // The dead-sets search ordered also by FESS's room connectivity and
    // hotspots (solver/fess/fess_features.h); most of the late share on large
    // levels.
    {.name = "roomsets",
     .spec = {.order = Order::kFeatures,
              .goal_rooms = true,
              .own_tables = true,
              .dead_sets = true,
              .fess_features = kFessRoomConnectivity | kFessHotspots},
     .schedule = ScheduleMember::kRoomSets,
     .min_boxes = kBoxMovesBoxes},
    // The pull search with penalty patterns, from the turns by cost on.
    {.name = "pullpenalty",
     .spec = {.direction = Direction::kPull, .weight = kPullWeight, .penalties = true},
     .schedule = ScheduleMember::kPullPenalty},
};
constexpr Member kOptimalPortfolio[] = {
    {.name = "optimal", .spec = {.weight = 1}},
    // `bidir`: a pull A* from the solved position; the two meet in
    // LevelTables::meeting().
    {.name = "bidir", .spec = {.direction = Direction::kPull, .weight = 1}, .needs = kPruneBidir},
};

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

std::vector<std::string_view> FastMemberNames() {
  std::vector<std::string_view> names;
  for (const Member& m : kFastPortfolio) names.push_back(m.name);
  return names;
}

SolveResult SolvePortfolio(const Level& level, const Board& board_ref, const SolveOptions& options,
                           std::chrono::steady_clock::time_point start) {
  SolveResult result;
  const Board* board = &board_ref;
  // The members this level runs.
  const bool portfolio = options.mode == SolveMode::kFast;
  // One member alone (SolveOptions::member): it joins now and takes every
  // turn.
  const bool alone = portfolio && !options.member.empty();
  std::vector<const Member*> members;
  const std::span<const Member> table = portfolio ? std::span<const Member>(kFastPortfolio)
                                                  : std::span<const Member>(kOptimalPortfolio);
  for (size_t k = 0; k < table.size(); ++k) {
    const Member& m = table[k];
    const bool chosen = !portfolio || k == 0 || (options.members >> k & 1);
    if (alone
            ? m.name == options.member
            : chosen && (options.prune & m.needs) == m.needs && board->box_count() >= m.min_boxes) {
      members.push_back(&m);
    }
  }
  if (members.empty()) {
    result.status = SolveStatus::kInvalid;
    result.error = "no fast-mode search named '" + options.member + "'";
    return result;
  }
  // The expansion budget is counted over all searches, here.
  SolveOptions inner = options;
  inner.max_expansions = 0;
  if (options.memory_limit_bytes) inner.memory_limit_bytes /= members.size();
  auto over_budget = [&](uint64_t expanded) {
    return options.max_expansions && expanded >= options.max_expansions;
  };

  LevelTables tables(*board, inner);
  OptimalMeeting* meeting = tables.meeting();  // optimal mode, `bidir`
  std::vector<std::unique_ptr<Search>> searches;
  std::vector<const Member*> running;
  std::vector<bool> live;
  // Members with tables of their own (SearchSpec::own_tables), and each
  // search's own tables (null: the level's).
  std::vector<std::unique_ptr<LevelTables>> own_tables;
  std::vector<LevelTables*> search_tables;
  bool learning = false;
  // `schedule3`: turns by cost once CostTurnsStart (solver/portfolio/cost_turns.h).
  CostTurns cost_turns(board->box_count());
  bool by_cost = false;
  // `sharefollow`: the shares follow the members that stop, and the
  // level's life (solver/portfolio/share_follow.h).
  ShareFollow follow;
  std::vector<ScheduleMember> kinds;
  auto add = [&](const Member& m) {
    const SearchSpec& spec = m.spec;
    LevelTables* member_tables = &tables;
    search_tables.push_back(nullptr);
    if (m.spec.own_tables) {
      own_tables.push_back(std::make_unique<LevelTables>(*board, inner, &tables, m.spec.dead_sets));
      member_tables = own_tables.back().get();
      search_tables.back() = member_tables;
      if (learning) member_tables->StartLearning();
      member_tables->BuildDeadSets();
    }
    searches.push_back(std::make_unique<Search>(
        *board, inner, MakeSearchConfig(*board, inner, spec, *member_tables), start));
    running.push_back(&m);
    kinds.push_back(m.schedule);
    if (by_cost) cost_turns.Add(m.schedule, live);
    Search& added = *searches.back();
    for (size_t k = 0; k + 1 < searches.size(); ++k) {
      if (searches[k]->direction() == m.spec.direction) continue;
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
  // The expansions --max-expansions leaves (all of them without it): a
  // member's turn, by cost or by rounds, is cut there.
  auto budget_left = [&]() -> uint64_t {
    if (!options.max_expansions) return UINT64_MAX;
    return options.max_expansions - std::min(options.max_expansions, expanded());
  };
  // The members join in the order of ScheduleMember: the first ones now,
  // the others when the schedule says (solver/portfolio/schedule.h).
  auto join = [&](ScheduleMember stage) {
    for (const Member* m : members) {
      if (JoinStage(m->schedule) == stage || alone) add(*m);
    }
  };
  // Deadlock patterns are learned, and the dead sets (solver/deadlock/dead_sets.h)
  // built, from the start on large levels; on small ones later, for levels
  // still open.
  auto start_learning = [&] {
    tables.StartLearning();
    for (auto& t : own_tables) t->StartLearning();
    learning = true;
  };
  join(ScheduleMember::kFirst);
  ScheduleMember joined = ScheduleMember::kFirst;
  if (portfolio && LearningStarts(board->box_count(), 0)) {
    start_learning();
  }
  // Each search goes on until one decides the level; the others go on after
  // one meets its memory limit.
  const Search* winner = nullptr;
  uint64_t round = 0;
  while (!winner && std::find(live.begin(), live.end(), true) != live.end() &&
         !over_budget(expanded())) {
    ++round;
    // The push and pull searches meeting: one turn a round, to the one
    // meeting->NextTurn names (the other when that one has stopped).
    size_t turn = 0;
    if (meeting) {
      turn = meeting->NextTurn(searches[0]->lower(), searches[1]->lower());
      if (!live[turn]) turn = 1 - turn;
    }
    if (by_cost) {
      follow.Update(kinds, live, expanded(), cost_turns);
      // A turn of expansions in a row (kTurnUnits), cut at --max-expansions.
      const size_t k = cost_turns.Next(live);
      const uint64_t steps = std::min<uint64_t>(cost_turns.TurnLength(k), budget_left());
      for (uint64_t t = 0; t < steps && live[k]; ++t) {
        live[k] = searches[k]->Step();
        cost_turns.Charge(k);
      }
      if (!live[k] && Decided(*searches[k])) winner = searches[k].get();
    }
    // By rounds, each member's turns; a round too is cut at --max-expansions.
    for (size_t k = 0; k < searches.size() && !winner && !by_cost; ++k) {
      const int turns = alone ? 1 : ScheduleTurns(running[k]->schedule, round);
      if (turns == 0) continue;
      if (meeting && k != turn && live[k]) continue;  // one decided at Start() still wins
      const uint64_t steps = std::min<uint64_t>(turns, budget_left());
      for (uint64_t t = 0; t < steps && live[k]; ++t) live[k] = searches[k]->Step();
      if (!live[k] && Decided(*searches[k])) winner = searches[k].get();
    }
    // A meeting no dearer than the largest priority either has expanded is
    // optimal.
    if (meeting && !winner &&
        meeting->Proved(std::max(searches[0]->lower(), searches[1]->lower()))) {
      searches[0]->SolveByMeeting(*meeting);
      winner = searches[0].get();
    }
    if (!portfolio) continue;
    if (!alone && joined == ScheduleMember::kFirst &&
        PlainJoins(searches[0]->expanded(), live[0])) {
      joined = ScheduleMember::kPlain;
      join(ScheduleMember::kPlain);
    }
    if (!learning && LearningStarts(board->box_count(), expanded())) start_learning();
    if (alone && OpenJoins(searches[0]->expanded(), expanded())) tables.BuildDeadPairs();
    // A member with tables of its own meets the dead pairs as alone: after
    // its own kPlainAfter expansions (XSokoban 35 and 44 are not solved by
    // `ownopen` when they prune its states from its start).
    for (size_t k = 0; k < searches.size(); ++k) {
      if (search_tables[k] && searches[k]->expanded() >= kPlainAfter)
        search_tables[k]->UseDeadPairs();
    }
    if (!alone && joined == ScheduleMember::kPlain &&
        OpenJoins(searches[0]->expanded(), expanded())) {
      joined = ScheduleMember::kOpen;
      join(ScheduleMember::kOpen);
      // The dead-pair table, for levels still open (solver/deadlock/dead_pairs.h).
      tables.BuildDeadPairs();
    }
    if (!alone && !by_cost && CostTurnsStart(expanded())) {
      by_cost = true;
      for (const Member* m : running) cost_turns.Add(m->schedule, {});
      join(ScheduleMember::kPullPenalty);
    }
  }
  // The verdict: a search that finished decides (solved, or unsolvable: an
  // exhausted search is a proof whichever ordering or direction it used).
  if (!winner) winner = searches[0].get();
  const auto name_of = [&](const Search* search) {
    const size_t k = std::find_if(searches.begin(), searches.end(),
                                  [&](const auto& s) { return s.get() == search; }) -
                     searches.begin();
    return std::string(running[k]->name);
  };
  if (Decided(*winner)) {
    result.status = winner->status();
    result.decided_by = name_of(winner);
    if (winner->met()) result.decided_by += "+" + name_of(winner->met_partner());
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
  for (size_t k = 0; k < searches.size(); ++k) {
    result.members.emplace_back(running[k]->name, searches[k]->expanded());
    const Search& s = *searches[k];
    if (s.best_on_goals() < 0) continue;
    result.progress.push_back({std::string(running[k]->name), s.best_on_goals(), s.best_at()});
    if (result.status == SolveStatus::kSolved) continue;
    // The level's board in that state: PieceLevel with the level's goals.
    result.progress.back().position =
        PieceLevel(level, *board, {s.best_boxes(), s.best_player()}, {board->goals()}).Rows();
  }
  // Bytes per state over all the searches' stores: a search that stored a
  // few states in its first table would say little alone.
  double store_bytes = 0;
  for (const auto& s : searches) {
    result.stored += s->stored();
    result.peak_bytes += s->peak_bytes();
    store_bytes += s->bytes_per_state() * static_cast<double>(s->stored());
  }
  result.peak_bytes += tables.bytes();
  for (const auto& t : own_tables) result.peak_bytes += t->bytes();
  if (result.stored) {
    result.bytes_per_state =
        static_cast<size_t>(store_bytes / static_cast<double>(result.stored) + 0.5);
  }
  if (result.status == SolveStatus::kSolved) {
    result.solution = PushesToLurd(*board, winner->pushes());
    result.metrics = CheckedReplay(level, result.solution);
    result.push_optimal = options.mode == SolveMode::kOptimal;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sokoban
