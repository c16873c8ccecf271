// Tests of `weightfirst` (the `unlearned` member's feature-space order, and
// the `features` member's on levels of 12 boxes or more, take from each cell
// the state of least weight, h only breaking ties, as FESS does;
// solver/order/order_features.h): the solver still solves with it on or off, it is
// what solves XSokoban 42 for those members, and smaller levels keep the
// `features` member's order.
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

// The `features` member alone solves XSokoban 42 (24 boxes) in 2,915
// expansions with the order by weight, and not within 10,000 without it.
TEST(WeightFirst, FeaturesMemberSolvesXSokoban42) {
  ExpectMemberNeeds(kPruneWeightFirst, "features", 42, 10'000);
}

// Below 12 boxes the `features` member keeps weight + h: alone it solves
// XSokoban 43 (9 boxes) in the same expansions with `weightfirst` or without
// (684; by weight first it would take 7,091).
TEST(WeightFirst, FeaturesMemberKeepsItsOrderOnSmallLevels) {
  SolveOptions options;
  options.member = "features";
  options.max_expansions = 5'000;
  const uint64_t with = ExpansionsToSolve(XsokobanLevel(43), options, "with weightfirst");
  options.prune = kPruneDefault & ~kPruneWeightFirst;
  const uint64_t without = ExpansionsToSolve(XsokobanLevel(43), options, "without weightfirst");
  EXPECT_GT(with, 0u);
  EXPECT_EQ(with, without);
}

}  // namespace
}  // namespace sokoban
