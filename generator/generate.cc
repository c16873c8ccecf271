#include "generator/generate.h"

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include "absl/strings/str_cat.h"
#include "generator/canonical.h"
#include "generator/goals.h"
#include "generator/pack_builder.h"
#include "generator/push_bound.h"
#include "generator/reverse_pull.h"
#include "generator/rng.h"
#include "generator/trim.h"
#include "generator/unused_floor.h"
#include "solver/solver.h"

namespace sokoban::generator {
namespace {

int InteriorArea(const GenerateOptions& o) { return (o.width - 2) * (o.height - 2); }

// The level as XSB squares: floor and its content, walls only where they
// touch floor (8-neighbourhood), trimmed to the floor plus its wall ring.
// boxes and player are floor indices of the board.
Level ToLevel(const Board& board, const std::vector<int>& boxes, int player) {
  const int w = board.width();
  std::vector<uint8_t> box_at(board.size(), 0);
  for (int b : boxes) box_at[b] = 1;
  return DrawFloor(
             w, board.height(), [&](int x, int y) { return board.FloorIndex(y * w + x) >= 0; },
             [&](int x, int y) {
               const int sq = board.FloorIndex(y * w + x);
               const bool goal = board.IsGoal(sq);
               if (sq == player) return goal ? '+' : '@';
               if (box_at[sq]) return goal ? '*' : '$';
               return goal ? '.' : ' ';
             })
      .value_or(Level{});
}

std::vector<std::string> MetricNotes(const GeneratedLevel& g) {
  std::vector<std::string> notes = {
      absl::StrCat("Pushes: ", g.metrics.pushes),
      absl::StrCat("Moves: ", g.metrics.moves),
      absl::StrCat("Box lines: ", g.metrics.box_lines),
      absl::StrCat("Box changes: ", g.metrics.box_changes),
      absl::StrCat("Pushing sessions: ", g.metrics.pushing_sessions),
      absl::StrCat("Solver states: ", g.states),
      absl::StrCat("Push lower bound: ", g.push_lower_bound),
      absl::StrCat("Unused floor: ", g.unused_floor, " of ", g.floor, " squares"),
  };
  if (g.trimmed > 0) notes.push_back(absl::StrCat("Trimmed: ", g.trimmed, " squares walled"));
  if (g.optimal_pushes >= 0) notes.push_back(absl::StrCat("Optimal pushes: ", g.optimal_pushes));
  return notes;
}

}  // namespace

std::string_view DifficultyName(Difficulty d) {
  switch (d) {
    case Difficulty::kEasy:
      return "easy";
    case Difficulty::kMedium:
      return "medium";
    case Difficulty::kHard:
      return "hard";
  }
  return "?";
}

absl::StatusOr<Difficulty> ParseDifficulty(std::string_view name) {
  for (Difficulty d : kAllDifficulties) {
    if (name == DifficultyName(d)) return d;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown --difficulty '", std::string(name), "' (known: easy, medium, hard)"));
}

std::string_view PullEngineName(PullEngine e) {
  switch (e) {
    case PullEngine::kAuto:
      return "auto";
    case PullEngine::kWalk:
      return "walk";
    case PullEngine::kSearch:
      return "search";
    case PullEngine::kBeam:
      return "beam";
  }
  return "?";
}

absl::StatusOr<PullEngine> ParsePullEngine(std::string_view name) {
  for (PullEngine e : kAllPullEngines) {
    if (name == PullEngineName(e)) return e;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown --engine '", std::string(name), "' (known: auto, walk, search, beam)"));
}

GeneratePlan MakePlan(const GenerateOptions& o) {
  GeneratePlan plan;
  const int k = o.boxes;
  const int area = InteriorArea(o);
  // Search pays off while the pull state space is small enough for the
  // node budget to reach deep positions: up to 10x10 inside. At 14x12 with
  // 6 boxes its 100,000 nodes end about 25 pulls deep, below the hard
  // filter's 32 pushes, and nine attempts in ten were thrown away.
  const bool small = k <= 6 && area <= 100;
  // Many boxes or a big board: walks and breadth-first search both leave
  // boxes near their goals there, the beam carries them across the board.
  const bool large = !small;
  switch (o.difficulty) {
    case Difficulty::kEasy:
      plan.engine = PullEngine::kWalk;
      plan.walk_steps = 6 * k + 10;
      plan.search_nodes = 2000;
      plan.min_pushes = k + 2;
      plan.min_box_changes = std::min(k, 2);
      plan.max_attempts = 50;
      plan.solver_budget = 5000 + 2000 * static_cast<uint64_t>(k);
      break;
    case Difficulty::kMedium:
      plan.engine = PullEngine::kWalk;
      plan.walk_steps = 25 * k + 40;
      plan.walks = 2;
      plan.search_nodes = 20000;
      plan.min_pushes = 3 * k + 4;
      plan.min_box_changes = k + 1;
      plan.max_attempts = 200;
      plan.solver_budget = 20000 + 10000 * static_cast<uint64_t>(k);
      break;
    case Difficulty::kHard:
      plan.engine = small ? PullEngine::kSearch : large ? PullEngine::kBeam : PullEngine::kWalk;
      plan.walk_steps = 40 * k;
      plan.walks = 8;
      plan.search_nodes = 100000;
      plan.min_pushes = 5 * k + 2;
      plan.min_box_changes = 2 * k + 1;
      plan.max_attempts = 1000;
      plan.solver_budget = 100000 + 50000 * static_cast<uint64_t>(k);
      plan.optimal = k <= 5 && area <= 100;
      plan.trim = true;
      break;
  }
  // A push count beyond what walks reach asks for the beam.
  const int wanted_pushes = std::max(o.min_pushes.value_or(0), o.min_push_bound.value_or(0));
  if (wanted_pushes > 6 * k && (large || !small)) plan.engine = PullEngine::kBeam;
  if (o.engine != PullEngine::kAuto) plan.engine = o.engine;
  plan.cluster_goals = plan.engine == PullEngine::kBeam;
  // Beam levels that the fast solver solves at all it mostly solves within
  // a few thousand expansions; a failing candidate is cheaper to replace
  // than to chase.
  if (plan.engine == PullEngine::kBeam) {
    plan.solver_budget =
        std::min<uint64_t>(plan.solver_budget, 20000 + 2000 * static_cast<uint64_t>(k));
  }
  if (o.solver_budget) plan.solver_budget = o.solver_budget;
  if (o.min_pushes) plan.min_pushes = *o.min_pushes;
  if (o.min_box_changes) plan.min_box_changes = *o.min_box_changes;
  if (o.min_states) plan.min_states = *o.min_states;
  if (o.min_push_bound) plan.min_push_bound = *o.min_push_bound;
  if (o.trim) plan.trim = *o.trim;
  if (o.max_unused_floor) plan.max_unused_floor = *o.max_unused_floor;
  plan.max_attempts = o.max_attempts
                          ? o.max_attempts
                          : std::min<uint64_t>(100 + plan.max_attempts * o.count, 10'000'000);
  // Walks must be long enough, and many enough, to carry the boxes as far
  // as the filter asks.
  if (plan.min_pushes > 10 * k) {
    plan.walk_steps = std::max(plan.walk_steps, std::min(4 * plan.min_pushes, 2000));
    plan.walks = std::max(plan.walks, 8);
  }
  return plan;
}

absl::Status CheckRequest(const GenerateOptions& o) {
  if (o.count < 1 || o.count > 1'000'000) {
    return absl::InvalidArgumentError(absl::StrCat("--count ", o.count, " must be 1 to 1000000"));
  }
  if (o.width < kMinGenerateSide || o.height < kMinGenerateSide || o.width > kMaxGenerateSide ||
      o.height > kMaxGenerateSide) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--size ", o.width, "x", o.height, " is out of range: each side, walls included, must be ",
        kMinGenerateSide, " to ", kMaxGenerateSide));
  }
  if (o.boxes < 1) {
    return absl::InvalidArgumentError(absl::StrCat("--boxes ", o.boxes, " must be at least 1"));
  }
  // Each box needs its goal square and room to be pulled through, and the
  // player needs a square: 2K+2 floor squares is the least a level with K
  // movable boxes can have, and the interior bounds the floor.
  const int area = InteriorArea(o);
  if (2 * o.boxes + 2 > area) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--boxes ", o.boxes, " does not fit a ", o.width, "x", o.height,
        " board: its floor has at most ", area, " squares and ", o.boxes, " boxes need at least ",
        2 * o.boxes + 2, " (at most ", (area - 2) / 2, " boxes fit)"));
  }
  if (o.max_unused_floor && !(*o.max_unused_floor >= 0 && *o.max_unused_floor <= 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--max-unused-floor ", *o.max_unused_floor, " must be a share from 0 to 1"));
  }
  if (o.threads < 1 || o.threads > 256) {
    return absl::InvalidArgumentError(absl::StrCat("--threads ", o.threads, " must be 1 to 256"));
  }
  return absl::OkStatus();
}

