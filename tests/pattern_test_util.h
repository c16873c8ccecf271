// Checks deadlock patterns (solver/learned_deadlocks.h) for soundness, for
// the tests of every source of patterns: each pattern, completed with
// random boxes elsewhere and the player on a random square of its area,
// makes a position the pattern calls dead, which an exhaustive search
// using no pattern must prove unsolvable.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "generator/generate.h"
#include "solver/board.h"
#include "solver/learned_deadlocks.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {

// Solves `position` in optimal mode with only the dead-square, freeze and
// matching checks (no corral search, no pattern, no pair table) within
// 300,000 expansions: a position a deadlock table calls dead must not come
// out solved, and should come out unsolvable.
inline SolveResult SolveWithoutPatterns(const Level& position) {
  SolveOptions options;
  options.mode = SolveMode::kOptimal;
  options.prune = kPruneDeadSquares | kPruneFreeze | kPruneBipartite;
  options.max_expansions = 300'000;
  return Solve(position, options);
}

// The levels the pattern soundness checks draw positions from: 20 random
// 8x8 levels each of 3 and 4 boxes from the generator (seeds seed + 3 and
// seed + 4), and the Microban boards of at most 48 squares and 3-6 boxes.
inline std::vector<std::pair<std::string, Level>> SmallPatternLevels(uint64_t seed) {
  std::vector<std::pair<std::string, Level>> levels;
  for (int boxes : {3, 4}) {
    generator::GenerateOptions o;
    o.count = 20;
    o.boxes = boxes;
    o.width = 8;
    o.height = 8;
    o.seed = seed + static_cast<uint64_t>(boxes);
    const generator::GenerateResult generated = Generate(o);
    EXPECT_EQ(static_cast<int>(generated.levels.size()), o.count);
    for (size_t k = 0; k < generated.levels.size(); ++k) {
      levels.emplace_back("generated " + std::to_string(boxes) + "-" + std::to_string(k),
                          generated.levels[k].level);
    }
  }
  for (int number = 1; number <= 155; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = *Board::Build(level);
    if (board.size() > 48 || board.box_count() < 3 || board.box_count() > 6) continue;
    levels.emplace_back("Microban " + std::to_string(number), level);
  }
  return levels;
}

// With `technique` added to the default set and without it, the solver
// solves XSokoban 1, 2, 3, 6, 17, 38, 51, 60 (8 boxes or more: the
// deadlock tables are built at the start) and Microban 1-60, and every
// solution replays.
inline void ExpectSolvesWithAndWithout(uint32_t technique) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  std::vector<std::pair<std::string, Level>> levels;
  for (int number : {1, 2, 3, 6, 17, 38, 51, 60}) {
    levels.emplace_back("XSokoban " + std::to_string(number), xsokoban.levels.at(number - 1).level);
  }
  for (int number = 1; number <= 60; ++number) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  for (uint32_t prune : {uint32_t{kPruneDefault | technique}, uint32_t{kPruneDefault}}) {
    for (const auto& [name, level] : levels) {
      ASSERT_TRUE(SolvesAndReplays(level, prune, name));
    }
  }
}

// The squares of `board` from which a box can still reach a goal.
inline std::vector<Square> LiveSquares(const Board& board) {
  std::vector<Square> live;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (!board.IsDead(sq)) live.push_back(static_cast<Square>(sq));
  }
  return live;
}

// A random position of `board`: its boxes on the first box_count() of
// `live` (live squares, shuffled here), sorted, the player on a random
// free square.
struct Placement {
  std::vector<Square> boxes;
  std::vector<uint8_t> occupied;
  int player = 0;
};
inline Placement RandomPlacement(const Board& board, std::vector<Square>& live, std::mt19937& rng) {
  Placement p;
  std::shuffle(live.begin(), live.end(), rng);
  p.boxes.assign(live.begin(), live.begin() + board.box_count());
  std::sort(p.boxes.begin(), p.boxes.end());
  p.occupied.assign(board.size(), 0);
  for (Square b : p.boxes) p.occupied[b] = 1;
  p.player = static_cast<int>(rng() % board.size());
  while (p.occupied[p.player]) p.player = (p.player + 1) % board.size();
  return p;
}

struct PatternCheck {
  int checked = 0;  // positions searched
  int proved = 0;   // of those, proved unsolvable within the budget
};

// Completes pattern after pattern of `table` (a table for `board`, built
// from `level`) `per_pattern` times each, until `check` has `wanted`
// positions, and solves each with SolveWithoutPatterns. A position solved
// is a failure naming `name` and the pattern.
inline void CheckPatterns(const Level& level, const Board& board, const LearnedDeadlocks& table,
                          int per_pattern, int wanted, std::mt19937& rng, const std::string& name,
                          PatternCheck* check) {
  for (int n = 0; n < per_pattern * table.size() && check->checked < wanted; ++n) {
    const int k = n / per_pattern;
    std::vector<Square> boxes = table.Boxes(k);
    std::vector<uint8_t> occupied(board.size(), 0);
    for (Square b : boxes) occupied[b] = 1;
    std::vector<Square> rest;
    for (int sq = 0; sq < board.size(); ++sq) {
      if (!occupied[sq]) rest.push_back(static_cast<Square>(sq));
    }
    std::shuffle(rest.begin(), rest.end(), rng);
    size_t next = 0;
    while (static_cast<int>(boxes.size()) < board.box_count() && next < rest.size()) {
      occupied[rest[next]] = 1;
      boxes.push_back(rest[next++]);
    }
    std::vector<int> area;
    for (int sq = 0; sq < board.size(); ++sq) {
      if (!occupied[sq] && table.InArea(k, sq)) area.push_back(sq);
    }
    if (area.empty()) continue;
    const int player = area[rng() % area.size()];
    std::sort(boxes.begin(), boxes.end());
    ASSERT_TRUE(table.Matches(occupied.data(), player, table.Boxes(k)[0]));
    const Level position = Position(level, board, boxes, player);
    const SolveResult r = SolveWithoutPatterns(position);
    ASSERT_NE(r.status, SolveStatus::kSolved)
        << name << ", pattern " << k << " called dead:\n"
        << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
    ++check->checked;
    check->proved += r.status == SolveStatus::kUnsolvable;
  }
}

}  // namespace sokoban
