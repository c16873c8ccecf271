// What the optimal-mode tests share: a solve in optimal mode, and the levels
// on which two configurations of it are checked to give the same push
// counts.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/level.h"
#include "generator/generate.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {

inline SolveResult SolveOptimal(const Level& level, uint32_t prune,
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

}  // namespace sokoban
