// Tests of the schedule of fast mode's searches (solver/portfolio/schedule.h): when
// the A*-ordered, the second feature-space search and the one without the
// shared deadlock tables join, how often they expand, a member run alone
// (SolveOptions::member), and that a level they join on is solved with the
// schedule on and off, its solutions replaying.
#include "solver/portfolio/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/rules.h"
#include "solver/portfolio/cost_turns.h"
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
  // The late members: with it while the first goes on, but not on a level
  // the first left early until all have made kLateAfter.
  EXPECT_TRUE(LateJoins(kPlainAfter, kPlainAfter + 1));
  EXPECT_FALSE(LateJoins(300, kLateAfter - 1));
  EXPECT_TRUE(LateJoins(300, kLateAfter));
  // The pull search joins with the first; the searches without goal rooms,
  // without the shared deadlock tables and with box moves late; the pull
  // search with penalty patterns with the turns by cost.
  EXPECT_EQ(JoinStage(ScheduleMember::kFirst), JoinAt::kStart);
  EXPECT_EQ(JoinStage(ScheduleMember::kPull), JoinAt::kStart);
  EXPECT_EQ(JoinStage(ScheduleMember::kPlain), JoinAt::kPlain);
  EXPECT_EQ(JoinStage(ScheduleMember::kOwnOpen), JoinAt::kLate);
  EXPECT_EQ(JoinStage(ScheduleMember::kUnlearned), JoinAt::kLate);
  EXPECT_EQ(JoinStage(ScheduleMember::kBoxMoves), JoinAt::kLate);
  EXPECT_EQ(JoinStage(ScheduleMember::kPullPenalty), JoinAt::kByCost);
}

TEST(Schedule, TurnsByRound) {
  int first = 0, pull = 0, plain = 0, open = 0, unlearned = 0, box_moves = 0;
  for (uint64_t round = 1; round <= 400; ++round) {
    first += ScheduleTurns(ScheduleMember::kFirst, round);
    pull += ScheduleTurns(ScheduleMember::kPull, round);
    plain += ScheduleTurns(ScheduleMember::kPlain, round);
    open += ScheduleTurns(ScheduleMember::kOwnOpen, round);
    unlearned += ScheduleTurns(ScheduleMember::kUnlearned, round);
    box_moves += ScheduleTurns(ScheduleMember::kBoxMoves, round);
  }
  EXPECT_EQ(first, 400);
  EXPECT_EQ(pull, 400 * kPullTurns);
  EXPECT_EQ(plain, static_cast<int>(400 / kPlainRounds));
  EXPECT_EQ(open, static_cast<int>(400 / kOwnOpenRounds));
  EXPECT_EQ(unlearned, static_cast<int>(400 / kUnlearnedRounds));
  EXPECT_EQ(box_moves, static_cast<int>(400 / kBoxMovesRounds));
}

// Turns by cost. Two members of equal share: the cheaper
// expansions are taken as many more times as they are cheaper, and the
// work charged to each stays within one expansion's cost of the other's;
// on a tie the member added first expands.
TEST(Schedule, CostTurnsShareTheWorkByCost) {
  EXPECT_LT(ExpansionCost(ScheduleMember::kPull), ExpansionCost(ScheduleMember::kFirst));
  EXPECT_GT(ExpansionCost(ScheduleMember::kBoxMoves), ExpansionCost(ScheduleMember::kFirst));
  CostTurns turns;
  std::vector<bool> live;
  turns.Add(ScheduleMember::kFirst, live);
  live.push_back(true);
  turns.Add(ScheduleMember::kPull, live);
  live.push_back(true);
  EXPECT_EQ(turns.Next(live), 0u);
  int taken[2] = {0, 0};
  for (int step = 0; step < 10'000; ++step) {
    const size_t k = turns.Next(live);
    ++taken[k];
    turns.Charge(k);
  }
  const int64_t first = ExpansionCost(ScheduleMember::kFirst);
  const int64_t pull = ExpansionCost(ScheduleMember::kPull);
  EXPECT_EQ(turns.work(0), taken[0] * static_cast<uint64_t>(first));
  EXPECT_EQ(turns.work(1), taken[1] * static_cast<uint64_t>(pull));
  // work / share equal within one expansion.
  const int64_t a = static_cast<int64_t>(turns.work(0)) * WorkShare(ScheduleMember::kPull);
  const int64_t b = static_cast<int64_t>(turns.work(1)) * WorkShare(ScheduleMember::kFirst);
  EXPECT_LE(std::abs(a - b), std::max(first * WorkShare(ScheduleMember::kPull),
                                      pull * WorkShare(ScheduleMember::kFirst)));
  EXPECT_GT(taken[1], taken[0]);
  // A stopped member gets no turn.
  live[1] = false;
  for (int step = 0; step < 10; ++step) EXPECT_EQ(turns.Next(live), 0u);
}

