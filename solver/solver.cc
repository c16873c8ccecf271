#include "solver/solver.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <span>
#include <vector>

#include "solver/box_path.h"
#include "solver/checked_replay.h"
#include "solver/cost_turns.h"
#include "solver/meet_optimal.h"
#include "solver/move_optimal.h"
#include "solver/optimize_technique.h"
#include "solver/optimizer.h"
#include "solver/schedule.h"
#include "solver/search.h"
#include "solver/search_config.h"
#include "solver/share_follow.h"

namespace sokoban {

namespace {

// Fast mode runs a portfolio of searches (kFastPortfolio): a push search
// in feature-space order with goal-room macros and a pull search from the
// goals (weight 10); levels they have not decided after kPlainAfter
// expansions of the first get a plain A*-ordered push search (weight 1)
// alongside, with `schedule` a feature-space search without goal rooms,
// with `schedule2` one with goal rooms but without the shared deadlock
// tables and, on levels of 12 boxes or more, with `fessmoves` one with goal
// rooms and FESS's advised box moves, and with `penpull`, from the turns by
// cost on, a pull search with penalty patterns (when each joins:
// solver/schedule.h).
// They take turns in rounds (ScheduleTurns: the late members once in a few
// rounds), so the result does not depend on timing, and each works within
// an equal share of the memory. The pull search and the push searches look
// up each other's states: one both have seen joins a path from the start
// with a path to the goal. Optimal mode runs an A* push search
// (kOptimalPortfolio) and, with `bidir`, an A* pull search meeting it
// (solver/meet_optimal.h): one turn a round, to the one the meeting names.
struct Member {
  // Its name for SolveOptions::member (`solve --member`).
  std::string_view name;
  SearchSpec spec;
  // It runs when every `--prune` flag in `needs` is on and none in
  // `without`.
  PruneSet needs = 0, without = 0;
  // When it joins and how often it takes a turn (solver/schedule.h).
  ScheduleMember schedule = ScheduleMember::kFirst;
  // It runs on levels of at least this many boxes.
  int min_boxes = 0;
};
constexpr int kPullWeight = 10;
// `penshare`: on levels of kPenaltyShareBoxes boxes or more, and fewer than
// kCrowdedBoxes, every push member bounds with the penalty patterns and
// learns into the level's shared table (SearchSpec::penalties), as
// `boxpenalty` does; the pull searches are as without it. A rule fitted to
// XSokoban: with every push member so, at 20 s a level, XSokoban 52 (18
// boxes) is solved in 7.2-8.5 s (`boxpenalty` meets `pull`: 44,603 and
// 456,618 expansions; with any one member so, or any four or five of the
// six, not in 20 s), and of the others only 16 (15 boxes), 18 (11), 77 (14)
// and 90 (25) are lost; from 16 boxes up, 29 takes 14.0 s instead of 7.9.
// Of 18 and 19 boxes XSokoban has 11 levels; Microban, Microban II and
// Boxoban none.
constexpr int kPenaltyShareBoxes = 18;
// The first feature-space search takes the state of least weight first
// (`weightfirst`) on levels of this many boxes or more.
constexpr int kWeightFirstBoxes = 12;
// The first push search's weight without the feature-space order
// (`--prune` without `features`): f = g + 5h.
constexpr int kFastWeight = 5;
using Order = SearchSpec::Order;
constexpr Member kFastPortfolio[] = {
    // The feature-space search and the pull search solve the most. Goal-room
    // macros go to the first push search only: the others keep every push,
    // so that together they still prove what they exhaust.
    // `weightfirst` on levels of kWeightFirstBoxes boxes or more: alone it
    // solves XSokoban 42 in 2,915 expansions and 48 in 2,333 (not within
    // 20 s without), 36 in 74,668 (687,478); in the portfolio XSokoban 42
    // takes 0.1 s instead of 11-16, 45 0.9 s instead of 5-7, 11 2.2 instead
    // of 4-6. On smaller levels it loses 18 (11 boxes) in the portfolio.
    {.name = "features",
     .spec = {.order = Order::kFeatures,
              .goal_rooms = true,
              .corral_walls = true,
              .weight_first = true,
              .weight_first_boxes = kWeightFirstBoxes},
     .needs = kPruneFeatures},
    {.name = "weighted",
     .spec = {.order = Order::kBestFirst, .weight = kFastWeight, .goal_rooms = true},
     .without = kPruneFeatures},
    {.name = "pull",
     .spec = {.direction = Direction::kPull, .weight = kPullWeight},
     .needs = kPruneBackward,
     .schedule = ScheduleMember::kPull},
    // Some levels need the plain ordering.
    {.name = "plain", .spec = {.weight = 1}, .schedule = ScheduleMember::kPlain},
    // `schedule`: on levels whose goals the room macros lead astray this one
    // finds what the first misses (XSokoban 21: 22,639 expansions of it
    // alone; the first search does not solve it in 300,000).
    {.name = "open",
     .spec = {.order = Order::kFeatures},
     .needs = kPruneSchedule | kPruneFeatures,
     .without = kPruneSchedule3,
     .schedule = ScheduleMember::kOpen},
    // `schedule2`: the first search's technique without the shared deadlock
    // tables (learned patterns, dead pairs), which change its order and lead
    // it astray on some levels (XSokoban 48: 1,453 expansions of this one
    // alone; the first search does not solve it in 1,000,000).
    // `weightfirst`: it takes the state of least weight first, h only
    // breaking ties, as FESS does: XSokoban 42 (24 boxes) in 16,538
    // expansions of it alone, not in 10 s without; the `features` member
    // so ordered solves 61 of XSokoban's 90 alone at 10 s a level against
    // 57, but loses 18 in the portfolio, where this member loses none.
    {.name = "unlearned",
     .spec = {.order = Order::kFeatures,
              .goal_rooms = true,
              .shared_deadlocks = false,
              .weight_first = true},
     .needs = kPruneSchedule2 | kPruneFeatures,
     .schedule = ScheduleMember::kUnlearned},
    // `fessmoves`: the feature-space search with goal rooms and FESS's
    // advised box moves (solver/macro_box_moves.h), on large levels: it
    // solves XSokoban 27 (20 boxes); on Microban, where it changed only 153
    // (10 boxes), it cost 0.8 s of its 2.9.
    {.name = "boxmoves",
     .spec = {.order = Order::kFeatures, .goal_rooms = true, .box_moves = true},
     .needs = kPruneFessMoves | kPruneFeatures,
     .without = kPruneBoxPenalty,
     .schedule = ScheduleMember::kBoxMoves,
     .min_boxes = kBoxMovesBoxes},
    // `boxpen`: the box-moves member with the penalty patterns
    // (solver/eval_penalty.h) in its place, with its turns.
    {.name = "boxpenalty",
     .spec = {.order = Order::kFeatures, .goal_rooms = true, .box_moves = true, .penalties = true},
     .needs = kPruneFessMoves | kPruneFeatures | kPruneBoxPenalty,
     .schedule = ScheduleMember::kBoxMoves,
     .min_boxes = kBoxMovesBoxes},
    // `schedule3`: `open` with tables of its own, as alone (XSokoban 35 and
    // 44), and the first search's technique with the dead sets in tables of
    // its own (XSokoban 75), where they do not change the first's order.
    {.name = "ownopen",
     .spec = {.order = Order::kFeatures, .own_tables = true},
     .needs = kPruneSchedule | kPruneFeatures | kPruneSchedule3,
     .schedule = ScheduleMember::kOwnOpen},
    {.name = "deadsets",
     .spec = {.order = Order::kFeatures, .goal_rooms = true, .own_tables = true, .dead_sets = true},
     .needs = kPruneFeatures | kPruneSchedule3,
     .schedule = ScheduleMember::kDeadSets},
    // `roomsets`: the dead-sets member's search with FESS's room
    // connectivity and hotspots in its order (solver/fess_features.h).
    // Alone it solves XSokoban 29 in 317,030 expansions (1.8 s) and 41 in
    // 375,098 (3.5-5.2 s), which no other member solves within 20 s but the
    // pull search 29 (about 9 million); the dead-sets member so ordered
    // would lose 77, which it solves alone in 17,637 expansions and not in
    // 30 s with room connectivity. Hotspots alone: 41 in 577,131, not 29;
    // room connectivity alone: 29 in 601,493, 41 in 1,050,500.
    {.name = "roomsets",
     .spec = {.order = Order::kFeatures,
              .goal_rooms = true,
              .own_tables = true,
              .dead_sets = true,
              .fess_features = kPruneRoomConnectivity | kPruneHotspots},
     .needs = kPruneFeatures | kPruneSchedule3 | kPruneRoomSets,
     .schedule = ScheduleMember::kRoomSets,
     .min_boxes = kBoxMovesBoxes},
    // `penpull`: the pull search with penalty patterns (solver/eval_penalty.h)
    // beside the plain one, from the turns by cost on, with a share of its
    // own (solver/cost_turns.h). Not with `penalty`, whose pull search has
    // them already.
    {.name = "pullpenalty",
     .spec = {.direction = Direction::kPull, .weight = kPullWeight, .penalties = true},
     .needs = kPruneBackward | kPruneSchedule3 | kPrunePullPenalty,
     .without = kPrunePenalty,
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
  // The members this level runs.
  const bool portfolio = options.mode == SolveMode::kFast;
  // One member alone (SolveOptions::member): it joins now and takes every
  // turn.
  const bool alone = portfolio && !options.member.empty();
  std::vector<const Member*> members;
  for (const Member& m : portfolio ? std::span<const Member>(kFastPortfolio)
                                   : std::span<const Member>(kOptimalPortfolio)) {
    if (alone ? m.name == options.member
              : (options.prune & m.needs) == m.needs && !(options.prune & m.without) &&
                    board->box_count() >= m.min_boxes) {
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
  // `schedule3`: turns by cost once CostTurnsStart (solver/cost_turns.h).
  CostTurns cost_turns(board->box_count());
  bool by_cost = false;
  // `sharefollow`: the shares follow the members that stop, and the
  // level's life (solver/share_follow.h).
  ShareFollow follow;
  std::vector<ScheduleMember> kinds;
  const bool penalty_share = portfolio && (options.prune & kPrunePenaltyShare) &&
                             board->box_count() >= kPenaltyShareBoxes &&
                             board->box_count() < kCrowdedBoxes;
  auto add = [&](const Member& m) {
    SearchSpec spec = m.spec;
    if (penalty_share && spec.direction == Direction::kPush) spec.penalties = true;
    LevelTables* member_tables = &tables;
    search_tables.push_back(nullptr);
    if (m.spec.own_tables) {
      SolveOptions own = inner;
      if (m.spec.dead_sets) own.prune |= kPruneDeadSets;
      own_tables.push_back(std::make_unique<LevelTables>(*board, own, &tables));
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
  // the others when the schedule says (solver/schedule.h).
  auto join = [&](ScheduleMember stage) {
    for (const Member* m : members) {
      if (JoinStage(m->schedule) == stage || alone) add(*m);
    }
  };
  // Deadlock patterns are learned, and the dead sets (solver/dead_sets.h)
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
    tables.BuildDeadSets();
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
      if (options.prune & kPruneShareFollow) follow.Update(kinds, live, expanded(), cost_turns);
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
      // The dead-pair table, for levels still open (solver/dead_pairs.h).
      tables.BuildDeadPairs();
      tables.BuildDeadSets();  // and the dead sets (solver/dead_sets.h)
    }
    if (!alone && !by_cost && (options.prune & kPruneSchedule3) && CostTurnsStart(expanded())) {
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
    if (options.optimize) OptimizeFound(level, options, start, result);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sokoban
