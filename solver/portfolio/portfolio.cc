#include "solver/portfolio/portfolio.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <utility>
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

// One level's run of the portfolio: the members it runs, their searches
// and tables, and the rounds until one decides the level or all stop.
class Portfolio {
 public:
  Portfolio(const Level& level, const Board& board, const SolveOptions& options,
            std::chrono::steady_clock::time_point start, std::vector<const Member*> members)
      : level_(level),
        board_(board),
        options_(options),
        inner_(InnerOptions(options, members.size())),
        start_(start),
        fast_(options.mode == SolveMode::kFast),
        alone_(fast_ && !options.member.empty()),
        members_(std::move(members)),
        tables_(board, inner_),
        cost_turns_(board.box_count()) {}

  SolveResult Run() {
    Join(JoinAt::kStart);
    if (fast_ && LearningStarts(board_.box_count(), 0)) StartLearning();
    // Each search goes on until one decides the level; the others go on
    // after one meets its memory limit.
    const Search* winner = nullptr;
    for (uint64_t round = 1;
         !winner && std::find(live_.begin(), live_.end(), true) != live_.end() && !OverBudget();
         ++round) {
      winner = PlayRound(round);
      if (fast_) FollowSchedule();
    }
    return Verdict(winner ? winner : searches_[0].get());
  }

 private:
  // The options each search gets: the expansion budget is counted over all
  // of them here, and each has an equal share of the memory.
  static SolveOptions InnerOptions(const SolveOptions& options, size_t members) {
    SolveOptions inner = options;
    inner.max_expansions = 0;
    if (options.memory_limit_bytes) inner.memory_limit_bytes /= members;
    return inner;
  }

  static bool Decided(const Search& s) {
    return s.status() == SolveStatus::kSolved || s.status() == SolveStatus::kUnsolvable;
  }

  uint64_t Expanded() const {
    uint64_t sum = 0;
    for (const auto& s : searches_) sum += s->expanded();
    return sum;
  }
  bool OverBudget() const {
    return options_.max_expansions && Expanded() >= options_.max_expansions;
  }
  // The expansions --max-expansions leaves (all of them without it): a
  // member's turn, by cost or by rounds, is cut there.
  uint64_t BudgetLeft() const {
    if (!options_.max_expansions) return UINT64_MAX;
    return options_.max_expansions - std::min(options_.max_expansions, Expanded());
  }

  // Starts member m's search, with tables of its own when it asks
  // (SearchSpec::own_tables), as a partner of every search of the other
  // direction.
  void Add(const Member& m) {
    LevelTables* member_tables = &tables_;
    search_tables_.push_back(nullptr);
    if (m.spec.own_tables) {
      own_tables_.push_back(
          std::make_unique<LevelTables>(board_, inner_, &tables_, m.spec.dead_sets));
      member_tables = own_tables_.back().get();
      search_tables_.back() = member_tables;
      if (learning_) member_tables->StartLearning();
      member_tables->BuildDeadSets();
    }
    searches_.push_back(std::make_unique<Search>(
        board_, inner_, MakeSearchConfig(board_, inner_, m.spec, *member_tables), start_));
    running_.push_back(&m);
    kinds_.push_back(m.schedule);
    if (by_cost_) cost_turns_.Add(m.schedule, live_);
    Search& added = *searches_.back();
    for (size_t k = 0; k + 1 < searches_.size(); ++k) {
      if (searches_[k]->direction() == m.spec.direction) continue;
      added.AddPartner(searches_[k].get());
      searches_[k]->AddPartner(&added);
    }
    live_.push_back(added.Start());
  }

  // The members of `stage` join, in the table's order (all of them at once
  // for a member alone).
  void Join(JoinAt stage) {
    for (const Member* m : members_) {
      if (JoinStage(m->schedule) == stage || alone_) Add(*m);
    }
  }

  // Deadlock patterns are learned from the start on large levels; on small
  // ones later, for levels still open.
  void StartLearning() {
    tables_.StartLearning();
    for (auto& t : own_tables_) t->StartLearning();
    learning_ = true;
  }

