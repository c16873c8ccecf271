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
  // A larger budget only decides more: what the small search proves dead,
  // the big one does too. One round of 40 positions a level; each pattern
  // learned completed once.
  int small_dead = 0, big_only = 0;
  CalledDead c;
  CheckCorralVariant(26, 1, wanted, /*big=*/true, /*walls=*/false, rng, &c, &small_dead, &big_only);
}

TEST(CorralBig, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneCorralBig); }

}  // namespace
}  // namespace sokoban
