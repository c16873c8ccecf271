// Checks deadlock patterns (solver/learned_deadlocks.h) for soundness, for
// the tests of every source of patterns: each pattern, completed with
// random boxes elsewhere and the player on a random square of its area,
// makes a position the pattern calls dead, which an exhaustive search
// using no pattern must prove unsolvable.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
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