// On a level of kCrowdedBoxes boxes or more the box-moves member takes its
// crowded share of the work, more than its share on a smaller level; the
// pull searches take less there.
TEST(Schedule, CostTurnsCrowdedLevelsGiveTheBoxMovesMore) {
  EXPECT_GT(WorkShare(ScheduleMember::kBoxMoves, kCrowdedBoxes),
            WorkShare(ScheduleMember::kBoxMoves, kCrowdedBoxes - 1));
  for (ScheduleMember pull : {ScheduleMember::kPull, ScheduleMember::kPullPenalty}) {
    EXPECT_LT(WorkShare(pull, kCrowdedBoxes), WorkShare(pull, kCrowdedBoxes - 1));
  }
  // The box-moves member's part of the work charged in 20,000 turns.
  auto box_moves_part = [](int boxes) {
    CostTurns turns(boxes);
    EXPECT_EQ(turns.boxes(), boxes);
    std::vector<bool> live;
    for (ScheduleMember m : {ScheduleMember::kPull, ScheduleMember::kBoxMoves}) {
      turns.Add(m, live);
      live.push_back(true);
    }
    for (int step = 0; step < 20'000; ++step) turns.Charge(turns.Next(live));
    return static_cast<double>(turns.work(1)) / static_cast<double>(turns.work(0) + turns.work(1));
  };
  auto expected = [](int boxes) {
    const double box_moves = WorkShare(ScheduleMember::kBoxMoves, boxes);
    return box_moves / (box_moves + WorkShare(ScheduleMember::kPull, boxes));
  };
  const double crowded = box_moves_part(25), small = box_moves_part(16);
  EXPECT_NEAR(crowded, expected(25), 0.01);
  EXPECT_NEAR(small, expected(16), 0.01);
  EXPECT_GT(crowded, small + 0.05);
}

// On a level too small for the box-moves members the first feature-space
// search takes the box-moves member's share: against the pull search it gets
// the same part of the work as the box-moves member on a larger level, more
// than its own share gives it there.
TEST(Schedule, CostTurnsSmallLevelsGiveTheFirstSearchTheBoxMovesShare) {
  const int small = kBoxMovesBoxes - 1;
  EXPECT_EQ(WorkShare(ScheduleMember::kFirst, small), WorkShare(ScheduleMember::kBoxMoves));
  EXPECT_EQ(WorkShare(ScheduleMember::kPull, small), WorkShare(ScheduleMember::kPull));
  // The part of the work charged to `member`, against the pull search, in
  // 20,000 turns on a level of `boxes` boxes.
  auto part = [](ScheduleMember member, int boxes) {
    CostTurns turns(boxes);
    std::vector<bool> live;
    for (ScheduleMember m : {ScheduleMember::kPull, member}) {
      turns.Add(m, live);
      live.push_back(true);
    }
    for (int step = 0; step < 20'000; ++step) turns.Charge(turns.Next(live));
    return static_cast<double>(turns.work(1)) / static_cast<double>(turns.work(0) + turns.work(1));
  };
  const double first_small = part(ScheduleMember::kFirst, small);
  EXPECT_NEAR(first_small, part(ScheduleMember::kBoxMoves, kBoxMovesBoxes), 0.01);
  EXPECT_GT(first_small, part(ScheduleMember::kFirst, kBoxMovesBoxes) + 0.3);
}

// A member that joins late starts level with the least charged live member:
// it takes its share from then on, not every turn until it has caught up
// with the work done before it joined.
TEST(Schedule, CostTurnsLateMemberStartsLevel) {
  CostTurns turns;
  std::vector<bool> live;
  for (ScheduleMember m : {ScheduleMember::kFirst, ScheduleMember::kPull}) {
    turns.Add(m, live);
    live.push_back(true);
  }
  for (int step = 0; step < 1'000; ++step) turns.Charge(turns.Next(live));
  turns.Add(ScheduleMember::kDeadSets, live);
  live.push_back(true);
  EXPECT_GT(turns.work(2), 0u);
  int late = 0;
  const int steps = 1'000;
  for (int step = 0; step < steps; ++step) {
    const size_t k = turns.Next(live);
    late += k == 2;
    turns.Charge(k);
  }
  // Its part of the turns: about its share of the work over the cost.
  const double share = WorkShare(ScheduleMember::kDeadSets);
  const double per_work = share / ExpansionCost(ScheduleMember::kDeadSets);
  const double all =
      per_work +
      WorkShare(ScheduleMember::kFirst) /
          static_cast<double>(ExpansionCost(ScheduleMember::kFirst)) +
      WorkShare(ScheduleMember::kPull) / static_cast<double>(ExpansionCost(ScheduleMember::kPull));
  EXPECT_NEAR(late, steps * per_work / all, 5);
}

// A turn is about kTurnUnits of work for every member: as many expansions
// as its cost goes into kTurnUnits, at least one.
TEST(Schedule, CostTurnsTurnIsAboutTheSameWorkForEveryMember) {
  CostTurns turns;
  std::vector<bool> live;
  const ScheduleMember members[] = {
      ScheduleMember::kFirst,    ScheduleMember::kPull,        ScheduleMember::kPlain,
      ScheduleMember::kOwnOpen,  ScheduleMember::kUnlearned,   ScheduleMember::kBoxMoves,
      ScheduleMember::kDeadSets, ScheduleMember::kPullPenalty, ScheduleMember::kRoomSets};
  for (ScheduleMember m : members) {
    turns.Add(m, live);
    live.push_back(true);
  }
  for (size_t k = 0; k < turns.size(); ++k) {
    const int cost = ExpansionCost(members[k]);
    const int length = turns.TurnLength(k);
    EXPECT_GE(length, 1);
    EXPECT_LE(length * cost, std::max(kTurnUnits, cost)) << k;
    EXPECT_GT((length + 1) * cost, kTurnUnits) << k;
  }
  EXPECT_GT(turns.TurnLength(1), turns.TurnLength(5));  // pull: cheaper, more
}

// Turns of many expansions still stop at --max-expansions exactly: past
// kCostTurnsAfter a turn is cut where the budget ends.
TEST(Schedule, CostTurnsStopAtTheExpansionBudget) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  SolveOptions options;
  options.max_expansions = kCostTurnsAfter + 4'321;
  const SolveResult r = Solve(XsokobanLevel(44), options);
  EXPECT_EQ(r.status, SolveStatus::kTimeout);
  EXPECT_EQ(r.expanded, options.max_expansions);
}

// Before the turns by cost, the members take turns by rounds: a round that
// would pass --max-expansions is cut there too (XSokoban 44 at 5,003
// expansions, two members taking a turn each a round, expanded 5,004).
TEST(Schedule, RoundsStopAtTheExpansionBudget) {
  for (const uint64_t budget : {uint64_t{5'003}, uint64_t{50'001}}) {
    SolveOptions options;
    options.max_expansions = budget;
    const SolveResult r = Solve(XsokobanLevel(44), options);
    EXPECT_EQ(r.status, SolveStatus::kTimeout);
    EXPECT_EQ(r.expanded, budget);
  }
}

// One member alone: XSokoban 48 is solved at once by the feature-space
// search without the shared deadlock tables, while the first search, whose
// learned patterns lead it astray there, has not solved it after 20,000
// expansions (without `weightfirst`, which orders both by weight first on
// this level of 34 boxes; then the first solves it in 2,333). An unknown
// name is an error.
TEST(Schedule, MemberAlone) {
  const Level& level = XsokobanLevel(48);
  SolveOptions options;
  options.prune = kPruneDefault & ~kPruneWeightFirst;
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

// The result names each member's states, in the order they joined, and the
// member that decided the level: none when the budget ran out first.
TEST(Schedule, ResultNamesEachMembersStatesAndTheDecidingOne) {
  SolveOptions options;
  options.max_expansions = 200'000;
  const std::vector<std::string_view> names = FastMemberNames();
  const auto expect_members = [&](const SolveResult& r) {
    uint64_t sum = 0;
    for (const auto& [name, expanded] : r.members) {
      EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
      sum += expanded;
    }
    EXPECT_EQ(sum, r.expanded);
  };
  // Microban 1: the first member and the pull search from the start; one
  // of them decides by meeting a state of the other's (A+B).
  const SolveResult portfolio = Solve(MicrobanLevel(1), options);
  ASSERT_EQ(portfolio.status, SolveStatus::kSolved);
  expect_members(portfolio);
  ASSERT_GE(portfolio.members.size(), 2u);
  EXPECT_EQ(portfolio.members[0].first, "features");
  EXPECT_EQ(portfolio.members[1].first, "pull");
  EXPECT_TRUE(portfolio.decided_by == "features+pull" || portfolio.decided_by == "pull+features")
      << portfolio.decided_by;
  // A member alone meets no partner.
  options.member = "pull";
  const SolveResult pull = Solve(MicrobanLevel(1), options);
  ASSERT_EQ(pull.status, SolveStatus::kSolved);
  expect_members(pull);
  ASSERT_EQ(pull.members.size(), 1u);
  EXPECT_EQ(pull.members[0].first, "pull");
  EXPECT_EQ(pull.decided_by, "pull");
  // Out of budget: no member decided.
  options.member.clear();
  options.max_expansions = 50;
  const SolveResult timeout = Solve(XsokobanLevel(48), options);
  ASSERT_EQ(timeout.status, SolveStatus::kTimeout);
  expect_members(timeout);
  EXPECT_EQ(timeout.decided_by, "");
}

// The member without the shared tables in the portfolio: XSokoban 48 is
// solved once `unlearned` joins (55,256 expansions in all), and not in
// 100,000 without it (the box-moves member then solves it in 106,306).
// (The members with tables of their own solve it too, so they are left
// out here, and so is `weightfirst`, with which the first search solves it
// in 2,333 expansions.)
TEST(Schedule, UnlearnedMemberSolvesWhatTheFirstMisses) {
  const Level& level = XsokobanLevel(48);
  SolveOptions options;
  options.max_expansions = 100'000;
  options.prune = kPruneDefault & ~kPruneWeightFirst;
  options.members = *ParseMemberList("default,-ownopen,-deadsets,-roomsets");
  const uint64_t with = ExpansionsToSolve(level, options);
  EXPECT_GT(with, kPlainAfter);
  options.members = *ParseMemberList("default,-ownopen,-deadsets,-roomsets,-unlearned");
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kTimeout);
}

// Past kCostTurnsAfter the members take turns by cost, and XSokoban 77 is
// solved within 560,000 expansions (without `pullpenalty`, whose share its
// dead-sets member gives to); the solution replays.
TEST(Schedule, TurnsByCostSolveXSokoban77) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under the sanitizers";
  const Level& level = XsokobanLevel(77);
  SolveOptions options;
  options.max_expansions = 560'000;
  options.members = *ParseMemberList("default,-pullpenalty");
  const SolveResult r = Solve(level, options);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  EXPECT_GT(r.expanded, kCostTurnsAfter);
  const ReplayResult replay = Replay(level, r.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
}

// Microban 153 keeps the first search going past kPlainAfter, so the
// feature-space search with tables of its own joins and the dead-pair table
// is built: the level is solved with both, and with each left out, in a
// different number of expansions each time, and every solution replays.
TEST(Schedule, SolvesWithAndWithoutItsMembers) {
  const Level& level = MicrobanLevel(153);
  uint64_t expanded[3] = {0, 0, 0};
  int k = 0;
  const MemberSet without_ownopen = *ParseMemberList("default,-ownopen");
  for (const auto& [prune, members] :
       {std::pair{PruneSet{kPruneDefault}, kAllMembers},
        std::pair{PruneSet{kPruneDefault}, without_ownopen},
        std::pair{PruneSet{kPruneDefault & ~kPruneDeadPairs}, kAllMembers}}) {
    SolveOptions options;
    options.prune = prune;
    options.members = members;
    options.max_expansions = 2'000'000;
    const SolveResult r = Solve(level, options);
    ASSERT_EQ(r.status, SolveStatus::kSolved) << "prune " << prune << ", members " << members;
    const ReplayResult replay = Replay(level, r.solution);
    EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
    EXPECT_GT(r.expanded, kPlainAfter);
    expanded[k++] = r.expanded;
  }
  EXPECT_NE(expanded[0], expanded[1]);
  EXPECT_NE(expanded[0], expanded[2]);
}

// How far the push searches got: each push member's most boxes on goals in
// a state it expanded, and its expansions when it first got there; the
// best of them for the level. Pull searches are left out.
TEST(Schedule, ResultSaysHowFarThePushSearchesGot) {
  SolveOptions options;
  // XSokoban 50 starts with 3 of its 16 boxes on goals: the root, the
  // first state expanded, has them.
  options.member = "features";
  options.max_expansions = 1;
  const SolveResult root = Solve(XsokobanLevel(50), options);
  ASSERT_EQ(root.status, SolveStatus::kTimeout);
  EXPECT_EQ(root.BestOnGoals(), 3);
  ASSERT_EQ(root.progress.size(), 1u);
  EXPECT_EQ(root.progress[0].name, "features");
  EXPECT_EQ(root.progress[0].on_goals, 3);
  EXPECT_EQ(root.progress[0].at, 1u);
  // The root's position: the level's board, walls, goals and boxes, with
  // the player on the first square of the area it reaches.
  const Level start = XsokobanLevel(50);
  const Level position = Level::FromRows(root.progress[0].position);
  ASSERT_EQ(position.width, start.width);
  ASSERT_EQ(position.height, start.height);
  int player = -1;
  for (size_t i = 0; i < start.squares.size(); ++i) {
    const char s = start.squares[i], p = position.squares[i];
    EXPECT_EQ(s == '#', p == '#') << i;
    EXPECT_EQ(IsGoalChar(s), IsGoalChar(p)) << i;
    EXPECT_EQ(IsBoxChar(s), IsBoxChar(p)) << i;
    if (IsPlayerChar(p)) player = static_cast<int>(i);
  }
  // The first square, in row order, of the start's player area.
  std::vector<uint8_t> seen(start.squares.size(), 0);
  std::vector<int> stack;
  for (size_t i = 0; i < start.squares.size(); ++i) {
    if (IsPlayerChar(start.squares[i])) stack.push_back(static_cast<int>(i)), seen[i] = 1;
  }
  int first = static_cast<int>(start.squares.size());
  while (!stack.empty()) {
    const int sq = stack.back();
    stack.pop_back();
    first = std::min(first, sq);
    for (const int next : {sq - 1, sq + 1, sq - start.width, sq + start.width}) {
      const char c = start.squares[next];
      if (seen[next] || c == '#' || IsBoxChar(c)) continue;
      seen[next] = 1;
      stack.push_back(next);
    }
  }
  EXPECT_EQ(player, first);
  // A pull search alone says nothing.
  options.member = "pull";
  options.max_expansions = 1000;
  const SolveResult pull = Solve(XsokobanLevel(50), options);
  EXPECT_EQ(pull.BestOnGoals(), -1);
  EXPECT_TRUE(pull.progress.empty());
  // The portfolio on XSokoban 52 (18 boxes, none on goals at the start):
  // every push member reports, within its own expansions, and the same on
  // every run.
  options.member.clear();
  options.max_expansions = 30'000;
  const SolveResult a = Solve(XsokobanLevel(52), options);
  const SolveResult b = Solve(XsokobanLevel(52), options);
  ASSERT_EQ(a.status, SolveStatus::kTimeout);
  int best = -1;
  size_t pushers = 0;
  for (const auto& [name, expanded] : a.members) {
    const bool pull_member = name == "pull" || name == "pullpenalty";
    pushers += !pull_member && expanded > 0;
    const auto p = std::find_if(a.progress.begin(), a.progress.end(),
                                [&](const SolveResult::Progress& q) { return q.name == name; });
    if (pull_member || expanded == 0) {
      EXPECT_EQ(p, a.progress.end()) << name;
      continue;
    }
    ASSERT_NE(p, a.progress.end()) << name;
    EXPECT_GE(p->on_goals, 0);
    EXPECT_LE(p->on_goals, 18);
    EXPECT_GE(p->at, 1u);
    EXPECT_LE(p->at, expanded) << name;
    best = std::max(best, p->on_goals);
  }
  EXPECT_EQ(a.progress.size(), pushers);
  EXPECT_EQ(a.BestOnGoals(), best);
  EXPECT_GE(a.BestOnGoals(), 1);  // some box reached a goal in 30,000 states
  ASSERT_EQ(b.progress.size(), a.progress.size());
  EXPECT_EQ(b.BestOnGoals(), a.BestOnGoals());
  for (size_t k = 0; k < a.progress.size(); ++k) {
    EXPECT_EQ(b.progress[k].name, a.progress[k].name);
    EXPECT_EQ(b.progress[k].on_goals, a.progress[k].on_goals);
    EXPECT_EQ(b.progress[k].at, a.progress[k].at);
    EXPECT_EQ(b.progress[k].position, a.progress[k].position);
    // Each member's position holds its boxes on goals.
    const Level p = Level::FromRows(a.progress[k].position);
    EXPECT_EQ(std::count(p.squares.begin(), p.squares.end(), '*'), a.progress[k].on_goals);
    EXPECT_EQ(std::count_if(p.squares.begin(), p.squares.end(), IsBoxChar), 18);
  }
  // A solved level keeps no positions.
  options.max_expansions = 0;
  const SolveResult solved = Solve(XsokobanLevel(1), options);
  ASSERT_EQ(solved.status, SolveStatus::kSolved);
  ASSERT_FALSE(solved.progress.empty());
  for (const SolveResult::Progress& p : solved.progress) EXPECT_TRUE(p.position.empty()) << p.name;
}

// The furthest search: the most boxes on goals, then the fewest of its
// expansions to get there, then the first.
TEST(Schedule, BestProgressIsTheFurthestThenTheQuickest) {
  SolveResult r;
  EXPECT_EQ(r.BestProgress(), nullptr);
  EXPECT_EQ(r.BestOnGoals(), -1);
  r.progress = {{"a", 4, 10, {}}, {"b", 5, 300, {}}, {"c", 5, 200, {}}, {"d", 5, 200, {}}};
  ASSERT_NE(r.BestProgress(), nullptr);
  EXPECT_EQ(r.BestProgress()->name, "c");
  EXPECT_EQ(r.BestOnGoals(), 5);
}

}  // namespace
}  // namespace sokoban
