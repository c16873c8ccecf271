// Tests of the positions dead as a whole and their learned patterns
// (`wholelearn`, solver/whole_deadlock.h): every position the check calls
// dead, and every pattern it learns completed with other boxes, is proved
// unsolvable by an exhaustive search that uses no pattern; no position on a
// replayed solution is called dead; the solver solves with it on and off.
#include "solver/whole_deadlock.h"

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
#include "solver/freeze.h"
#include "solver/learned_deadlocks.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// Random positions of the small levels (the boxes on live squares, the
// player on a free square): each the check calls dead must not be solved by
// the exhaustive search without patterns, and the patterns it learns,
// completed with other boxes, must not be either.
TEST(WholeDeadlock, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = std::getenv("SOKOBAN_SKIP_SLOW_TESTS") == nullptr;
  const int wanted = slow_ok ? 1500 : 250;
  std::mt19937 rng(29);
  int dead = 0, proved = 0, tried = 0, smaller = 0, with_walls = 0;
  PatternCheck patterns;
  const auto levels = SmallPatternLevels(290);
  for (int round = 0; round < 40 && dead < wanted; ++round) {
    for (const auto& [name, level] : levels) {
      if (dead >= wanted) break;
      const Board board = *Board::Build(level);
      std::vector<Square> live = LiveSquares(board);
      if (static_cast<int>(live.size()) <= board.box_count()) continue;
      LearnedDeadlocks table(board);
      WholeDeadlock whole(board);
      whole.ShareWith(&table);
      for (int n = 0; n < 10 && dead < wanted; ++n) {
        const auto [boxes, occupied, player] = RandomPlacement(board, live, rng);
        ++tried;
        if (!whole.IsDead(boxes.data(), board.box_count(), player)) continue;
        smaller += static_cast<int>(whole.dead_set().size()) < board.box_count();
        std::vector<uint8_t> set(board.size(), 0);
        for (Square b : whole.dead_set()) set[b] = 1;
        for (Square b : whole.dead_set()) {
          with_walls += board.IsGoal(b) && IsFrozen(board, set.data(), b);
        }
        const Level position = Position(level, board, boxes, player);
        const SolveResult r = SolveWithoutPatterns(position);
        ASSERT_NE(r.status, SolveStatus::kSolved)
            << name << ": called dead:\n"
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
  // The dead sets shrink, and some hold boxes frozen on goals as walls.
  EXPECT_GT(smaller, dead / 2);
  EXPECT_GT(with_walls, 0);
  EXPECT_GT(patterns.checked, 0);
  EXPECT_EQ(patterns.proved, patterns.checked);
}

// No position on a solution's way is called dead: XSokoban levels and
// Microban levels, solved with the default techniques, replayed push by
// push (XSokoban's every 8th push: each check searches up to 2,000
// positions).
TEST(WholeDeadlock, NoSolutionPassesADeadPosition) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  std::vector<std::pair<std::string, Level>> levels;
  for (int number : {1, 2, 3, 6, 17}) {
    levels.emplace_back("XSokoban " + std::to_string(number), xsokoban.levels.at(number - 1).level);
  }
  for (int number = 1; number <= 155; number += 3) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  int positions = 0, live = 0;
  for (const auto& [name, level] : levels) {
    SolveOptions options;
    options.max_expansions = 200'000;
    const SolveResult r = Solve(level, options);
    ASSERT_EQ(r.status, SolveStatus::kSolved) << name;
    const Board board = *Board::Build(level);
    const int every = board.box_count() > 8 ? 8 : 1;
    WholeDeadlock whole(board);
    Game game(level);
    int pushes = 0;
    for (char c : r.solution) {
      const char lower = static_cast<char>(c | 0x20);
      const Dir d = lower == 'l'   ? Dir::kLeft
                    : lower == 'u' ? Dir::kUp
                    : lower == 'r' ? Dir::kRight
                                   : Dir::kDown;
      if (game.Step(d) != StepResult::kPushed || ++pushes % every != 0) continue;
      std::vector<Square> boxes;
      for (int cell = 0; cell < game.width() * game.height(); ++cell) {
        // Boxes the player can never reach are walls to the board.
        if (game.HasBox(cell) && board.FloorIndex(cell) >= 0) {
          boxes.push_back(static_cast<Square>(board.FloorIndex(cell)));
        }
      }
      if (static_cast<int>(boxes.size()) != board.box_count()) continue;
      ASSERT_FALSE(whole.IsDead(boxes.data(), board.box_count(), board.FloorIndex(game.player())))
          << name << ": a position of the solution called dead:\n"
          << absl::StrJoin(game.ToLevel().Rows(), "\n");
      live += whole.expanded() < WholeDeadlock::kMaxNodes;
      ++positions;
    }
  }
  EXPECT_GT(positions, 1000);
  // Most are shown alive (all on goals) within the budget.
  EXPECT_GT(live, positions / 2);
}

// With `wholelearn` on and off, the solver solves the same levels and every
// solution replays.
TEST(WholeDeadlock, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneWholeLearn); }

}  // namespace
}  // namespace sokoban
