// Tests of the solver through its public API: answers replay, optimal mode
// matches an independent breadth-first search, dead ends are proved, limits
// hold, dead squares are right, and runs are deterministic.
#include "solver/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <queue>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "solver/core/board.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// Fewest pushes that solve the level, by plain breadth-first search over
// (boxes, player area) on the XSB grid; -1 when there is no solution. Shares
// no code with the solver: it works on grid cells, with no deadlock tests.
int BfsPushes(const Level& level) {
  const int w = level.width, n = level.width * level.height;
  std::vector<int> boxes;
  int player = -1;
  for (int c = 0; c < n; ++c) {
    const char ch = level.squares[c];
    if (IsBoxChar(ch)) boxes.push_back(c);
    if (IsPlayerChar(ch)) player = c;
  }
  auto wall = [&](int c) { return c < 0 || c >= n || level.squares[c] == '#'; };
  const int step[4] = {-1, -w, 1, w};
  // Player area from `from` with boxes as obstacles: its smallest cell names it.
  auto area = [&](int from, const std::vector<int>& bx, std::vector<uint8_t>& seen) {
    std::fill(seen.begin(), seen.end(), 0);
    std::vector<int> stack{from};
    seen[from] = 1;
    int min_cell = from;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int to = c + step[d];
        if (wall(to) || seen[to] || std::count(bx.begin(), bx.end(), to)) continue;
        seen[to] = 1;
        min_cell = std::min(min_cell, to);
        stack.push_back(to);
      }
    }
    return min_cell;
  };
  auto solved = [&](const std::vector<int>& bx) {
    return std::all_of(bx.begin(), bx.end(), [&](int c) { return IsGoalChar(level.squares[c]); });
  };
  std::vector<uint8_t> seen(n);
  std::set<std::pair<std::vector<int>, int>> visited;
  std::queue<std::tuple<std::vector<int>, int, int>> queue;  // boxes, player, pushes
  std::sort(boxes.begin(), boxes.end());
  visited.insert({boxes, area(player, boxes, seen)});
  queue.push({boxes, player, 0});
  while (!queue.empty()) {
    auto [bx, pl, pushes] = queue.front();
    queue.pop();
    if (solved(bx)) return pushes;
    area(pl, bx, seen);
    const std::vector<uint8_t> reach = seen;
    for (size_t i = 0; i < bx.size(); ++i) {
      for (int d = 0; d < 4; ++d) {
        const int from = bx[i] - step[d], to = bx[i] + step[d];
        if (wall(from) || !reach[from] || wall(to) || std::count(bx.begin(), bx.end(), to)) {
          continue;
        }
        std::vector<int> next = bx;
        next[i] = to;
        std::sort(next.begin(), next.end());
        if (visited.insert({next, area(bx[i], next, seen)}).second) {
          queue.push({next, bx[i], pushes + 1});
        }
      }
    }
  }
  return -1;
}

SolveResult SolveWith(const Level& level, SolveMode mode, uint64_t max_expansions = 0) {
  SolveOptions options;
  options.mode = mode;
  options.max_expansions = max_expansions;
  options.time_limit_seconds = 60;  // a safety net only
  return Solve(level, options);
}

void ExpectReplaySolves(const Level& level, const SolveResult& r) {
  ASSERT_EQ(r.status, SolveStatus::kSolved) << level.title;
  const ReplayResult replay = Replay(level, r.solution);
  EXPECT_TRUE(replay.valid) << level.title << ": " << replay.error;
  EXPECT_TRUE(replay.solved) << level.title;
  EXPECT_EQ(replay.metrics, r.metrics) << level.title;
  EXPECT_EQ(replay.normalized, r.solution) << level.title;
}

TEST(Solver, SolvesSmallLevelsWithSolutionsThatReplay) {
  for (int number = 1; number <= 20; ++number) {
    const Level& level = MicrobanLevel(number);
    ExpectReplaySolves(level, SolveWith(level, SolveMode::kFast));
  }
  const Level corridor = Level::FromRows({"#######", "#@ $ .#", "#######"});
  const SolveResult r = SolveWith(corridor, SolveMode::kOptimal);
  ExpectReplaySolves(corridor, r);
  EXPECT_EQ(r.solution, "rRR");
  EXPECT_TRUE(r.push_optimal);
}

TEST(Solver, OptimalModeMatchesAnIndependentBreadthFirstSearch) {
  int checked = 0;
  for (int number = 1; number <= 40 && checked < 12; ++number) {
    const Level& level = MicrobanLevel(number);
    int boxes = 0;
    for (char c : level.squares) boxes += IsBoxChar(c);
    if (boxes > 3) continue;
    const SolveResult r = SolveWith(level, SolveMode::kOptimal);
    ExpectReplaySolves(level, r);
    EXPECT_TRUE(r.push_optimal) << level.title;
    EXPECT_EQ(r.metrics.pushes, BfsPushes(level)) << "Microban " << level.title;
    ++checked;
  }
  EXPECT_GE(checked, 8);
}

