// Tests of the schedule of fast mode's searches (solver/schedule.h): when
// the A*-ordered, the second feature-space search and the one without the
// shared deadlock tables join, how often they expand, a member run alone
// (SolveOptions::member), and that a level they join on is solved with the
// schedule on and off, its solutions replaying.
#include "solver/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

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
  // The pull search joins with the first; the search without the shared
  // deadlock tables (`schedule2`) with the second feature-space one.
  EXPECT_EQ(JoinStage(ScheduleMember::kFirst), ScheduleMember::kFirst);
  EXPECT_EQ(JoinStage(ScheduleMember::kPull), ScheduleMember::kFirst);
  EXPECT_EQ(JoinStage(ScheduleMember::kPlain), ScheduleMember::kPlain);
  EXPECT_EQ(JoinStage(ScheduleMember::kOpen), ScheduleMember::kOpen);
  EXPECT_EQ(JoinStage(ScheduleMember::kUnlearned), ScheduleMember::kOpen);
  EXPECT_EQ(JoinStage(ScheduleMember::kBoxMoves), ScheduleMember::kOpen);
}

TEST(Schedule, TurnsByRound) {
  int first = 0, pull = 0, plain = 0, open = 0, unlearned = 0, box_moves = 0;
  for (uint64_t round = 1; round <= 400; ++round) {
    first += ScheduleTurns(ScheduleMember::kFirst, round);
    pull += ScheduleTurns(ScheduleMember::kPull, round);
    plain += ScheduleTurns(ScheduleMember::kPlain, round);
    open += ScheduleTurns(ScheduleMember::kOpen, round);
    unlearned += ScheduleTurns(ScheduleMember::kUnlearned, round);
    box_moves += ScheduleTurns(ScheduleMember::kBoxMoves, round);
  }
  EXPECT_EQ(first, 400);
  EXPECT_EQ(pull, 400 * kPullTurns);
  EXPECT_EQ(plain, static_cast<int>(400 / kPlainRounds));
  EXPECT_EQ(open, static_cast<int>(400 / kOpenRounds));
  EXPECT_EQ(unlearned, static_cast<int>(400 / kUnlearnedRounds));
  EXPECT_EQ(box_moves, static_cast<int>(400 / kBoxMovesRounds));
}

const Level& XsokobanLevel(int number) {
  static const Collection c = ReadShared("xsokoban90.xsb");
  return c.levels.at(number - 1).level;
}

// One member alone: XSokoban 48 is solved at once by the feature-space
// search without the shared deadlock tables, while the first search, whose
// learned patterns lead it astray there, has not solved it after 20,000
// expansions. An unknown name is an error.
TEST(Schedule, MemberAlone) {
  const Level& level = XsokobanLevel(48);
  SolveOptions options;
  options.member = "unlearned";
  options.max_expansions = 20'000;
  const uint64_t alone = ExpansionsToSolve(level, options);
  EXPECT_GT(alone, 0u);
  EXPECT_LT(alone, 5'000u);
  options.member = "features";
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kTimeout);
  options.member = "pull";
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kTimeout);
  options.member = "nothing";
  const SolveResult bad = Solve(level, options);
  EXPECT_EQ(bad.status, SolveStatus::kInvalid);
  EXPECT_NE(bad.error.find("nothing"), std::string::npos);
  const std::vector<std::string_view> names = FastMemberNames();
  EXPECT_NE(std::find(names.begin(), names.end(), "unlearned"), names.end());
}

// `schedule2` in the portfolio: XSokoban 48 is solved once the search
// without the shared tables joins, and not in the same budget without it.
TEST(Schedule, UnlearnedMemberSolvesWhatTheFirstMisses) {
  const Level& level = XsokobanLevel(48);
  SolveOptions options;
  options.max_expansions = 150'000;
  const uint64_t with = ExpansionsToSolve(level, options);
  EXPECT_GT(with, kPlainAfter);
  options.prune = kPruneDefault & ~kPruneSchedule2;
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kTimeout);
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
