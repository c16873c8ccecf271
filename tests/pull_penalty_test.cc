// Tests of fast mode's member `pullpenalty`, the pull search with penalty
// patterns (solver/eval/eval_penalty.h), with a share of its own from the
// turns by cost on (solver/portfolio/cost_turns.h). Alone it solves a fixed
// set of levels, every solution replaying, in fewer expansions than the
// plain pull search; it joins when the turns by cost start, so levels
// decided before search as without it; it keeps its share when push
// members stop, as the pull search does; and with the member and without it
// the portfolio solves a fixed set of levels.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/portfolio/cost_turns.h"
#include "solver/portfolio/schedule.h"
#include "solver/portfolio/share_follow.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/slow_tests.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// Options that run `member` alone.
SolveOptions Alone(const char* member, PruneSet prune, uint64_t max_expansions) {
  SolveOptions options;
  options.member = member;
  options.prune = prune;
  options.max_expansions = max_expansions;
  return options;
}

// Alone, the member solves a fixed set of levels and every solution
// replays.
TEST(PullPenalty, AloneSolvesAndReplays) {
  std::vector<std::pair<std::string, Level>> levels;
  for (int number = 1; number <= 40; ++number) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  for (int number : {1, 2, 3}) {
    levels.emplace_back("XSokoban " + std::to_string(number), XsokobanLevel(number));
  }
  for (const auto& [name, level] : levels) {
    ExpansionsToSolve(level, Alone("pullpenalty", kPruneDefault, 200'000), name);
  }
}

// The patterns shorten the pull search (Microban 144: 1,438 expansions against
// 2,519) and solve XSokoban 87 (141,634 expansions), which the plain pull
// search does not solve within 200,000.
TEST(PullPenalty, AloneSearchesAsThePullSearchWithPenalties) {
  const Level& level = MicrobanLevel(144);
  const uint64_t member =
      ExpansionsToSolve(level, Alone("pullpenalty", kPruneDefault, 100'000), "Microban 144");
  ASSERT_GT(member, 0u);
  EXPECT_LT(member, ExpansionsToSolve(level, Alone("pull", kPruneDefault, 100'000),
                                      "Microban 144, plain pull"));
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  const Level& hard = XsokobanLevel(87);
  ExpansionsToSolve(hard, Alone("pullpenalty", kPruneDefault, 200'000), "XSokoban 87");
  EXPECT_EQ(Solve(hard, Alone("pull", kPruneDefault, 200'000)).status, SolveStatus::kTimeout);
}

// It joins when the turns by cost start: a level decided before searches as
// without it (Microban 153: the second feature-space search joins, the
// level is solved before kCostTurnsAfter).
TEST(PullPenalty, JoinsWithTheTurnsByCost) {
  EXPECT_EQ(JoinStage(ScheduleMember::kPullPenalty), JoinAt::kByCost);
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  const Level& level = MicrobanLevel(153);
  SolveOptions options;
  options.max_expansions = 1'000'000;
  const uint64_t with = ExpansionsToSolve(level, options);
  options.members = *ParseMemberList("default,-pullpenalty");
  EXPECT_EQ(with, ExpansionsToSolve(level, options));
  EXPECT_GT(with, kPlainAfter);
  EXPECT_LT(with, kCostTurnsAfter);
}

// Like the pull search it keeps its share when push members stop: their shares go to the live push
// members.
TEST(PullPenalty, KeepsItsShareWhenPushMembersStop) {
  const std::vector<ScheduleMember> members = {ScheduleMember::kFirst, ScheduleMember::kPull,
                                               ScheduleMember::kBoxMoves,
                                               ScheduleMember::kPullPenalty};
  CostTurns turns;
  for (ScheduleMember m : members) turns.Add(m, {});
  ShareFollow follow;
  follow.Update(members, {false, true, true, true}, kCostTurnsAfter, turns);
  EXPECT_EQ(turns.share(1), WorkShare(ScheduleMember::kPull) * kShareScale);
  EXPECT_EQ(turns.share(3), WorkShare(ScheduleMember::kPullPenalty) * kShareScale);
  EXPECT_GT(turns.share(2), WorkShare(ScheduleMember::kBoxMoves) * kShareScale);
  follow.Update(members, {false, true, true, true}, kFollowAfter, turns);
  EXPECT_EQ(turns.share(3), LateShare(ScheduleMember::kPullPenalty) * kShareScale);
}

// With the member and without it the portfolio solves a fixed set of
// levels and every solution replays.
TEST(PullPenalty, SolvesWithAndWithout) { ExpectSolvesWithAndWithoutMember("pullpenalty"); }

}  // namespace
}  // namespace sokoban
