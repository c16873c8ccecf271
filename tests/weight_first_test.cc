// Tests of `weightfirst` (the `unlearned` member's feature-space order takes
// from each cell the state of least weight, h only breaking ties, as FESS
// does; solver/order_features.h): the solver still solves with it on or off,
// and it is what solves XSokoban 42 for that member.
#include <gtest/gtest.h>

#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/slow_tests.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(WeightFirst, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneWeightFirst); }

// The `unlearned` member alone solves XSokoban 42 (24 boxes) in 16,538
// expansions with the order by weight, and not within 100,000 without it.
TEST(WeightFirst, UnlearnedMemberSolvesXSokoban42) {
  if (SkipSlowTests()) GTEST_SKIP() << "seconds in the Release build, minutes with sanitizers";
  ExpectMemberNeeds(kPruneWeightFirst, "unlearned", 42, 100'000);
}

}  // namespace
}  // namespace sokoban
