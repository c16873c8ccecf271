// Tests of the search techniques one by one: each pruning rule keeps every
// level solvable and, in optimal mode, keeps the optimal push count; macros
// give solutions that replay; the building blocks (packing order, single
// box paths, freeze checks) give the answers worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "common/level_io.h"
#include "common/moves.h"
#include "solver/bound/hungarian.h"
#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/core/reach.h"
#include "solver/deadlock/corral_deadlock.h"
#include "solver/deadlock/freeze.h"
#include "solver/deadlock/frozen_goals.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

SolveResult SolveWith(const Level& level, SolveMode mode, PruneSet prune) {
  SolveOptions options;
  options.mode = mode;
  options.prune = prune;
  options.max_expansions = 2'000'000;
  return Solve(level, options);
}

// PI-corral pruning and the freeze and dead-square checks may cut states,
// never the optimum: with and without them, optimal mode finds the same
// push count on the first 40 Microban levels, expanding fewer states in all.
TEST(SearchTechniques, PruningKeepsOptimalPushCounts) {
  uint64_t full_total = 0, plain_total = 0;
  for (int number = 1; number <= 40; ++number) {
    const Level& level = Microban().levels.at(number - 1).level;
    const SolveResult full = SolveWith(level, SolveMode::kOptimal, kPruneAll);
    const SolveResult plain = SolveWith(level, SolveMode::kOptimal, kPruneBipartite);
    ASSERT_EQ(full.status, SolveStatus::kSolved) << number;
    ASSERT_EQ(plain.status, SolveStatus::kSolved) << number;
    EXPECT_EQ(full.metrics.pushes, plain.metrics.pushes) << "Microban " << number;
    full_total += full.expanded;
    plain_total += plain.expanded;
  }
  EXPECT_LT(full_total, plain_total);
}

// Every technique alone, all of them but each one, all and none still
// solve the levels, and so does the portfolio without each member; the
// solutions replay.
TEST(SearchTechniques, EachTechniqueSolvesAndReplays) {
  std::vector<PruneSet> sets = {kPruneAll, 0u, kPruneGoalRooms | kPruneRoomPaths,
                                kPruneCorralDeadlocks | kPruneLearned};
  for (const auto& [name, help] : PruneTechniques()) {
    const absl::StatusOr<PruneSet> alone = ParsePruneList(name);
    ASSERT_TRUE(alone.ok()) << name;
    sets.push_back(*alone);
    sets.push_back(kPruneAll & ~*alone);
  }
  for (PruneSet prune : sets) {
    for (int number = 1; number <= 25; ++number) {
      const Level& level = Microban().levels.at(number - 1).level;
      ASSERT_TRUE(SolvesAndReplays(level, prune, "Microban " + std::to_string(number)));
    }
  }
  const std::vector<std::string_view> members = FastMemberNames();
  for (size_t k = 1; k < members.size(); ++k) {
    const MemberSet without = *ParseMemberList("default,-" + std::string(members[k]));
    for (int number = 1; number <= 25; ++number) {
      const Level& level = Microban().levels.at(number - 1).level;
      ASSERT_TRUE(SolvesAndReplays(
          level, kPruneDefault,
          "Microban " + std::to_string(number) + " without " + std::string(members[k]), without));
    }
  }
}

// Two boxes that can only reach the same goal: the matching sees it at once;
// without it the search has to run out of states to prove it.
TEST(SearchTechniques, BipartiteMatchingProvesAtOnce) {
  const Level level = Level::FromRows({"#######",  //
                                       "#.$ $ #",  //
                                       "#  #@.#",  //
                                       "#######"});
  // The goal on the right is a dead end: a box there can never leave, and
  // no box can be pushed into it (the square left of it has a wall below and
  // the pocket is one square deep). Both boxes can reach only the left goal.
  const SolveResult with = SolveWith(level, SolveMode::kOptimal, kPruneAll);
  EXPECT_EQ(with.status, SolveStatus::kUnsolvable);
  const SolveResult without = SolveWith(level, SolveMode::kOptimal, 0);
  EXPECT_EQ(without.status, SolveStatus::kUnsolvable);
  EXPECT_LT(with.expanded, without.expanded);
}

