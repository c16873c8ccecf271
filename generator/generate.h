// Generating a pack: layouts, goals, reverse pulls, verification by the
// forward solver, difficulty filter, and de-duplication, run as numbered
// attempts.
//
// Determinism: attempt i draws every random number from
// Rng::ForAttempt(seed, i) and depends on nothing else, the solver is run
// with an expansion budget (never a clock), and results are taken in
// attempt order. So the same options give the same pack whatever the
// thread count.
//
//   GenerateOptions o;
//   o.count = 20; o.boxes = 4; o.seed = 7;
//   SOKOBAN_RETURN_IF_ERROR(CheckRequest(o));
//   GenerateResult r = Generate(o);
//   if (static_cast<int>(r.levels.size()) < o.count) { /* r.Shortfall() says why */ }
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/level.h"
#include "common/moves.h"
#include "generator/layout.h"
#include "generator/reverse_pull.h"

namespace sokoban::generator {

enum class Difficulty : uint8_t { kEasy, kMedium, kHard };
inline constexpr Difficulty kAllDifficulties[] = {Difficulty::kEasy, Difficulty::kMedium,
                                                  Difficulty::kHard};
std::string_view DifficultyName(Difficulty d);  // "easy", "medium", "hard"
absl::StatusOr<Difficulty> ParseDifficulty(std::string_view name);

enum class PullEngine : uint8_t { kAuto, kWalk, kSearch, kBeam };
inline constexpr PullEngine kAllPullEngines[] = {PullEngine::kAuto, PullEngine::kWalk,
                                                 PullEngine::kSearch, PullEngine::kBeam};
std::string_view PullEngineName(PullEngine e);  // "auto", "walk", "search", "beam"
absl::StatusOr<PullEngine> ParsePullEngine(std::string_view name);

// Board sizes the generator accepts, walls included.
inline constexpr int kMinGenerateSide = 5;
inline constexpr int kMaxGenerateSide = 64;

struct GenerateOptions {
  int count = 10;
  int width = 10;  // walls included
  int height = 10;
  int boxes = 4;
  LayoutStyle style = LayoutStyle::kRoom;
  Difficulty difficulty = Difficulty::kMedium;
  PullEngine engine = PullEngine::kAuto;
  uint64_t seed = 1;
  int threads = 1;
  OpenLimit max_open;
  bool allow_boxes_on_goals = false;
  // Explicit filters; unset ones come from the difficulty preset.
  std::optional<int> min_pushes;
  std::optional<int> min_box_changes;
  std::optional<uint64_t> min_states;
  // Keep levels whose PushLowerBound is at least this: they provably need
  // that many pushes, whatever solution is found.
  std::optional<int> min_push_bound;
  // Attempts before giving up; 0 picks a bound from count and difficulty.
  uint64_t max_attempts = 0;
  // Solver expansion budget per candidate; 0 picks one from the size.
  uint64_t solver_budget = 0;
  // Wall unused pockets (trim.h) as the last step; unset: the preset
  // decides (hard trims).
  std::optional<bool> trim;
  // Reject levels whose unused floor (unused_floor.h) is above this share
  // of the floor, measured on the level as kept (after trimming).
  std::optional<double> max_unused_floor;
};

// The concrete settings an options value resolves to.
struct GeneratePlan {
  PullEngine engine = PullEngine::kWalk;
  int walk_steps = 0;
  int search_nodes = 0;
  int walks = 1;  // independent walks per attempt
  BeamOptions beam;
  // Goals in one loose group deep in the layout (ChooseClusteredGoals)
  // rather than scattered (ChooseGoals); the beam engine's choice.
  bool cluster_goals = false;
  int min_pushes = 0;
  int min_box_changes = 0;
  uint64_t min_states = 0;
  int min_push_bound = 0;
  uint64_t max_attempts = 0;
  uint64_t solver_budget = 0;
  // Also run the push-optimal solver (hard levels small enough for it).
  bool optimal = false;
  bool trim = false;
  double max_unused_floor = 1.0;
};
GeneratePlan MakePlan(const GenerateOptions& options);

// Rejects impossible or unreasonable requests before any work: sizes
// outside kMinGenerateSide..kMaxGenerateSide, counts below 1, more boxes
// than the floor can hold, bad thread counts. The message says what is
// wrong and what would be accepted.
absl::Status CheckRequest(const GenerateOptions& options);

struct GeneratedLevel {
  Level level;          // board, title, author, "Solution", metric notes
  MoveMetrics metrics;  // of the stored solution
  uint64_t states = 0;  // states the fast-mode solver expanded
  bool push_optimal = false;
  int optimal_pushes = -1;  // fewest pushes when known, else -1
  // A proved lower bound on the pushes any solution needs (PushLowerBound:
  // boxes matched to distinct goals, no other box in the way).
  int push_lower_bound = 0;
  // Floor squares neither the player nor a box stands on along the stored
  // solution, and the floor (ReachableFloor), on the level as kept.
  int unused_floor = 0;
  int floor = 0;
  int trimmed = 0;        // floor squares trimming turned into walls
  uint64_t attempt = 0;   // the attempt index it came from
  std::string canonical;  // CanonicalForm of the board
};

// Why attempts ended without a level, counted over the attempts the pack
// consumed (in attempt order, up to the last one used).
struct GenerateStats {
  uint64_t attempts = 0;
  uint64_t no_layout = 0;     // the layout could not be made valid
  uint64_t no_goals = 0;      // too little usable floor for the boxes
  uint64_t no_position = 0;   // no pulled position passed the start checks
  uint64_t unsolved = 0;      // the solver did not solve it within budget
  uint64_t too_easy = 0;      // below the difficulty filter
  uint64_t unused_floor = 0;  // more unused floor than --max-unused-floor
  uint64_t duplicates = 0;    // same canonical form as an earlier level
};

struct GenerateResult {
  std::vector<GeneratedLevel> levels;
  GenerateStats stats;
  GeneratePlan plan;
  // When fewer levels than asked were made: how many and why.
  std::string Shortfall(int wanted) const;
  // The attempts that gave no level, by reason ("3 duplicates, ..."), or
  // an empty string.
  std::string Rejections() const;
};

// Called from the coordinating thread after each batch of attempts.
using ProgressFn = std::function<void(int made, int wanted, uint64_t attempts)>;

// Runs attempts until options.count levels are made or the attempt bound is
// reached. options must pass CheckRequest.
GenerateResult Generate(const GenerateOptions& options, const ProgressFn& progress = nullptr);

// One attempt alone: the level it yields, or nullopt with the reason added
// to stats (attempts is not touched). Exposed for tests and benchmarks.
std::optional<GeneratedLevel> RunAttempt(const GenerateOptions& options, const GeneratePlan& plan,
                                         uint64_t attempt, GenerateStats& stats);

}  // namespace sokoban::generator
