// Tests of the schedule of fast mode's searches (solver/schedule.h): when
// the A*-ordered and the second feature-space search join, how often they
// expand, and that a level they join on is solved with the schedule on and
// off, its solutions replaying.
#include "solver/schedule.h"

#include <gtest/gtest.h>

#include "common/rules.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(Schedule, MembersJoinLate) {
  // The A*-ordered search: after kPlainAfter expansions of the first, or
  // when the first has stopped.
  EXPECT_FALSE(PlainJoins(kPlainAfter - 1, true));
  EXPECT_TRUE(PlainJoins(kPlainAfter, true));
  EXPECT_TRUE(PlainJoins(10, false));
  // The second feature-space search: with it while the first goes on, but
  // not on a level the first left early until all have made kOpenAfter.
  EXPECT_TRUE(OpenJoins(kPlainAfter, kPlainAfter + 1));
  EXPECT_FALSE(OpenJoins(300, kOpenAfter - 1));
  EXPECT_TRUE(OpenJoins(300, kOpenAfter));
}

TEST(Schedule, TurnsByRound) {
  int first = 0, plain = 0, open = 0;
  for (uint64_t round = 1; round <= 400; ++round) {
    first += ScheduleTurn(ScheduleMember::kFirst, round);
    plain += ScheduleTurn(ScheduleMember::kPlain, round);
    open += ScheduleTurn(ScheduleMember::kOpen, round);
  }
  EXPECT_EQ(first, 400);
  EXPECT_EQ(plain, static_cast<int>(400 / kPlainRounds));
  EXPECT_EQ(open, static_cast<int>(400 / kOpenRounds));
}

// Microban 153 keeps the first search going past kPlainAfter, so the second
// feature-space search joins and the dead-pair table is built: the level is
// solved with both, and with each switched off, in a different number of
// expansions each time, and every solution replays.
TEST(Schedule, SolvesWithAndWithoutItsMembers) {
  const Level& level = MicrobanLevel(153);
  uint64_t expanded[3] = {0, 0, 0};
  int k = 0;
  for (uint32_t prune : {uint32_t{kPruneDefault}, kPruneDefault & ~kPruneSchedule,
                         kPruneDefault & ~kPruneDeadPairs}) {
    SolveOptions options;
    options.prune = prune;
    options.max_expansions = 2'000'000;
    const SolveResult r = Solve(level, options);
    ASSERT_EQ(r.status, SolveStatus::kSolved) << "prune " << prune;
    const ReplayResult replay = Replay(level, r.solution);
    EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
    EXPECT_GT(r.expanded, kPlainAfter);
    expanded[k++] = r.expanded;
  }
  EXPECT_NE(expanded[0], expanded[1]);
  EXPECT_NE(expanded[0], expanded[2]);
}

}  // namespace
}  // namespace sokoban