// Goals at the end of a one-wide corridor: two boxes pushed into its mouth
// are frozen there on goals and seal the goals beyond them. Freeze alone
// sees nothing wrong (both boxes are on goals); with the frozen boxes as
// walls no box left can reach the far goals.
TEST(FrozenGoals, BoxesFrozenInACorridorSealTheGoalsBehind) {
  const Level level = Level::FromRows({"#######",  //
                                       "# #####",  //
                                       "#.#####",  //
                                       "#*#####",  //
                                       "#*  $@#",  //
                                       "#######"});
  const Board board = *Board::Build(level);
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : board.start_boxes()) occupied[b] = 1;
  // The box on (1,3) is held by the wall sides and the box below it.
  const int top = FloorIndex(board, level, 1, 3);
  EXPECT_FALSE(IsFreezeDeadlock(board, occupied.data(), top));
  EXPECT_TRUE(IsFrozen(board, occupied.data(), top));
  FrozenGoals frozen(board);
  std::vector<Square> boxes(board.start_boxes().begin(), board.start_boxes().end());
  EXPECT_TRUE(frozen.IsDead(occupied.data(), boxes.data(), static_cast<int>(boxes.size()), top));
  EXPECT_EQ(SolveWith(level, SolveMode::kOptimal, kPruneAll).status, SolveStatus::kUnsolvable);

  // One box in the corridor can still go up: nothing is frozen, not dead.
  const Level open = Level::FromRows({"#########",  //
                                      "# #######",  //
                                      "#.#######",  //
                                      "#*#######",  //
                                      "#. $  $ #",  //
                                      "#      @#",  //
                                      "#########"});
  const Board open_board = *Board::Build(open);
  std::vector<uint8_t> open_occupied(open_board.size(), 0);
  for (Square b : open_board.start_boxes()) open_occupied[b] = 1;
  FrozenGoals open_frozen(open_board);
  std::vector<Square> open_boxes(open_board.start_boxes().begin(), open_board.start_boxes().end());
  EXPECT_FALSE(open_frozen.IsDead(open_occupied.data(), open_boxes.data(),
                                  static_cast<int>(open_boxes.size()),
                                  FloorIndex(open_board, open, 1, 3)));
  const SolveResult solved = SolveWith(open, SolveMode::kOptimal, kPruneAll);
  ASSERT_EQ(solved.status, SolveStatus::kSolved);
  EXPECT_TRUE(Replay(open, solved.solution).solved);
}

// Microban 153 fills a dead-end column of goals; without the frozen-goal
// check the search drowns in positions with the column sealed halfway.
TEST(FrozenGoals, PrunesSealedGoalColumns) {
  const Level& level = Microban().levels.at(152).level;
  SolveOptions options;
  options.max_expansions = 400'000;
  const SolveResult with = Solve(level, options);
  EXPECT_EQ(with.status, SolveStatus::kSolved);
}

// XSokoban 3 late in a search: the goal room is nearly full, and the pocket
// at (9,5) is a corral. Its boxes (10,5) and (9,6) can only be pushed into
// the pocket, a dead corner, and the boxes next to them, (10,4) and (10,6),
// hold them: nothing can ever let the player in. Freeze and the matching
// see nothing wrong.
TEST(CorralDeadlock, PocketHeldShutByTheBoxesAround) {
  const std::vector<std::string> rows = {"        ########",   //
                                         "        #@     #",   //
                                         "        #  #  ##",   //
                                         "        #     #",    //
                                         "        ##$   #",    //
                                         "######### $ # ###",  //
                                         "#***.  ##$$     #",  //
                                         "##*..           #",  //
                                         "#***.  ##########",  //
                                         "########"};
  auto dead_at_start = [](const std::vector<std::string>& level_rows) {
    const Level level = Level::FromRows(level_rows);
    const Board board = *Board::Build(level);
    std::vector<uint8_t> occupied(board.size(), 0);
    for (Square b : board.start_boxes()) occupied[b] = 1;
    Reach reach(board.size());
    const int player = reach.Fill(board, occupied.data(), board.start_player());
    for (Square b : board.start_boxes()) {
      EXPECT_FALSE(IsFreezeDeadlock(board, occupied.data(), b));
    }
    CorralDeadlock corrals(board);
    return corrals.IsDead(occupied.data(), reach, player);
  };
  EXPECT_TRUE(dead_at_start(rows));
  // With the boxes above and below (10,5) elsewhere, the player can push it
  // up out of the pocket's way: not dead.
  std::vector<std::string> open = rows;
  open[4] = "        ##    #";
  open[6] = "#***.  ##$      #";
  open[7] = "##*..       $ $ #";
  EXPECT_FALSE(dead_at_start(open));
}

// The check only removes dead states: optimal push counts stay the same
// with and without it (on the first 30 Microban levels), and it proves a
// dead start at once.
TEST(CorralDeadlock, KeepsOptimalPushCounts) {
  for (int number = 1; number <= 30; ++number) {
    const Level& level = Microban().levels.at(number - 1).level;
    const SolveResult with = SolveWith(level, SolveMode::kOptimal, kPruneAll);
    const SolveResult without =
        SolveWith(level, SolveMode::kOptimal, kPruneAll & ~kPruneCorralDeadlocks);
    ASSERT_EQ(with.status, SolveStatus::kSolved) << number;
    ASSERT_EQ(without.status, SolveStatus::kSolved) << number;
    EXPECT_EQ(with.metrics.pushes, without.metrics.pushes) << "Microban " << number;
    EXPECT_LE(with.expanded, without.expanded) << "Microban " << number;
  }
}