// Random small rooms (6x6 inside, a seventh of the squares walls, 2 or 3
// boxes; 150 solvable and 150 not): with every pruning technique on, optimal
// mode must agree with the independent breadth-first search on every one
// (solvable with the same push count, or not), and fast mode on whether it
// is solvable. A wrong deadlock test shows here as a level called
// unsolvable that has a solution, or as a longer solution.
TEST(Solver, RandomRoomsAgreeWithAnIndependentBreadthFirstSearch) {
  std::mt19937 rng(20261130);
  int solvable = 0, unsolvable = 0;
  for (int attempt = 0; attempt < 5000 && (solvable < 150 || unsolvable < 150); ++attempt) {
    std::vector<std::string> rows;
    const std::optional<Level> room = RandomRoom(rng, &rows);
    if (!room) continue;
    const Level& level = *room;
    const int expected = BfsPushes(level);
    const SolveResult r = SolveWith(level, SolveMode::kOptimal);
    // Fast mode (weighted search, tunnel macros) must agree on solvability.
    const SolveResult fast = SolveWith(level, SolveMode::kFast);
    EXPECT_EQ(fast.status, expected < 0 ? SolveStatus::kUnsolvable : SolveStatus::kSolved)
        << absl::StrJoin(rows, "\n");
    if (fast.status == SolveStatus::kSolved) ExpectReplaySolves(level, fast);
    if (expected < 0) {
      EXPECT_EQ(r.status, SolveStatus::kUnsolvable) << absl::StrJoin(rows, "\n");
      ++unsolvable;
    } else {
      ASSERT_EQ(r.status, SolveStatus::kSolved) << absl::StrJoin(rows, "\n");
      EXPECT_EQ(r.metrics.pushes, expected) << absl::StrJoin(rows, "\n");
      ++solvable;
    }
  }
  EXPECT_GE(solvable, 150);
  EXPECT_GE(unsolvable, 150);
}

// The memory figure covers every search of the portfolio (a search that
// joined late and stored a few hundred states in its first table would
// alone say 50-150 bytes): on levels that store tens of thousands of
// states it stays within 32 bytes a state.
TEST(Solver, BytesPerStateCountsEveryStore) {
  for (int number : {139, 143}) {
    const SolveResult r = SolveWith(MicrobanLevel(number), SolveMode::kFast);
    ASSERT_EQ(r.status, SolveStatus::kSolved) << number;
    ASSERT_GE(r.stored, 10000u) << number;
    EXPECT_GE(r.bytes_per_state, 8u) << number;
    EXPECT_LE(r.bytes_per_state, 32u) << number;
  }
}

// Push-optimal lengths pinned, so that a change in either search shows.
TEST(Solver, KnownPushOptimalLengths) {
  // Microban 1, 2, 3, 4, 6 and 8 (two or three boxes each); the breadth-first
  // search above confirms each independently.
  const std::map<int, int> known = {{1, 8}, {2, 3}, {3, 13}, {4, 7}, {6, 29}, {8, 32}};
  for (const auto& [number, pushes] : known) {
    const Level& level = MicrobanLevel(number);
    const SolveResult r = SolveWith(level, SolveMode::kOptimal);
    ExpectReplaySolves(level, r);
    EXPECT_EQ(r.metrics.pushes, pushes) << "Microban " << number;
    EXPECT_EQ(BfsPushes(level), pushes) << "Microban " << number;
  }
}

TEST(Solver, ProvesSmallDeadEndsUnsolvable) {
  const std::vector<std::vector<std::string>> levels = {
      // A box in a corner, off goal.
      {"#####", "#$  #", "#  .#", "# @ #", "#####"},
      // Two boxes side by side against the top wall: neither can move along
      // it (the other is in the way) nor away from it (the wall is behind).
      // Each alone could be pushed right to the goal on that wall.
      {"#######", "# $$ .#", "#     #", "#@   .#", "#######"},
      // The goal is in a pocket the player can walk into but a box cannot:
      // a box could only enter it by a push to the left from (3,1), a wall.
      {"######", "#. # #", "## $ #", "#@   #", "######"},
  };
  for (const auto& rows : levels) {
    const Level level = Level::FromRows(rows);
    ASSERT_TRUE(ValidateLevel(level).ok()) << rows[1];
    for (SolveMode mode : {SolveMode::kFast, SolveMode::kOptimal}) {
      const SolveResult r = SolveWith(level, mode);
      EXPECT_EQ(r.status, SolveStatus::kUnsolvable) << rows[1];
      EXPECT_TRUE(r.solution.empty());
      EXPECT_EQ(BfsPushes(level), -1) << rows[1];
    }
  }
}

