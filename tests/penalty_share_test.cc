// Tests of `penshare` (fast mode: on levels of 18 or 19 boxes every push
// member bounds with the penalty patterns and learns into the level's
// shared table; solver/solver.cc): the solver still solves with it on or
// off, it changes the searches of those levels only, and it is what solves
// XSokoban 52.
#include <gtest/gtest.h>

#include <string>

#include "common/rules.h"
#include "solver/board.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/slow_tests.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(PenaltyShare, SolvesWithAndWithout) {
  ExpectSolvesWithAndWithout(kPrunePenaltyShare);
  // Two levels it changes (18 boxes each), solved within a second.
  for (int number : {20, 70}) {
    ASSERT_EQ(Board::Build(XsokobanLevel(number))->box_count(), 18);
    for (PruneSet prune :
         {PruneSet{kPruneDefault}, PruneSet{kPruneDefault & ~kPrunePenaltyShare}}) {
      EXPECT_TRUE(
          SolvesAndReplays(XsokobanLevel(number), prune, "XSokoban " + std::to_string(number)));
    }
  }
}

// The same budget with it and without: other states stored on levels of 18
// and 19 boxes (XSokoban 52 and 25), the same search on 16 and 20 (29, 28).
TEST(PenaltyShare, ChangesLevelsOf18Or19BoxesOnly) {
  auto run = [](int number, PruneSet prune) {
    SolveOptions options;
    options.prune = prune;
    options.max_expansions = 5'000;
    const SolveResult r = Solve(XsokobanLevel(number), options);
    EXPECT_EQ(r.status, SolveStatus::kTimeout) << number;
    return r;
  };
  for (int number : {52, 25, 29, 28}) {
    const int boxes = Board::Build(XsokobanLevel(number))->box_count();
    const SolveResult with = run(number, kPruneDefault);
    const SolveResult without = run(number, kPruneDefault & ~kPrunePenaltyShare);
    EXPECT_EQ(with.members, without.members) << number;
    if (boxes == 18 || boxes == 19) {
      EXPECT_NE(with.stored, without.stored) << number;
    } else {
      EXPECT_EQ(with.stored, without.stored) << number;
      ASSERT_EQ(with.progress.size(), without.progress.size());
      for (size_t k = 0; k < with.progress.size(); ++k)
        EXPECT_EQ(with.progress[k].position, without.progress[k].position) << number;
    }
  }
}

// XSokoban 52 (18 boxes): solved with it, where `boxpenalty`'s search meets
// the pull search's (884,283 expansions in all, 44,603 of them
// `boxpenalty`'s), not within as many without it.
TEST(PenaltyShare, SolvesXSokoban52) {
  if (SkipSlowTests()) GTEST_SKIP() << "seconds in the Release build, minutes with sanitizers";
  const Level& level = XsokobanLevel(52);
  SolveOptions options;
  options.max_expansions = 900'000;
  const SolveResult with = Solve(level, options);
  ASSERT_EQ(with.status, SolveStatus::kSolved);
  EXPECT_EQ(with.decided_by, "boxpenalty+pull");
  const ReplayResult replay = Replay(level, with.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
  options.prune = kPruneDefault & ~kPrunePenaltyShare;
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kTimeout);
}

}  // namespace
}  // namespace sokoban
