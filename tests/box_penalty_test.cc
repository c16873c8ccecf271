// Tests of `boxpen`: fast mode's box-moves member (FESS's advised box moves,
// levels of 12 boxes or more) searches with the penalty patterns of
// `penalty` (solver/eval_penalty.h) in the place and turns of the one
// without them. Alone the member solves XSokoban 31, which the box-moves
// member without patterns does not within the same budget; with the flag on
// and off the portfolio solves a fixed set of levels, every solution
// replaying; levels of fewer than 12 boxes search as without it.
#include <gtest/gtest.h>

#include <string>

#include "solver/solver.h"
#include "tests/slow_tests.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

SolveOptions Alone(const char* member, uint64_t max_expansions) {
  SolveOptions options;
  options.member = member;
  options.max_expansions = max_expansions;
  return options;
}

// XSokoban 31: the member with patterns solves it in 17,641 expansions; the
// box-moves member without them needs more than 190,000.
TEST(BoxPenalty, AloneSolvesXsokoban31WhereTheBoxMovesMemberDoesNot) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  const Level& level = XsokobanLevel(31);
  const uint64_t with = ExpansionsToSolve(level, Alone("boxpenalty", 30'000), "XSokoban 31");
  EXPECT_GT(with, 0u);
  EXPECT_EQ(Solve(level, Alone("boxmoves", 30'000)).status, SolveStatus::kTimeout);
}

// With `boxpen` on and off the portfolio solves levels the box-moves
// member takes part in, and the solutions replay.
TEST(BoxPenalty, PortfolioSolvesWithTheFlagOnAndOff) {
  for (int number : {1, 2, 27}) {
    const Level& level = XsokobanLevel(number);
    for (const PruneSet prune : {PruneSet{kPruneDefault | kPruneBoxPenalty},
                                 PruneSet{kPruneDefault & ~kPruneBoxPenalty}}) {
      SolvesAndReplays(level, prune, "XSokoban " + std::to_string(number));
    }
  }
}

// On levels of fewer than 12 boxes neither box-moves member runs: the
// portfolio searches the same with the flag on and off.
TEST(BoxPenalty, SmallLevelsSearchAsWithoutIt) {
  for (int number : {93, 144, 155}) {
    SolveOptions on, off;
    on.prune = kPruneDefault | kPruneBoxPenalty;
    off.prune = kPruneDefault & ~kPruneBoxPenalty;
    on.max_expansions = off.max_expansions = 300'000;
    const std::string name = "Microban " + std::to_string(number);
    EXPECT_EQ(ExpansionsToSolve(MicrobanLevel(number), on, name),
              ExpansionsToSolve(MicrobanLevel(number), off, name));
  }
}

}  // namespace
}  // namespace sokoban
