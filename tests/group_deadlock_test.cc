// Tests of the group deadlocks (`deadscan`, solver/group_deadlock.h): every
// position a dead group makes dead, and every pattern it learns, is proved
// unsolvable by an exhaustive search that uses no pattern; no position on
// a replayed solution has a dead group; the solver solves with the check
// on and off.
#include "solver/group_deadlock.h"

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
  const bool slow_ok = !SkipSlowTests();
  const int wanted = slow_ok ? 1500 : 250;
  std::mt19937 rng(16);
  CalledDead c;
  auto make = [](const std::string&, const Board& board, LearnedDeadlocks& table) {
    auto groups = std::make_shared<GroupDeadlock>(board);
    groups->ShareWith(&table);
    return [groups](Placement& p) {
      bool dead = false;
      for (Square b : p.boxes) dead = dead || groups->IsDead(p.occupied.data(), b, p.player);
      return dead;
    };
  };
  CheckCalledDead(160, 40, 30, 2, wanted, rng, make, &c);
  if (HasFatalFailure()) return;
  EXPECT_GE(c.dead, wanted) << "of " << c.tried << " positions";
  EXPECT_EQ(c.proved, c.dead) << "positions not decided within the budget";
  EXPECT_GT(c.patterns.checked, 0);
  EXPECT_EQ(c.patterns.proved, c.patterns.checked);
}

// No position on a solution's way has a dead group: XSokoban levels and
// Microban levels, solved with the default techniques, replayed push by
// push.
TEST(GroupDeadlock, NoSolutionPassesADeadGroup) {
  int positions = 0, groups_searched = 0;
  CheckSolutionPositions({1, 2, 3, 6, 10, 17, 37, 38, 51, 60}, 3, 1,
                         [&](const std::string& name, const Board& board) {
                           auto groups = std::make_shared<GroupDeadlock>(board);
                           return [&, name, groups](Placement& p, const Game& game) {
                             for (Square b : p.boxes) {
                               ASSERT_FALSE(groups->IsDead(p.occupied.data(), b, p.player))
                                   << name << ": a position of the solution has a dead group:\n"
                                   << absl::StrJoin(game.ToLevel().Rows(), "\n");
                               groups_searched += groups->expanded() > 0;
                             }
                             ++positions;
                           };
                         });
  if (HasFatalFailure()) return;
  EXPECT_GT(positions, 1000);
  EXPECT_GT(groups_searched, 100);
}

// With `deadscan` on and off, the solver solves the same levels and every
// solution replays.
TEST(GroupDeadlock, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneDeadScan); }

}  // namespace
}  // namespace sokoban