TEST(BoxPath, FewestPushesAroundAnObstacle) {
  const Level level = Level::FromRows({"#######",  //
                                       "#     #",  //
                                       "# $#  #",  //
                                       "#@   .#",  //
                                       "#######"});
  const Board board = *Board::Build(level);
  std::vector<uint8_t> occupied(board.size(), 0);
  const int box = FloorIndex(board, level, 2, 2), goal = FloorIndex(board, level, 5, 3);
  occupied[box] = 1;
  std::vector<Push> path;
  ASSERT_TRUE(FindBoxPath(board, occupied, box, goal, board.start_player(), &path));
  // Down once, then right three times.
  EXPECT_EQ(path.size(), 4u);
  EXPECT_EQ(occupied[box], 1) << "the occupancy is given back unchanged";
}

// Two boxes side by side in the open can still move; against a wall, off
// goals, they never can.
TEST(Freeze, PairsInTheOpenMoveAndPairsOnAWallDoNot) {
  const Level level = Level::FromRows({"#######",  //
                                       "#  .  #",  //
                                       "# $$  #",  //
                                       "#@.   #",  //
                                       "#######"});
  const Board board = *Board::Build(level);
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : board.start_boxes()) occupied[b] = 1;
  for (Square b : board.start_boxes()) {
    EXPECT_FALSE(IsFreezeDeadlock(board, occupied.data(), b));
  }
  // Two boxes side by side against the top wall, off goals: frozen.
  const Level stuck = Level::FromRows({"#######",  //
                                       "# $$ @#",  //
                                       "#  .. #",  //
                                       "#######"});
  const Board stuck_board = *Board::Build(stuck);
  std::vector<uint8_t> stuck_occupied(stuck_board.size(), 0);
  for (Square b : stuck_board.start_boxes()) stuck_occupied[b] = 1;
  EXPECT_TRUE(IsFreezeDeadlock(stuck_board, stuck_occupied.data(), stuck_board.start_boxes()[0]));
}

}  // namespace
}  // namespace sokoban

