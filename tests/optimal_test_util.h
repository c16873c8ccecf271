// What the optimal-mode tests share: a solve in optimal mode, the levels
// on which two configurations of it are checked to give the same push
// counts, and that check.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/level.h"
#include "common/rules.h"
#include "generator/generate.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {

inline SolveResult SolveOptimal(const Level& level, PruneSet prune,
                                uint64_t max_expansions = 3'000'000) {
  SolveOptions options;
  options.mode = SolveMode::kOptimal;
  options.prune = prune;
  options.max_expansions = max_expansions;
  return Solve(level, options);
}

// Microban 1-92 (the levels before the first hard one), random small rooms
// drawn from `seed` until there are `up_to` levels (or 1,000 draws), and
// four generated 8x8 levels of three boxes (seed `seed`), each with a name
// for the failure messages.
inline std::vector<std::pair<std::string, Level>> OptimalCheckLevels(unsigned seed, size_t up_to) {
  std::vector<std::pair<std::string, Level>> levels;
  for (int number = 1; number <= 92; ++number) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  std::mt19937 rng(seed);
  std::vector<std::string> rows;
  for (int k = 0; levels.size() < up_to && k < 1000; ++k) {
    if (std::optional<Level> room = RandomRoom(rng, &rows)) {
      levels.emplace_back("room " + std::to_string(k), *room);
    }
  }
  generator::GenerateOptions o;
  o.count = 4;
  o.boxes = 3;
  o.width = 8;
  o.height = 8;
  o.seed = seed;
  const generator::GenerateResult generated = Generate(o);
  EXPECT_EQ(static_cast<int>(generated.levels.size()), o.count);
  for (size_t k = 0; k < generated.levels.size(); ++k) {
    levels.emplace_back("generated " + std::to_string(k), generated.levels[k].level);
  }
  return levels;
}

// What ExpectSamePushCounts saw: the levels solved and the states each
// configuration expanded in all.
struct PushCountTotals {
  int solved = 0;
  uint64_t with_expanded = 0, without_expanded = 0;
};

// Solves each level in optimal mode with the `--prune` flags `with` and
// `without` and checks that they agree: the same status (never a timeout)
// and, where solved, the same push count, both solutions push-optimal and
// replayed by the rules engine.
inline void ExpectSamePushCounts(const std::vector<std::pair<std::string, Level>>& levels,
                                 PruneSet with_flags, PruneSet without_flags,
                                 PushCountTotals* totals = nullptr) {
  PushCountTotals seen;
  for (const auto& [name, level] : levels) {
    const SolveResult with = SolveOptimal(level, with_flags);
    const SolveResult without = SolveOptimal(level, without_flags);
    ASSERT_EQ(with.status, without.status) << name;
    ASSERT_NE(with.status, SolveStatus::kTimeout) << name;
    seen.with_expanded += with.expanded;
    seen.without_expanded += without.expanded;
    if (with.status != SolveStatus::kSolved) continue;
    ++seen.solved;
    EXPECT_EQ(with.metrics.pushes, without.metrics.pushes) << name;
    for (const SolveResult* r : {&with, &without}) {
      EXPECT_TRUE(r->push_optimal) << name;
      const ReplayResult replay = Replay(level, r->solution);
      EXPECT_TRUE(replay.valid && replay.solved) << name << ": " << replay.error;
    }
  }
  if (totals) *totals = seen;
}

}  // namespace sokoban
