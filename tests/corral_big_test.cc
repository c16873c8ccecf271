// Tests of `corralbig` (solver/corral_deadlock.h: the corrals of few boxes
// searched to kBigNodes positions): every random position of small levels
// it calls dead, and every pattern it learns, is proved unsolvable by an
// exhaustive search that uses no pattern; it calls dead every position the
// 1,000-position search does; and the solver still solves with it on or
// off.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "solver/board.h"
#include "solver/corral_deadlock.h"
#include "solver/learned_deadlocks.h"
#include "solver/reach.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(CorralBig, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = !SkipSlowTests();
  const int wanted = slow_ok ? 400 : 100;
  std::mt19937 rng(26);
  int small_dead = 0;
  CalledDead c;
  auto make = [&](const std::string& name, const Board& board, LearnedDeadlocks& table) {
    auto big = std::make_shared<CorralDeadlock>(board, /*big=*/true);
    auto small = std::make_shared<CorralDeadlock>(board);
    auto reach = std::make_shared<Reach>(board.size());
    big->ShareWith(&table);
    return [&, name, big, small, reach](Placement& p) {
      const int norm = reach->Fill(board, p.occupied.data(), p.player);
      const bool dead = big->IsDead(p.occupied.data(), *reach, norm);
      // A larger budget only decides more: what the small search proves
      // dead, the big one does too.
      if (small->IsDead(p.occupied.data(), *reach, norm)) {
        ++small_dead;
        EXPECT_TRUE(dead) << name;
      }
      return dead;
    };
  };
  // One round of 40 positions a level; each pattern learned completed once.
  CheckCalledDead(26, 1, 40, 1, wanted, rng, make, &c);
  if (HasFatalFailure()) return;
  EXPECT_GE(c.dead, wanted);
  EXPECT_EQ(c.proved, c.dead) << "positions not decided within the budget";
  EXPECT_GT(small_dead, 0);
  EXPECT_GT(c.patterns.checked, 0);
  EXPECT_EQ(c.patterns.proved, c.patterns.checked) << "positions not decided within the budget";
}

TEST(CorralBig, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneCorralBig); }

}  // namespace
}  // namespace sokoban
