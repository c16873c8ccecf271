// Tests of the group deadlocks (`deadscan`, solver/group_deadlock.h): every
// position a dead group makes dead, and every pattern it learns, is proved
// unsolvable by an exhaustive search that uses no pattern; no position on
// a replayed solution has a dead group; the solver solves with the check
// on and off.
#include "solver/group_deadlock.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "common/rules.h"
#include "solver/board.h"
#include "solver/learned_deadlocks.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// Random positions of the small levels (the boxes on live squares, the
// player on a free square): each that a group calls dead must not be
// solved by the exhaustive search without patterns, and the patterns the
// groups learn, completed with other boxes, must not be either.
TEST(GroupDeadlock, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = std::getenv("SOKOBAN_SKIP_SLOW_TESTS") == nullptr;
  const int wanted = slow_ok ? 1500 : 250;
  std::mt19937 rng(16);
  int dead = 0, proved = 0, tried = 0;
  PatternCheck patterns;
  const auto levels = SmallPatternLevels(160);
  for (int round = 0; round < 40 && dead < wanted; ++round) {
    for (const auto& [name, level] : levels) {
      if (dead >= wanted) break;
      const Board board = *Board::Build(level);
      std::vector<Square> live = LiveSquares(board);
      if (static_cast<int>(live.size()) <= board.box_count()) continue;
      LearnedDeadlocks table(board);
      GroupDeadlock groups(board);
      groups.ShareWith(&table);
      for (int n = 0; n < 30 && dead < wanted; ++n) {
        auto [boxes, occupied, player] = RandomPlacement(board, live, rng);
        ++tried;
        bool called_dead = false;
        for (Square b : boxes)
          called_dead = called_dead || groups.IsDead(occupied.data(), b, player);
        if (!called_dead) continue;
        const Level position = Position(level, board, boxes, player);
        const SolveResult r = SolveWithoutPatterns(position);
        ASSERT_NE(r.status, SolveStatus::kSolved)
            << name << ": a dead group in\n"
            << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
        ++dead;
        proved += r.status == SolveStatus::kUnsolvable;
      }
      // Two completions of each pattern learned.
      CheckPatterns(level, board, table, 2, wanted, rng, name, &patterns);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GE(dead, wanted) << "of " << tried << " positions";
  EXPECT_EQ(proved, dead) << "positions not decided within the budget";
  EXPECT_GT(patterns.checked, 0);
  EXPECT_EQ(patterns.proved, patterns.checked);
}

// No position on a solution's way has a dead group: XSokoban levels and
// Microban levels, solved with the default techniques, replayed push by
// push.
TEST(GroupDeadlock, NoSolutionPassesADeadGroup) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  std::vector<std::pair<std::string, Level>> levels;
  for (int number : {1, 2, 3, 6, 10, 17, 37, 38, 51, 60}) {
    levels.emplace_back("XSokoban " + std::to_string(number), xsokoban.levels.at(number - 1).level);
  }
  for (int number = 1; number <= 155; number += 3) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  int positions = 0, groups_searched = 0;
  for (const auto& [name, level] : levels) {
    SolveOptions options;
    options.max_expansions = 200'000;
    const SolveResult r = Solve(level, options);
    ASSERT_EQ(r.status, SolveStatus::kSolved) << name;
    const Board board = *Board::Build(level);
    GroupDeadlock groups(board);
    Game game(level);
    for (char c : r.solution) {
      const char lower = static_cast<char>(c | 0x20);
      const Dir d = lower == 'l'   ? Dir::kLeft
                    : lower == 'u' ? Dir::kUp
                    : lower == 'r' ? Dir::kRight
                                   : Dir::kDown;
      if (game.Step(d) != StepResult::kPushed) continue;
      std::vector<uint8_t> occupied(board.size(), 0);
      std::vector<int> boxes;
      for (int cell = 0; cell < game.width() * game.height(); ++cell) {
        // Boxes the player can never reach are walls to the board.
        if (!game.HasBox(cell) || board.FloorIndex(cell) < 0) continue;
        occupied[board.FloorIndex(cell)] = 1;
        boxes.push_back(board.FloorIndex(cell));
      }
      const int player = board.FloorIndex(game.player());
      for (int b : boxes) {
        ASSERT_FALSE(groups.IsDead(occupied.data(), b, player))
            << name << ": a position of the solution has a dead group:\n"
            << absl::StrJoin(game.ToLevel().Rows(), "\n");
        groups_searched += groups.expanded() > 0;
      }
      ++positions;
    }
  }
  EXPECT_GT(positions, 1000);
  EXPECT_GT(groups_searched, 100);
}

// With `deadscan` on and off, the solver solves the same levels and every
// solution replays.
TEST(GroupDeadlock, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneDeadScan); }

}  // namespace
}  // namespace sokoban
