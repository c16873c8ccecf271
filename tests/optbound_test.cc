// `optbound`: optimal mode takes the states of one f and h oldest first
// (solver/parts/open_list.h, solver/order/order_best_first.h), and the search ahead in
// the meeting takes more turns the further ahead it is
// (solver/parts/meet_optimal.h). The open list and the meeting give them in that
// order; optimal mode gives the same push counts with it as
// without it, on small levels and random rooms, every solution replays and
// is marked push-optimal; and it solves Microban 153 within a budget the
// newest-first order does not (3,507,347 expansions).
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/level.h"
#include "common/rules.h"
#include "generator/generate.h"
#include "solver/parts/meet_optimal.h"
#include "solver/parts/open_list.h"
#include "solver/solver.h"
#include "tests/optimal_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(OptBound, OldestFirstWithinOneBucket) {
  OpenList newest, oldest(OpenList::kOldestFirst);
  // Five ids in bucket (7, 3), one in (7, 2), one in (6, 9).
  for (OpenList* list : {&newest, &oldest}) {
    for (StateId id = 10; id < 15; ++id) list->Push(7, 3, id);
    list->Push(7, 2, 20);
    list->Push(6, 9, 30);
  }
  auto drain = [](OpenList& list) {
    std::vector<std::pair<int, StateId>> out;
    while (!list.empty()) {
      int f, h;
      const StateId id = list.Pop(&f, &h);
      out.emplace_back(f * 100 + h, id);
    }
    return out;
  };
  using V = std::vector<std::pair<int, StateId>>;
  // Lowest f, then lowest h, in both; within (7, 3) the order differs.
  EXPECT_EQ(drain(newest),
            (V{{609, 30}, {702, 20}, {703, 14}, {703, 13}, {703, 12}, {703, 11}, {703, 10}}));
  EXPECT_EQ(drain(oldest),
            (V{{609, 30}, {702, 20}, {703, 10}, {703, 11}, {703, 12}, {703, 13}, {703, 14}}));
}

// A bucket that is taken from while it is filled keeps its order, also
// across the dropping of its taken prefix.
TEST(OptBound, OldestFirstWhileFilling) {
  OpenList list(OpenList::kOldestFirst);
  StateId next_in = 0, next_out = 0;
  for (int round = 0; round < 50; ++round) {
    for (int k = 0; k < 300; ++k) list.Push(5, 1, next_in++);
    for (int k = 0; k < 200; ++k) {
      int f, h;
      ASSERT_EQ(list.Pop(&f, &h), next_out++);
      ASSERT_EQ(f, 5);
      ASSERT_EQ(h, 1);
    }
  }
  EXPECT_EQ(list.size(), static_cast<size_t>(next_in - next_out));
  while (!list.empty()) {
    int f, h;
    ASSERT_EQ(list.Pop(&f, &h), next_out++);
  }
  EXPECT_EQ(next_out, next_in);
}

// The meeting's turns: the search ahead takes kLeadTurns in a row, with
// `by_gap` more the further ahead it is, and the other one turn between.
TEST(OptBound, TurnsByGap) {
  auto run_lengths = [](OptimalMeeting& meet, int push_lower, int pull_lower) {
    std::vector<int> turns;
    for (int k = 0; k < 600; ++k) turns.push_back(meet.NextTurn(push_lower, pull_lower));
    // The lengths of the runs of the search ahead, after the first.
    const int ahead = push_lower >= pull_lower ? 0 : 1;
    std::vector<int> runs;
    int run = 0;
    for (int t : turns) {
      if (t == ahead) {
        ++run;
      } else {
        runs.push_back(run);
        run = 0;
      }
    }
    return std::vector<int>(runs.begin() + 1, runs.end());
  };
  const int lead = OptimalMeeting::kLeadTurns, step = OptimalMeeting::kGapStep;
  for (const auto& [gap, factor] : std::vector<std::pair<int, int>>{
           {0, 1}, {step - 1, 1}, {step, 2}, {2 * step, 4}, {3 * step, 8}, {62, 8}, {200, 8}}) {
    for (const bool pull_ahead : {false, true}) {
      OptimalMeeting plain, by_gap(true);
      const int push_lower = pull_ahead ? 274 : 274 + gap;
      const int pull_lower = pull_ahead ? 274 + gap : 274;
      if (gap == 0) continue;  // ties alternate
      for (int r : run_lengths(plain, push_lower, pull_lower)) EXPECT_EQ(r, lead) << gap;
      const std::vector<int> runs = run_lengths(by_gap, push_lower, pull_lower);
      ASSERT_FALSE(runs.empty()) << gap;
      for (int r : runs) EXPECT_EQ(r, lead * factor) << gap;
    }
  }
  // Ties: one each in turn.
  OptimalMeeting tie(true);
  EXPECT_EQ(tie.NextTurn(300, 300), 0);
  EXPECT_EQ(tie.NextTurn(300, 300), 1);
  EXPECT_EQ(tie.NextTurn(300, 300), 0);
}

// Same statuses and push counts with `optbound` as without it, with and
// without the pull search (`bidir`), on Microban 1-92, random small rooms
// and generated levels; every solution replays and is push-optimal.
TEST(OptBound, OptimalPushCountsUnchanged) {
  const std::vector<std::pair<std::string, Level>> levels = OptimalCheckLevels(37, 120);
  int solved = 0;
  for (const PruneSet base : {static_cast<PruneSet>(kPruneAll), kPruneAll & ~kPruneBidir}) {
    PushCountTotals totals;
    ExpectSamePushCounts(levels, base, base & ~kPruneOptBound, &totals);
    solved += totals.solved;
  }
  EXPECT_GT(solved, 200);
}

// Microban 153 (336 pushes): the push search proves 336 a lower bound
// after about 78,000 expansions; taking its last layer oldest first finds a
// solution of that length after 1,259,087 expansions of both searches, and
// 1,194,281 with the meeting's turns by gap; the newest-first order after
// 3,507,347.
TEST(OptBound, SolvesMicroban153) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  const Level& level = MicrobanLevel(153);
  const SolveResult with = SolveOptimal(level, kPruneDefault, 1'250'000);
  ASSERT_EQ(with.status, SolveStatus::kSolved);
  EXPECT_EQ(with.metrics.pushes, 336);
  EXPECT_TRUE(with.push_optimal);
  const ReplayResult replay = Replay(level, with.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
}

}  // namespace
}  // namespace sokoban