std::optional<GeneratedLevel> RunAttempt(const GenerateOptions& o, const GeneratePlan& plan,
                                         uint64_t attempt, GenerateStats& stats) {
  Rng rng = Rng::ForAttempt(o.seed, attempt);
  // 1. Layout.
  LayoutSpec spec;
  spec.width = o.width;
  spec.height = o.height;
  spec.max_open = o.max_open;
  const std::optional<Layout> layout = MakeLayout(o.style, spec, rng);
  if (!layout) {
    ++stats.no_layout;
    return std::nullopt;
  }
  // 2. Goals, among squares a box can be pulled off.
  const std::vector<int> goals = plan.cluster_goals ? ChooseClusteredGoals(*layout, o.boxes, rng)
                                                    : ChooseGoals(*layout, o.boxes, rng);
  if (static_cast<int>(goals.size()) < o.boxes || layout->FloorCount() < 2 * o.boxes + 2) {
    ++stats.no_goals;
    return std::nullopt;
  }
  const absl::StatusOr<Board> shared =
      Board::FromWallsAndGoals(layout->width, layout->height, layout->wall, goals);
  if (!shared.ok()) {  // layouts are closed and goals on floor: cannot happen
    ++stats.no_layout;
    return std::nullopt;
  }
  const Board& board = *shared;

  // 3. Reverse pulls.
  StartChecks checks;
  checks.allow_boxes_on_goals = o.allow_boxes_on_goals;
  std::optional<PullCandidate> c;
  switch (plan.engine) {
    case PullEngine::kSearch:
      c = SearchPulls(board, SearchOptions{plan.search_nodes}, checks, rng);
      break;
    case PullEngine::kBeam:
      c = BeamPulls(board, plan.beam, checks, rng);
      break;
    default:
      c = RandomPullWalk(board, WalkOptions{plan.walk_steps, plan.walks}, checks, rng);
      break;
  }
  if (!c) {
    ++stats.no_position;
    return std::nullopt;
  }
  GeneratedLevel g;
  g.attempt = attempt;
  g.level = ToLevel(board, c->boxes, c->player);
  if (c->pulls_exact) g.optimal_pushes = c->pulls;
  g.push_lower_bound = PushLowerBound(board, c->boxes);

  // 4. Verification: the forward solver must solve it. A candidate too
  // short by its pull count alone cannot pass the filter (the pulls are an
  // upper bound on the fewest pushes), nor one below the asked lower
  // bound, so neither is worth a solve.
  if (c->pulls < plan.min_pushes || g.push_lower_bound < plan.min_push_bound) {
    ++stats.too_easy;
    return std::nullopt;
  }
  SolveOptions fast;
  fast.mode = SolveMode::kFast;
  fast.max_expansions = plan.solver_budget;
  SolveResult r = Solve(g.level, fast);
  if (r.status != SolveStatus::kSolved) {
    ++stats.unsolved;
    return std::nullopt;
  }
  g.states = r.expanded;
  if (plan.optimal) {
    SolveOptions optimal = fast;
    optimal.mode = SolveMode::kOptimal;
    SolveResult best = Solve(g.level, optimal);
    if (best.status == SolveStatus::kSolved) {
      r = std::move(best);
      g.push_optimal = r.push_optimal;
      if (r.push_optimal) g.optimal_pushes = r.metrics.pushes;
    }
  }
  g.metrics = r.metrics;

  // 5. Difficulty filter.
  if (g.metrics.pushes < plan.min_pushes || g.metrics.box_changes < plan.min_box_changes ||
      g.states < plan.min_states) {
    ++stats.too_easy;
    return std::nullopt;
  }
  g.level.author = "sokoban generate";
  g.level.solutions.push_back(Solution{"Solution", r.solution, {}});

  // 6. Trimming, last: unused pockets walled where the solution still
  // replays and the solver's states stay at 90% or more.
  if (plan.trim) {
    TrimOptions t;
    t.solve = fast;
    t.untrimmed_states = g.states;
    if (std::optional<TrimmedLevel> tl = TrimUnusedFloor(g.level, r.solution, t)) {
      g.level = std::move(tl->level);
      g.states = tl->states;
      g.trimmed = tl->removed;
    }
  }
  const absl::StatusOr<UnusedFloor> unused = MeasureUnusedFloor(g.level, r.solution);
  if (!unused.ok()) {  // the solver's solution was replayed; cannot happen
    ++stats.unsolved;
    return std::nullopt;
  }
  g.unused_floor = unused->unused;
  g.floor = unused->floor;
  if (unused->share() > plan.max_unused_floor) {
    ++stats.unused_floor;
    return std::nullopt;
  }
  g.level.notes = MetricNotes(g);
  g.canonical = CanonicalForm(g.level);
  return g;
}

