// Tests of the deadlock patterns learned during search: every position a
// learned pattern calls dead is proved unsolvable by an exhaustive search
// that uses no pattern, and the solver still solves with the learning on or
// off.
#include "solver/deadlock/learned_deadlocks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <vector>

#include "absl/strings/str_join.h"
#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/deadlock/dead_pairs.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// The patterns a push search of `level` learns in up to `expansions`
// expansions (fast mode, every technique on).
void Learn(const Board& board, uint64_t expansions, LearnedDeadlocks* table) {
  SolveOptions options;
  LevelTables tables(board, table);
  Search search(board, options, MakeSearchConfig(board, options, SearchSpec(), tables),
                std::chrono::steady_clock::now());
  if (!search.Start()) return;
  for (uint64_t k = 0; k < expansions && search.Step(); ++k) {
  }
}

// Small Microban boards, the level's own boxes and random box placements:
// each learned pattern, completed twice with random boxes elsewhere and
// the player on a random square of its area, makes positions the pattern
// calls dead. An optimal-mode search with only the dead-square, freeze and
// matching checks (no corral search, no pattern) must run out of states on
// every one.
TEST(LearnedDeadlocks, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = !SkipSlowTests();
  const int wanted = slow_ok ? 2000 : 300;
  std::mt19937 rng(16);
  int checked = 0, proved = 0, patterns_seen = 0;
  for (int number = 1; number <= 155 && checked < wanted; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = *Board::Build(level);
    if (board.size() > 48 || board.box_count() < 3 || board.box_count() > 6) continue;
    LearnedDeadlocks table(board);
    Learn(board, 20000, &table);
    // Random placements of the boxes on live squares, the player anywhere
    // free: searches that meet many corrals.
    std::vector<Square> live = LiveSquares(board);
    for (int draw = 0; draw < 6; ++draw) {
      auto [boxes, occupied, player] = RandomPlacement(board, live, rng);
      absl::StatusOr<Board> drawn = Board::Build(Position(level, board, boxes, player));
      if (!drawn.ok() || drawn->size() != board.size()) continue;
      Learn(*drawn, 2000, &table);
    }
    patterns_seen += table.size();
    PatternCheck check{checked, proved};
    // Two completions of each pattern.
    CheckPatterns(level, board, table, 2, wanted, rng, "Microban " + std::to_string(number),
                  &check);
    if (HasFatalFailure()) return;
    checked = check.checked;
    proved = check.proved;
  }
  EXPECT_GE(checked, wanted);
  EXPECT_EQ(proved, checked) << "positions not decided within the budget";
  EXPECT_GT(patterns_seen, 0);
}

// Dead pairs (solver/deadlock/dead_pairs.h), another source of patterns: random
// positions on small Microban boards in which the table calls a pair of
// boxes dead must be proved unsolvable by the same exhaustive search.
TEST(DeadPairs, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = !SkipSlowTests();
  const int wanted = slow_ok ? 1000 : 200;
  std::mt19937 rng(17);
  int checked = 0, proved = 0, alive = 0;
  for (int number = 1; number <= 155 && checked < wanted; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = *Board::Build(level);
    if (board.size() > 48 || board.box_count() < 3 || board.box_count() > 6) continue;
    const DeadPairs pairs(board);
    if (!pairs.Enabled()) continue;
    std::vector<Square> live = LiveSquares(board);
    for (int draw = 0; draw < 60 && checked < wanted; ++draw) {
      auto [boxes, occupied, player] = RandomPlacement(board, live, rng);
      bool dead = false;
      for (Square b : boxes)
        dead = dead || pairs.Matches(boxes.data(), board.box_count(), player, b);
      if (!dead) {
        ++alive;
        continue;
      }
      const Level position = Position(level, board, boxes, player);
      const SolveResult r = SolveWithoutPatterns(position);
      ASSERT_NE(r.status, SolveStatus::kSolved)
          << "Microban " << number << ", a pair called dead:\n"
          << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
      ++checked;
      proved += r.status == SolveStatus::kUnsolvable;
    }
  }
  EXPECT_GE(checked, wanted);
  EXPECT_EQ(proved, checked) << "positions not decided within the budget";
  EXPECT_GT(alive, 0);  // the table does not call everything dead
}

// With the learning on and off, the solver solves the same levels and
// every solution replays.
TEST(LearnedDeadlocks, SolvesWithAndWithout) {
  for (PruneSet prune : {PruneSet{kPruneAll}, kPruneAll & ~kPruneLearned}) {
    for (int number = 1; number <= 60; ++number) {
      const Level& level = MicrobanLevel(number);
      ASSERT_TRUE(SolvesAndReplays(level, prune, "Microban " + std::to_string(number)));
    }
  }
}

}  // namespace
}  // namespace sokoban
