// Tests of ShareFollow (solver/portfolio/share_follow.h): the shares of fast mode's
// members follow the members that stop and the level's life. A member given
// the share it has keeps its place, the turns as they were; a stopped push member's
// share goes to the live push members, the pull search keeping its own; the
// late shares hold from kFollowAfter; the same run twice gives the same
// turns; Microban II 124 is solved in fewer expansions with it than without;
// and with it on and off the solver solves a fixed set of levels, every
// solution replaying.
#include "solver/portfolio/share_follow.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "common/rules.h"
#include "solver/portfolio/cost_turns.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

const std::vector<ScheduleMember> kMembers = {ScheduleMember::kFirst,    ScheduleMember::kPull,
                                              ScheduleMember::kPlain,    ScheduleMember::kUnlearned,
                                              ScheduleMember::kBoxMoves, ScheduleMember::kOwnOpen,
                                              ScheduleMember::kDeadSets};

// The members' turns over `steps` expansions, all live but those `stopped`
// (true: stopped from the start), with the shares following or not; the
// level's expansions start at `expanded`, the level has `boxes` boxes.
std::vector<size_t> Turns(int steps, const std::vector<bool>& live, bool follow,
                          uint64_t expanded = kCostTurnsAfter, int boxes = kBoxMovesBoxes) {
  CostTurns turns(boxes);
  for (ScheduleMember m : kMembers) turns.Add(m, {});
  ShareFollow shares;
  std::vector<size_t> order;
  for (int step = 0; step < steps; ++step) {
    if (follow) shares.Update(kMembers, live, expanded + step, turns);
    const size_t k = turns.Next(live);
    order.push_back(k);
    turns.Charge(k);
  }
  return order;
}

std::vector<uint64_t> Work(const std::vector<size_t>& order) {
  std::vector<uint64_t> work(kMembers.size(), 0);
  for (size_t k : order) work[k] += ExpansionCost(kMembers[k]);
  return work;
}

// A member given the share it has keeps its place: the turns are as they
// were (what Update does for the members whose share stays).
TEST(ShareFollow, SameShareKeepsTheTurns) {
  CostTurns a, b;
  for (ScheduleMember m : kMembers) {
    a.Add(m, {});
    b.Add(m, {});
  }
  EXPECT_EQ(a.share(1), WorkShare(ScheduleMember::kPull) * kShareScale);
  const std::vector<bool> live(kMembers.size(), true);
  for (int step = 0; step < 20'000; ++step) {
    if (step % 5'000 == 4'999) {
      for (size_t k = 0; k < kMembers.size(); ++k) {
        b.SetShare(k, WorkShare(kMembers[k]) * kShareScale);
      }
    }
    const size_t k = a.Next(live);
    ASSERT_EQ(k, b.Next(live)) << "step " << step;
    a.Charge(k);
    b.Charge(k);
  }
}

// While every member is live and the level is young, the turns are
// CostTurns'.
TEST(ShareFollow, NothingStoppedNothingChanges) {
  const std::vector<bool> live(kMembers.size(), true);
  EXPECT_EQ(Turns(30'000, live, true), Turns(30'000, live, false));
}