std::string GenerateResult::Shortfall(int wanted) const {
  std::string text = absl::StrCat("made ", levels.size(), " of ", wanted, " levels in ",
                                  stats.attempts, " attempts (the limit is ", plan.max_attempts,
                                  "; raise it with --max-attempts)");
  const std::string why = Rejections();
  if (!why.empty()) absl::StrAppend(&text, ": ", why);
  return text;
}

std::string GenerateResult::Rejections() const {
  const std::pair<const char*, uint64_t> reasons[] = {
      {"layouts that could not be repaired", stats.no_layout},
      {"layouts with too little floor for the boxes", stats.no_goals},
      {"pulls that found no valid start", stats.no_position},
      {"candidates the solver did not solve within its budget", stats.unsolved},
      {"levels below the difficulty filter", stats.too_easy},
      {"levels above --max-unused-floor", stats.unused_floor},
      {"duplicates", stats.duplicates},
  };
  std::string why;
  for (const auto& [what, n] : reasons) {
    if (n == 0) continue;
    absl::StrAppend(&why, why.empty() ? "" : ", ", n, " ", what);
  }
  return why;
}

GenerateResult Generate(const GenerateOptions& o, const ProgressFn& progress) {
  const GeneratePlan plan = MakePlan(o);
  PackBuilder pack(o.count);
  // Attempts run in batches; within a batch threads take indices from a
  // shared counter, and the batch is then consumed strictly in index order,
  // so which thread ran what never shows in the result.
  const uint64_t batch = static_cast<uint64_t>(o.threads) * 4;
  struct Slot {
    std::optional<GeneratedLevel> level;
    GenerateStats stats;
  };
  std::vector<Slot> slots;
  uint64_t next = 0;
  while (!pack.full() && next < plan.max_attempts) {
    const uint64_t n = std::min(batch, plan.max_attempts - next);
    slots.assign(n, Slot{});
    std::atomic<uint64_t> counter{0};
    auto work = [&] {
      for (uint64_t i = counter++; i < n; i = counter++) {
        slots[i].level = RunAttempt(o, plan, next + i, slots[i].stats);
      }
    };
    if (o.threads == 1) {
      work();
    } else {
      std::vector<std::thread> pool;
      for (int t = 0; t < o.threads; ++t) pool.emplace_back(work);
      for (std::thread& t : pool) t.join();
    }
    for (uint64_t i = 0; i < n && !pack.full(); ++i)
      pack.Add(std::move(slots[i].level), slots[i].stats);
    next += n;
    if (progress) {
      progress(static_cast<int>(pack.result().levels.size()), o.count,
               pack.result().stats.attempts);
    }
  }
  return pack.Take(plan);
}

}  // namespace sokoban::generator