namespace sokoban {
namespace {

// The smallest total cost over every permutation (kInfinity when each uses
// a forbidden pair): the answer Hungarian must give, found the slow way.
int CheapestPermutation(const std::vector<int>& costs, int n) {
  std::vector<int> goal(n);
  for (int i = 0; i < n; ++i) goal[i] = i;
  int best = Hungarian::kInfinity;
  do {
    int total = 0;
    for (int i = 0; i < n && total < Hungarian::kInfinity; ++i) {
      const int c = costs[static_cast<size_t>(i) * n + goal[i]];
      total = c >= Hungarian::kInfinity ? Hungarian::kInfinity : total + c;
    }
    best = std::min(best, total);
  } while (std::next_permutation(goal.begin(), goal.end()));
  return best;
}

// Random cost matrices (sizes 1-7, small costs so that ties abound, some
// pairs forbidden): Solve, then ResolveRow on a changed row, then Update
// with rows moved about and one new, each equal the cheapest permutation;
// and GoalOf is a matching of that cost.
TEST(Hungarian, EqualsTheCheapestPermutation) {
  std::mt19937 rng(5);
  int finite = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 7);
    auto draw = [&] { return rng() % 8 == 0 ? Hungarian::kInfinity : static_cast<int>(rng() % 6); };
    std::vector<int> costs(static_cast<size_t>(n) * n);
    for (int& c : costs) c = draw();
    Hungarian hungarian(n);
    const int solved = hungarian.Solve(costs);
    ASSERT_EQ(solved, CheapestPermutation(costs, n)) << "trial " << trial;
    if (solved >= Hungarian::kInfinity) continue;
    ++finite;
    int total = 0;
    std::vector<int> taken(n, 0);
    for (int i = 0; i < n; ++i) {
      const int g = hungarian.GoalOf(i);
      ASSERT_EQ(taken[g]++, 0);
      total += costs[static_cast<size_t>(i) * n + g];
    }
    EXPECT_EQ(total, solved);
    // One row changed.
    std::vector<int> changed = costs;
    const int row = static_cast<int>(rng() % n);
    for (int g = 0; g < n; ++g) changed[static_cast<size_t>(row) * n + g] = draw();
    EXPECT_EQ(std::min(hungarian.ResolveRow(changed, row), Hungarian::kInfinity),
              CheapestPermutation(changed, n))
        << "trial " << trial;
    // The rows shuffled, one of them replaced.
    std::vector<int> order(n), old_row(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<int> moved(costs.size());
    for (int i = 0; i < n; ++i) {
      old_row[i] = order[i];
      std::copy_n(&costs[static_cast<size_t>(order[i]) * n], n, &moved[static_cast<size_t>(i) * n]);
    }
    const int fresh = static_cast<int>(rng() % n);
    old_row[fresh] = -1;
    for (int g = 0; g < n; ++g) moved[static_cast<size_t>(fresh) * n + g] = draw();
    EXPECT_EQ(std::min(hungarian.Update(moved, old_row), Hungarian::kInfinity),
              CheapestPermutation(moved, n))
        << "trial " << trial;
  }
  EXPECT_GT(finite, 1000);
}

// The bound of a child, found from its parent's matching (one augmenting
// path, or no matching at all), equals a full matching of the child.
// SetParent re-matches only the boxes that moved since the last state it
// matched (in the current slot): along random walks of single pushes, jumps
// and fresh draws, in both directions, its bound and its children's must
// equal a fresh full matching's. With slots, three walks take turns in a
// random order, each in its own slot (numbered far apart, as cells are).
TEST(LowerBound, ReusedMatchingsEqualFullMatchings) {
  std::mt19937 rng(7);
  int compared = 0;
  for (int number : {44, 97, 123, 144, 155}) {
    const Board board = *Board::Build(Microban().levels.at(number - 1).level);
    for (Direction direction : {Direction::kPush, Direction::kPull}) {
      for (bool slots : {false, true}) {
        LowerBound reused(board, direction), full(board, direction);
        const int slot_of[3] = {3, 0, 40};
        std::vector<std::vector<Square>> walks(slots ? 3 : 1, board.start_boxes());
        for (int step = 0; step < 400; ++step) {
          const int walk = static_cast<int>(rng() % walks.size());
          if (slots) reused.UseSlot(slot_of[walk]);
          std::vector<Square>& boxes = walks[walk];
          // Move one to four boxes (sometimes all) to random free squares.
          std::vector<uint8_t> occupied(board.size(), 0);
          for (Square b : boxes) occupied[b] = 1;
          const int moves = step % 10 == 9 ? board.box_count() : 1 + static_cast<int>(rng() % 4);
          for (int m = 0; m < moves; ++m) {
            const int i = static_cast<int>(rng() % boxes.size());
            const int to = static_cast<int>(rng() % board.size());
            if (occupied[to]) continue;
            occupied[boxes[i]] = 0;
            occupied[to] = 1;
            boxes[i] = static_cast<Square>(to);
          }
          std::sort(boxes.begin(), boxes.end());
          const int h = full.Estimate(boxes.data());
          ASSERT_EQ(reused.SetParent(boxes.data()), h)
              << "Microban " << number << " step " << step << (slots ? " with slots" : "");
          ++compared;
          if (h >= LowerBound::kDead) continue;
          const int i = static_cast<int>(rng() % boxes.size());
          for (int d = 0; d < 4; ++d) {
            const int to = board.Neighbour(boxes[i], d);
            if (to == kNoSquare || occupied[to]) continue;
            std::vector<Square> child = boxes;
            child[i] = static_cast<Square>(to);
            EXPECT_EQ(reused.EstimateMoved(i, to, 1), full.Estimate(child.data()));
          }
        }
        if (slots) {
          EXPECT_GT(reused.bytes(), 0u);
        }
      }
    }
  }
  EXPECT_EQ(compared, 8000);
}

TEST(LowerBound, ChildBoundsEqualFullMatchings) {
  int compared = 0;
  for (int number = 1; number <= 60; ++number) {
    const Level& level = Microban().levels.at(number - 1).level;
    const Board board = *Board::Build(level);
    LowerBound incremental(board), full(board);
    std::vector<Square> boxes = board.start_boxes();
    std::vector<uint8_t> occupied(board.size(), 0);
    for (Square b : boxes) occupied[b] = 1;
    if (incremental.SetParent(boxes.data()) >= LowerBound::kDead) continue;
    for (int i = 0; i < board.box_count(); ++i) {
      for (int d = 0; d < 4; ++d) {
        const int to = board.Neighbour(boxes[i], d);
        if (to == kNoSquare || occupied[to]) continue;
        std::vector<Square> child = boxes;
        child[i] = static_cast<Square>(to);
        EXPECT_EQ(incremental.EstimateMoved(i, to, 1), full.Estimate(child.data()))
            << "Microban " << number << ", box " << i << ", direction " << d;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 300);
}

}  // namespace
}  // namespace sokoban
