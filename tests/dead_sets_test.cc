// Tests of the dead sets proved at the start of a level
// (solver/deadlock/dead_sets.h): every position a dead set calls dead is proved
// unsolvable by an exhaustive search that uses no pattern, and the solver
// still solves with them on or off.
#include "solver/deadlock/dead_sets.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// Each dead set, completed with random boxes elsewhere and the player on
// a random square of its area, makes positions it calls dead; an
// exhaustive search with no pattern must prove every one unsolvable.
TEST(DeadSets, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = !SkipSlowTests();
  const int wanted = slow_ok ? 2000 : 300;
  std::mt19937 rng(20);
  PatternCheck check;
  int triples = 0, pairs = 0;
  for (const auto& [name, level] : SmallPatternLevels(20)) {
    if (check.checked >= wanted) break;
    const Board board = *Board::Build(level);
    LearnedDeadlocks table(board);
    DeadSets sets(board);
    sets.Build(&table);
    EXPECT_EQ(table.size(), sets.dead_pairs() + sets.dead_triples()) << name;
    triples += sets.dead_triples();
    pairs += sets.dead_pairs();
    // Three completions of each set.
    CheckPatterns(level, board, table, 3, wanted, rng, name, &check);
    if (HasFatalFailure()) return;
  }
  EXPECT_GE(check.checked, wanted);
  EXPECT_EQ(check.proved, check.checked) << "positions not decided within the budget";
  EXPECT_GT(triples, 0);
  EXPECT_GT(pairs, 0);
}

// A dead triple holds no pair the build found dead with the player in its
// area: it adds what the pairs miss.
TEST(DeadSets, TriplesAddToThePairs) {
  int triples = 0;
  for (const auto& [name, level] : SmallPatternLevels(20)) {
    const Board board = *Board::Build(level);
    LearnedDeadlocks table(board);
    DeadSets sets(board);
    sets.Build(&table);
    for (int k = 0; k < table.size(); ++k) {
      const std::vector<Square> boxes = table.Boxes(k);
      if (boxes.size() != 3) continue;
      ++triples;
      int player = 0;
      while (!table.InArea(k, player)) ++player;
      for (size_t i = 0; i < boxes.size(); ++i) {
        for (size_t j = i + 1; j < boxes.size(); ++j) {
          for (int p = 0; p < table.size(); ++p) {
            if (table.Boxes(p) == std::vector<Square>{boxes[i], boxes[j]}) {
              EXPECT_FALSE(table.InArea(p, player)) << name << ", set " << k;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(triples, 0);
}

// No position on a solution's way matches a dead set: XSokoban levels and
// Microban levels, solved without the dead sets, replayed push by push.
TEST(DeadSets, NoSolutionPassesADeadSet) {
  int positions = 0;
  CheckSolutionPositions({1, 2, 10, 17, 37, 38}, 7, 1,
                         [&](const std::string& name, const Board& board) {
                           auto table = std::make_shared<LearnedDeadlocks>(board);
                           DeadSets(board).Build(table.get());
                           return [&, name, table](const Placement& p, const Game& game) {
                             for (Square b : p.boxes) {
                               ASSERT_FALSE(table->Matches(p.occupied.data(), p.player, b))
                                   << name << ": a position of the solution matches a dead set:\n"
                                   << absl::StrJoin(game.ToLevel().Rows(), "\n");
                             }
                             ++positions;
                           };
                         });
  if (HasFatalFailure()) return;
  EXPECT_GT(positions, 1000);
}

// With the dead sets on and off, the solver solves the same levels and
// every solution replays: Microban levels, and XSokoban levels, on which
// (8 boxes or more) the dead sets are built at the start.
TEST(DeadSets, SolvesWithAndWithout) { ExpectSolvesWithAndWithoutMember("deadsets"); }

}  // namespace
}  // namespace sokoban