  // One round: a turn by cost, or each member's turns by rounds (in optimal
  // mode the one the meeting names). Returns the search that decided the
  // level, or null.
  const Search* PlayRound(uint64_t round) {
    OptimalMeeting* meeting = tables_.meeting();  // optimal mode, `bidir`
    // The push and pull searches meeting: one turn a round, to the one
    // meeting->NextTurn names (the other when that one has stopped).
    size_t turn = 0;
    if (meeting) {
      turn = meeting->NextTurn(searches_[0]->lower(), searches_[1]->lower());
      if (!live_[turn]) turn = 1 - turn;
    }
    const Search* winner = nullptr;
    if (by_cost_) {
      follow_.Update(kinds_, live_, Expanded(), cost_turns_);
      // A turn of expansions in a row (kTurnUnits), cut at --max-expansions.
      const size_t k = cost_turns_.Next(live_);
      const uint64_t steps = std::min<uint64_t>(cost_turns_.TurnLength(k), BudgetLeft());
      for (uint64_t t = 0; t < steps && live_[k]; ++t) {
        live_[k] = searches_[k]->Step();
        cost_turns_.Charge(k);
      }
      if (!live_[k] && Decided(*searches_[k])) winner = searches_[k].get();
    }
    // By rounds, each member's turns; a round too is cut at --max-expansions.
    for (size_t k = 0; k < searches_.size() && !winner && !by_cost_; ++k) {
      const int turns = alone_ ? 1 : ScheduleTurns(running_[k]->schedule, round);
      if (turns == 0) continue;
      if (meeting && k != turn && live_[k]) continue;  // one decided at Start() still wins
      const uint64_t steps = std::min<uint64_t>(turns, BudgetLeft());
      for (uint64_t t = 0; t < steps && live_[k]; ++t) live_[k] = searches_[k]->Step();
      if (!live_[k] && Decided(*searches_[k])) winner = searches_[k].get();
    }
    // A meeting no dearer than the largest priority either has expanded is
    // optimal.
    if (meeting && !winner &&
        meeting->Proved(std::max(searches_[0]->lower(), searches_[1]->lower()))) {
      searches_[0]->SolveByMeeting(*meeting);
      winner = searches_[0].get();
    }
    return winner;
  }

  // After a round in fast mode: the members and tables whose time has come
  // (solver/portfolio/schedule.h) join.
  void FollowSchedule() {
    if (!alone_ && joined_ == JoinAt::kStart && PlainJoins(searches_[0]->expanded(), live_[0])) {
      joined_ = JoinAt::kPlain;
      Join(JoinAt::kPlain);
    }
    if (!learning_ && LearningStarts(board_.box_count(), Expanded())) StartLearning();
    if (alone_ && LateJoins(searches_[0]->expanded(), Expanded())) tables_.BuildDeadPairs();
    // A member with tables of its own meets the dead pairs as alone: after
    // its own kPlainAfter expansions, not from its start.
    for (size_t k = 0; k < searches_.size(); ++k) {
      if (search_tables_[k] && searches_[k]->expanded() >= kPlainAfter)
        search_tables_[k]->UseDeadPairs();
    }
    if (!alone_ && joined_ == JoinAt::kPlain && LateJoins(searches_[0]->expanded(), Expanded())) {
      joined_ = JoinAt::kLate;
      Join(JoinAt::kLate);
      // The dead-pair table, for levels still open (solver/deadlock/dead_pairs.h).
      tables_.BuildDeadPairs();
    }
    if (!alone_ && !by_cost_ && CostTurnsStart(Expanded())) {
      by_cost_ = true;
      for (const Member* m : running_) cost_turns_.Add(m->schedule, {});
      Join(JoinAt::kByCost);
    }
  }

  std::string NameOf(const Search* search) const {
    const size_t k = std::find_if(searches_.begin(), searches_.end(),
                                  [&](const auto& s) { return s.get() == search; }) -
                     searches_.begin();
    return std::string(running_[k]->name);
  }

  // Of searches that all stopped at a limit, the status to report: a
  // cancel, else the time limit (the level had all its time), else memory.
  static SolveStatus Undecided(SolveStatus a, SolveStatus b) {
    if (a == SolveStatus::kCancelled || b == SolveStatus::kCancelled) {
      return SolveStatus::kCancelled;
    }
    if (a == SolveStatus::kTimeout || b == SolveStatus::kTimeout) return SolveStatus::kTimeout;
    return SolveStatus::kMemory;
  }

  // The verdict: a search that finished decides (solved, or unsolvable: an
  // exhausted search is a proof whichever ordering or direction it used);
  // else the limit they stopped at.
  SolveStatus Status(const Search& winner) const {
    if (Decided(winner)) return winner.status();
    if (OverBudget()) return SolveStatus::kTimeout;
    // A search that gave up (goal macros) stopped at no limit.
    bool any = false;
    SolveStatus status = SolveStatus::kTimeout;
    for (const auto& s : searches_) {
      if (s->gave_up()) continue;
      status = any ? Undecided(status, s->status()) : s->status();
      any = true;
    }
    return status;
  }