TEST(Solver, InvalidLevelIsReportedNotSolved) {
  const Level no_player = Level::FromRows({"#####", "#$ .#", "#####"});
  const SolveResult r = SolveWith(no_player, SolveMode::kFast);
  EXPECT_EQ(r.status, SolveStatus::kInvalid);
  EXPECT_FALSE(r.error.empty());
}

const Level& HardLevel() {
  // XSokoban 50-ish territory: far beyond a second of search.
  static const Collection c = ReadShared("xsokoban90.xsb");
  return c.levels.at(28).level;
}

TEST(Solver, TimeLimitIsRespected) {
  SolveOptions options;
  options.time_limit_seconds = 0.3;
  const SolveResult r = Solve(HardLevel(), options);
  EXPECT_EQ(r.status, SolveStatus::kTimeout);
  // Generous: the limit is checked often, this only catches a limit ignored.
  EXPECT_LT(r.seconds, 10.0);
  EXPECT_GT(r.expanded, 0u);
}

TEST(Solver, MemoryLimitIsRespected) {
  SolveOptions options;
  options.memory_limit_bytes = 1 << 20;
  options.time_limit_seconds = 60;
  const SolveResult r = Solve(HardLevel(), options);
  EXPECT_EQ(r.status, SolveStatus::kMemory);
  // The store's first chunk of records is allocated before the first check,
  // so a limit below it stops the search at once, a little above the limit.
  EXPECT_LT(r.peak_bytes, size_t{2} << 20);
}

TEST(Solver, CancelFlagStopsTheSearch) {
  std::atomic<bool> cancel{true};
  SolveOptions options;
  options.cancel = &cancel;
  options.time_limit_seconds = 60;
  EXPECT_EQ(Solve(HardLevel(), options).status, SolveStatus::kCancelled);
}

TEST(Solver, MaxExpansionsIsADeterministicBudget) {
  const SolveResult a = SolveWith(HardLevel(), SolveMode::kFast, 5000);
  const SolveResult b = SolveWith(HardLevel(), SolveMode::kFast, 5000);
  EXPECT_EQ(a.status, SolveStatus::kTimeout);
  EXPECT_LE(a.expanded, 5001u);
  EXPECT_EQ(a.expanded, b.expanded);
  EXPECT_EQ(a.stored, b.stored);
}

TEST(Solver, SameStatesAndSolutionOnEveryRun) {
  for (int number : {30, 60, 90}) {
    for (SolveMode mode : {SolveMode::kFast, SolveMode::kOptimal}) {
      const SolveResult a = SolveWith(MicrobanLevel(number), mode);
      const SolveResult b = SolveWith(MicrobanLevel(number), mode);
      EXPECT_EQ(a.status, b.status);
      EXPECT_EQ(a.expanded, b.expanded) << number;
      EXPECT_EQ(a.stored, b.stored) << number;
      EXPECT_EQ(a.solution, b.solution) << number;
    }
  }
}

int DeadSquares(const Level& level) {
  absl::StatusOr<Board> board = Board::Build(level);
  EXPECT_TRUE(board.ok()) << board.status();
  return board.ok() ? board->DeadSquareCount() : -1;
}

TEST(Board, DeadSquareCountsOfKnownLevels) {
  // Microban 1, x across, y down:
  //   ####        14 floor squares; goals (2,1) and (1,3).
  //   # .#        Dead: the corners (1,1), (4,3), (4,4), (1,5), (2,5).
  //   #  ###      (3,3) and (3,4) can be pushed left into column 2, which
  //   #*@  #      leads up to the goal (2,1); (1,2) and (1,4) lie on the
  //   #  $ #      left wall but that wall line holds the goal (1,3).
  //   #  ###
  //   ####
  EXPECT_EQ(DeadSquares(MicrobanLevel(1)), 5);
  // A corridor: a box only moves along it; from (1,1) it cannot be pushed
  // right (the player would stand in the wall), every other square can.
  EXPECT_EQ(DeadSquares(Level::FromRows({"#######", "#@ $ .#", "#######"})), 1);
  // A 4x3 room with the goal at (2,2): every square along a wall is dead (no
  // goal on any wall line); the two inner squares (2,2) and (3,2) are alive.
  EXPECT_EQ(DeadSquares(Level::FromRows({"######", "#    #", "# .$ #", "#@   #", "######"})), 10);
}

}  // namespace
}  // namespace sokoban
