// Tests of `roomsets` (one more fast-mode member on levels of 12 boxes or
// more: the dead-sets member's search with FESS's room connectivity and
// hotspots in its order; solver/solver.cc, its shares in
// solver/portfolio/cost_turns.cc): the solver still solves with it on or off, the
// member runs only on levels large enough, and the two features are what
// solve XSokoban 29 for it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/portfolio/cost_turns.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/slow_tests.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(RoomSets, SolvesWithAndWithout) { ExpectSolvesWithAndWithoutMember("roomsets"); }

// In the portfolio it joins with the dead-sets member on levels of
// kBoxMovesBoxes boxes or more (XSokoban 29, 16 boxes), not on smaller ones
// (XSokoban 18, 11 boxes), both still open after 50,000 expansions.
TEST(RoomSets, JoinsOnLargeLevelsOnly) {
  auto members = [](int number) {
    SolveOptions options;
    options.max_expansions = 50'000;
    const SolveResult r = Solve(XsokobanLevel(number), options);
    EXPECT_EQ(r.status, SolveStatus::kTimeout) << number;
    std::vector<std::string> names;
    for (const auto& [name, expanded] : r.members) names.push_back(name);
    return names;
  };
  ASSERT_GE(Board::Build(XsokobanLevel(29))->box_count(), kBoxMovesBoxes);
  ASSERT_LT(Board::Build(XsokobanLevel(18))->box_count(), kBoxMovesBoxes);
  const std::vector<std::string> large = members(29), small = members(18);
  EXPECT_NE(std::find(large.begin(), large.end(), "deadsets"), large.end());
  EXPECT_NE(std::find(large.begin(), large.end(), "roomsets"), large.end());
  EXPECT_NE(std::find(small.begin(), small.end(), "deadsets"), small.end());
  EXPECT_EQ(std::find(small.begin(), small.end(), "roomsets"), small.end());
}

// Alone it solves XSokoban 29 within 330,000 expansions (317,030), where
// the dead-sets member, the same search without the two features, does
// not.
TEST(RoomSets, MemberSolvesXSokoban29) {
  if (SkipSlowTests()) GTEST_SKIP() << "seconds in the Release build, minutes with sanitizers";
  const Level& level = XsokobanLevel(29);
  SolveOptions options;
  options.member = "roomsets";
  options.max_expansions = 330'000;
  const SolveResult with = Solve(level, options);
  ASSERT_EQ(with.status, SolveStatus::kSolved);
  const ReplayResult replay = Replay(level, with.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
  options.member = "deadsets";
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kTimeout);
}

}  // namespace
}  // namespace sokoban