  // The result: the verdict, each member's work and furthest position, the
  // memory, and the solution replayed by the rules engine.
  SolveResult Verdict(const Search* winner) const {
    SolveResult result;
    result.status = Status(*winner);
    if (Decided(*winner)) {
      result.decided_by = NameOf(winner);
      if (winner->met()) result.decided_by += "+" + NameOf(winner->met_partner());
    }
    result.expanded = Expanded();
    for (size_t k = 0; k < searches_.size(); ++k) {
      result.members.emplace_back(running_[k]->name, searches_[k]->expanded());
      const Search& s = *searches_[k];
      if (s.best_on_goals() < 0) continue;
      result.progress.push_back({std::string(running_[k]->name), s.best_on_goals(), s.best_at()});
      if (result.status == SolveStatus::kSolved) continue;
      // The level's board in that state: PieceLevel with the level's goals.
      result.progress.back().position =
          PieceLevel(level_, board_, {s.best_boxes(), s.best_player()}, {board_.goals()}).Rows();
    }
    // Bytes per state over all the searches' stores: a search that stored a
    // few states in its first table would say little alone.
    double store_bytes = 0;
    for (const auto& s : searches_) {
      result.stored += s->stored();
      result.peak_bytes += s->peak_bytes();
      store_bytes += s->bytes_per_state() * static_cast<double>(s->stored());
    }
    result.peak_bytes += tables_.bytes();
    for (const auto& t : own_tables_) result.peak_bytes += t->bytes();
    if (result.stored) {
      result.bytes_per_state =
          static_cast<size_t>(store_bytes / static_cast<double>(result.stored) + 0.5);
    }
    if (result.status == SolveStatus::kSolved) {
      result.solution = PushesToLurd(board_, winner->pushes());
      result.metrics = CheckedReplay(level_, result.solution);
      result.push_optimal = options_.mode == SolveMode::kOptimal;
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return result;
  }

  const Level& level_;
  const Board& board_;
  const SolveOptions& options_;
  const SolveOptions inner_;
  const std::chrono::steady_clock::time_point start_;
  const bool fast_;
  // One member alone (SolveOptions::member): it joins now and takes every
  // turn.
  const bool alone_;
  const std::vector<const Member*> members_;  // the members this level runs
  LevelTables tables_;                        // the level's
  // The searches, in the order they joined, each with its member, kind,
  // whether it goes on, and its own tables (null: the level's).
  std::vector<std::unique_ptr<Search>> searches_;
  std::vector<const Member*> running_;
  std::vector<ScheduleMember> kinds_;
  std::vector<bool> live_;
  std::vector<LevelTables*> search_tables_;
  std::vector<std::unique_ptr<LevelTables>> own_tables_;
  bool learning_ = false;
  JoinAt joined_ = JoinAt::kStart;
  // Turns by cost once CostTurnsStart (solver/portfolio/cost_turns.h); the
  // shares follow the members that stop, and the level's life
  // (solver/portfolio/share_follow.h).
  CostTurns cost_turns_;
  bool by_cost_ = false;
  ShareFollow follow_;
};

}  // namespace

std::vector<std::string_view> FastMemberNames() {
  std::vector<std::string_view> names;
  for (const Member& m : kFastPortfolio) names.push_back(m.name);
  return names;
}

SolveResult SolvePortfolio(const Level& level, const Board& board, const SolveOptions& options,
                           std::chrono::steady_clock::time_point start) {
  // The members this level runs.
  const bool fast = options.mode == SolveMode::kFast;
  const bool alone = fast && !options.member.empty();
  const std::span<const Member> table =
      fast ? std::span<const Member>(kFastPortfolio) : std::span<const Member>(kOptimalPortfolio);
  std::vector<const Member*> members;
  for (size_t k = 0; k < table.size(); ++k) {
    const Member& m = table[k];
    const bool chosen = !fast || k == 0 || (options.members >> k & 1);
    if (alone
            ? m.name == options.member
            : chosen && (options.prune & m.needs) == m.needs && board.box_count() >= m.min_boxes) {
      members.push_back(&m);
    }
  }
  if (members.empty()) {
    SolveResult result;
    result.status = SolveStatus::kInvalid;
    result.error = "no fast-mode search named '" + options.member + "'";
    return result;
  }
  return Portfolio(level, board, options, start, std::move(members)).Run();
}

}  // namespace sokoban
