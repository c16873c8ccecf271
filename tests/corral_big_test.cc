// Tests of `corralbig` (solver/corral_deadlock.h: the corrals of few boxes
// searched to kBigNodes positions): every random position of small levels
// it calls dead, and every pattern it learns, is proved unsolvable by an
// exhaustive search that uses no pattern; it calls dead every position the
// 1,000-position search does; and the solver still solves with it on or
// off.
#include <gtest/gtest.h>

#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/slow_tests.h"

namespace sokoban {
namespace {

TEST(CorralBig, EveryPositionCalledDeadIsUnsolvable) {
  // A larger budget only decides more: what the small search proves dead,
  // the big one does too. One round of 40 positions a level; each pattern
  // learned completed once.
  CheckCorralVariant(26, 1, SkipSlowTests() ? 100 : 400, /*big=*/true, /*walls=*/false);
}

TEST(CorralBig, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneCorralBig); }

}  // namespace
}  // namespace sokoban
