// Tests of fast mode's box-moves member `boxpenalty` (FESS's advised box
// moves, levels of 12 boxes or more, penalty patterns in its bound;
// solver/eval/eval_penalty.h). Alone the member solves XSokoban 31; with the
// member and without it the portfolio solves a fixed set of levels, every
// solution replaying; levels of fewer than 12 boxes search as without it.
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

// XSokoban 31: the member with patterns solves it in 17,641 expansions.
TEST(BoxPenalty, AloneSolvesXsokoban31) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  const Level& level = XsokobanLevel(31);
  const uint64_t with = ExpansionsToSolve(level, Alone("boxpenalty", 30'000), "XSokoban 31");
  EXPECT_GT(with, 0u);
}

// With the box-moves member and without it the portfolio solves levels the
// member takes part in, and the solutions replay.
TEST(BoxPenalty, PortfolioSolvesWithTheMemberAndWithout) {
  for (int number : {1, 2, 27}) {
    const Level& level = XsokobanLevel(number);
    for (const MemberSet members : {kAllMembers, *ParseMemberList("default,-boxpenalty")}) {
      SolvesAndReplays(level, kPruneDefault, "XSokoban " + std::to_string(number), members);
    }
  }
}

// On levels of fewer than 12 boxes the box-moves member does not run: the
// portfolio searches the same with it and without it.
TEST(BoxPenalty, SmallLevelsSearchAsWithoutIt) {
  for (int number : {93, 144, 155}) {
    SolveOptions on, off;
    off.members = *ParseMemberList("default,-boxpenalty");
    on.max_expansions = off.max_expansions = 300'000;
    const std::string name = "Microban " + std::to_string(number);
    EXPECT_EQ(ExpansionsToSolve(MicrobanLevel(number), on, name),
              ExpansionsToSolve(MicrobanLevel(number), off, name));
  }
}

}  // namespace
}  // namespace sokoban