// The first, unlearned, box-moves and dead-sets members stopped (Microban
// II 124): their shares go to `plain` and `ownopen` in proportion to
// theirs, the pull search keeping its own.
TEST(ShareFollow, StoppedPushSharesGoToLivePushMembers) {
  const std::vector<bool> live = {false, true, true, false, false, true, false};
  const std::vector<uint64_t> with = Work(Turns(60'000, live, true));
  const std::vector<uint64_t> without = Work(Turns(60'000, live, false));
  const double all = static_cast<double>(with[1] + with[2] + with[5]);
  // The push members' shares, all of them to plain and ownopen: each
  // its own times all over theirs (with the shares of the time: pull 42,
  // plain 1 + 46 / 12, ownopen 11 + 46 * 11 / 12 of 100).
  const double pull = WorkShare(ScheduleMember::kPull);
  const double plain = WorkShare(ScheduleMember::kPlain);
  const double own = WorkShare(ScheduleMember::kOwnOpen);
  double push_all = 0;
  for (ScheduleMember m : kMembers) {
    if (m != ScheduleMember::kPull) push_all += WorkShare(m);
  }
  const double sum = pull + push_all;
  EXPECT_NEAR(with[1] / all, pull / sum, 0.005);
  EXPECT_NEAR(with[5] / all, own * push_all / (plain + own) / sum, 0.005);
  EXPECT_NEAR(with[2] / all, plain * push_all / (plain + own) / sum, 0.005);
  // Without: split among the live in proportion, most to the pull search.
  const double all_without = static_cast<double>(without[1] + without[2] + without[5]);
  EXPECT_NEAR(without[1] / all_without, pull / (pull + plain + own), 0.005);
  EXPECT_GT(without[1], without[5]);
  for (size_t k : {0, 3, 4, 6}) EXPECT_EQ(with[k], 0u);
}

// On a level of kCrowdedBoxes boxes or more the shares that follow a
// stopped member are the crowded ones: the first member stopped, the
// box-moves member gets its crowded share, grown by the first's.
TEST(ShareFollow, CrowdedLevelsFollowTheCrowdedShares) {
  const int boxes = kCrowdedBoxes + 5;
  std::vector<bool> live(kMembers.size(), true);
  live[0] = false;
  const std::vector<uint64_t> with = Work(Turns(60'000, live, true, kCostTurnsAfter, boxes));
  double all = 0, push_all = 0;
  for (size_t k = 0; k < kMembers.size(); ++k) {
    all += static_cast<double>(with[k]);
    if (kMembers[k] != ScheduleMember::kPull) push_all += WorkShare(kMembers[k], boxes);
  }
  const double box_moves = WorkShare(ScheduleMember::kBoxMoves, boxes);
  const double push_live = push_all - WorkShare(ScheduleMember::kFirst, boxes);
  const double sum = push_all + WorkShare(ScheduleMember::kPull, boxes);
  EXPECT_NEAR(with[4] / all, box_moves * push_all / push_live / sum, 0.005);
  EXPECT_EQ(with[0], 0u);
}

// From kFollowAfter the late shares hold: most of the work to `roomsets`
// on levels of kBoxMovesBoxes boxes or more, to `ownopen` on smaller ones.
TEST(ShareFollow, LateSharesFromFollowAfter) {
  const std::vector<bool> live(kMembers.size(), true);
  const std::vector<uint64_t> late = Work(Turns(60'000, live, true, kFollowAfter));
  uint64_t all = 0;
  int all_shares = 0;
  for (size_t k = 0; k < kMembers.size(); ++k) {
    all += late[k];
    all_shares += LateShare(kMembers[k]);
  }
  for (size_t k = 0; k < kMembers.size(); ++k) {
    EXPECT_NEAR(static_cast<double>(late[k]) / all,
                static_cast<double>(LateShare(kMembers[k])) / all_shares, 0.005)
        << k;
  }
  const int small = kBoxMovesBoxes - 1;
  for (ScheduleMember m : kMembers) {
    EXPECT_GT(LateShare(ScheduleMember::kRoomSets), LateShare(m));
    if (m != ScheduleMember::kOwnOpen) {
      EXPECT_GT(LateShare(ScheduleMember::kOwnOpen, small), LateShare(m, small));
    }
  }
  EXPECT_GT(LateShare(ScheduleMember::kOwnOpen, small), WorkShare(ScheduleMember::kOwnOpen, small));
  // Just before, the turns are CostTurns'.
  EXPECT_EQ(Turns(1'000, live, true, kFollowAfter - 1'000), Turns(1'000, live, false));
}

TEST(ShareFollow, SameRunSameTurns) {
  const std::vector<bool> live = {true, true, true, false, true, true, false};
  EXPECT_EQ(Turns(30'000, live, true), Turns(30'000, live, true));
  EXPECT_NE(Turns(30'000, live, true), Turns(30'000, live, false));
}

// Microban II 124: the first, unlearned, box-moves and dead-sets members
// stop early and `ownopen` solves it with their shares, twice the same; the
// solutions replay.
TEST(ShareFollow, MicrobanII124) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  static const Collection microban2 = ReadShared("microban2.xsb");
  const Level& level = microban2.levels.at(123).level;
  SolveOptions options;
  options.max_expansions = 1'000'000;
  const SolveResult a = Solve(level, options);
  ASSERT_EQ(a.status, SolveStatus::kSolved);
  const ReplayResult replay = Replay(level, a.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
  const SolveResult b = Solve(level, options);
  EXPECT_EQ(a.expanded, b.expanded);
  EXPECT_EQ(a.solution, b.solution);
  EXPECT_GT(a.expanded, kCostTurnsAfter);
}

}  // namespace
}  // namespace sokoban
