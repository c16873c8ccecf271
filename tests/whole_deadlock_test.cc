// Tests of the positions dead as a whole and their learned patterns
// (`wholelearn`, solver/whole_deadlock.h): every position the check calls
// dead, and every pattern it learns completed with other boxes, is proved
// unsolvable by an exhaustive search that uses no pattern; no position on a
// replayed solution is called dead; the solver solves with it on and off.
#include "solver/whole_deadlock.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
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
  const bool slow_ok = !SkipSlowTests();
  const int wanted = slow_ok ? 1500 : 250;
  std::mt19937 rng(29);
  int smaller = 0, with_walls = 0;
  CalledDead c;
  auto make = [&](const std::string&, const Board& board, LearnedDeadlocks& table) {
    auto whole = std::make_shared<WholeDeadlock>(board);
    whole->ShareWith(&table);
    return [&, whole](const Placement& p) {
      if (!whole->IsDead(p.boxes.data(), board.box_count(), p.player)) return false;
      smaller += static_cast<int>(whole->dead_set().size()) < board.box_count();
      std::vector<uint8_t> set(board.size(), 0);
      for (Square b : whole->dead_set()) set[b] = 1;
      for (Square b : whole->dead_set()) {
        with_walls += board.IsGoal(b) && IsFrozen(board, set.data(), b);
      }
      return true;
    };
  };
  CheckCalledDead(290, 40, 10, 2, wanted, rng, make, &c);
  if (HasFatalFailure()) return;
  EXPECT_GE(c.dead, wanted) << "of " << c.tried << " positions";
  EXPECT_EQ(c.proved, c.dead) << "positions not decided within the budget";
  // The dead sets shrink, and some hold boxes frozen on goals as walls.
  EXPECT_GT(smaller, c.dead / 2);
  EXPECT_GT(with_walls, 0);
  EXPECT_GT(c.patterns.checked, 0);
  EXPECT_EQ(c.patterns.proved, c.patterns.checked);
}

// No position on a solution's way is called dead: XSokoban levels and
// Microban levels, solved with the default techniques, replayed push by
// push (XSokoban's every 8th push: each check searches up to 2,000
// positions).
TEST(WholeDeadlock, NoSolutionPassesADeadPosition) {
  int positions = 0, live = 0;
  CheckSolutionPositions({1, 2, 3, 6, 17}, 3, 8, [&](const std::string& name, const Board& board) {
    auto whole = std::make_shared<WholeDeadlock>(board);
    return [&, name, whole](const Placement& p, const Game& game) {
      if (static_cast<int>(p.boxes.size()) != board.box_count()) return;
      ASSERT_FALSE(whole->IsDead(p.boxes.data(), board.box_count(), p.player))
          << name << ": a position of the solution called dead:\n"
          << absl::StrJoin(game.ToLevel().Rows(), "\n");
      live += whole->expanded() < WholeDeadlock::kMaxNodes;
      ++positions;
    };
  });
  if (HasFatalFailure()) return;
  EXPECT_GT(positions, 1000);
  // Most are shown alive (all on goals) within the budget.
  EXPECT_GT(live, positions / 2);
}

// With `wholelearn` on and off, the solver solves the same levels and every
// solution replays.
TEST(WholeDeadlock, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneWholeLearn); }

}  // namespace
}  // namespace sokoban
