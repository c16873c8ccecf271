// Tests of the corral check with walls (solver/deadlock/corral_deadlock.h: the boxes frozen on
// goals kept as walls by the corral check): every random position of small
// levels it calls dead, and every pattern it learns, is proved unsolvable by
// an exhaustive search that uses no pattern; it calls dead positions the
// check without walls leaves; and the solver still solves with it on or off.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/deadlock/corral_deadlock.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/slow_tests.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(CorralWalls, EveryPositionCalledDeadIsUnsolvable) {
  // The walls only decide more: the search without them comes first.
  // Random positions seldom have frozen goal boxes next to a corral, so few
  // or none are decided by the walls alone here (WallsOfFilledGoalsCloseCorrals
  // makes such positions).
  CheckCorralVariant(34, 2, SkipSlowTests() ? 100 : 400, /*walls=*/true);
}

// No position on a solution's way is called dead: XSokoban and Microban
// levels, solved with the default techniques, replayed push by push.
TEST(CorralWalls, NoSolutionPassesADeadCorral) {
  int positions = 0, with_walls = 0;
  CheckSolutionPositions({1, 2, 3, 6, 10, 17, 37, 38, 51, 60}, 3, 1,
                         [&](const std::string& name, const Board& board) {
                           auto walls = std::make_shared<CorralDeadlock>(board, true);
                           auto reach = std::make_shared<Reach>(board.size());
                           return [&, name, walls, reach](Placement& p, const Game& game) {
                             const int norm = reach->Fill(board, p.occupied.data(), p.player);
                             ASSERT_FALSE(walls->IsDead(p.occupied.data(), *reach, norm))
                                 << name << ": a position of the solution is called dead:\n"
                                 << absl::StrJoin(game.ToLevel().Rows(), "\n");
                             ++positions;
                             with_walls += walls->searched_with_walls() > 0;
                           };
                         });
  if (HasFatalFailure()) return;
  EXPECT_GT(positions, 1000);
  EXPECT_GT(with_walls, 0);
}

// Positions near the way of Microban solutions, where goals fill and boxes
// on them freeze: each position of the solution with one box not on a goal
// moved to a random live square and the player put anywhere free. Every one
// the check with walls calls dead and the check without does not is proved
// unsolvable without patterns, and so are two completions of the pattern it
// learns.
TEST(CorralWalls, WallsOfFilledGoalsCloseCorrals) {
  std::mt19937 rng(34);
  int tried = 0, only_with_walls = 0, proved = 0, left_undecided = 0;
  PatternCheck patterns;
  CheckSolutionPositions({}, 1, 1, [&](const std::string& name, const Board& board) {
    auto walls = std::make_shared<CorralDeadlock>(board, true);
    auto plain = std::make_shared<CorralDeadlock>(board);
    auto reach = std::make_shared<Reach>(board.size());
    auto live = std::make_shared<std::vector<Square>>(LiveSquares(board));
    return [&, name, walls, plain, reach, live](Placement& p, const Game& game) {
      for (int draw = 0; draw < 16; ++draw) {
        Placement q = p;
        std::vector<size_t> movable;
        for (size_t j = 0; j < q.boxes.size(); ++j) {
          if (!board.IsGoal(q.boxes[j])) movable.push_back(j);
        }
        if (movable.empty()) return;
        const size_t j = movable[rng() % movable.size()];
        const Square to = (*live)[rng() % live->size()];
        if (q.occupied[to]) continue;
        q.occupied[q.boxes[j]] = 0;
        q.occupied[to] = 1;
        q.boxes[j] = to;
        std::sort(q.boxes.begin(), q.boxes.end());
        q.player = static_cast<int>(rng() % board.size());
        if (q.occupied[q.player]) continue;
        ++tried;
        const int norm = reach->Fill(board, q.occupied.data(), q.player);
        LearnedDeadlocks table(board);
        walls->ShareWith(&table);
        const bool dead = walls->IsDead(q.occupied.data(), *reach, norm);
        walls->ShareWith(nullptr);
        if (!dead || plain->IsDead(q.occupied.data(), *reach, norm)) continue;
        // The pattern learned, with frozen goal boxes among its boxes.
        CheckPatterns(game.ToLevel(), board, table, 2, 1'000'000, rng, name, &patterns);
        if (HasFatalFailure()) return;
        ++only_with_walls;
        const Level position = Position(game.ToLevel(), board, q.boxes, q.player);
        // Positions of 12 boxes (Microban 145) take up to 1,148,076
        // expansions to exhaust: seconds each, minutes under the
        // sanitizers, which leave them undecided.
        SolveResult r = SolveWithoutPatterns(position);
        if (r.status == SolveStatus::kTimeout) {
          if (SkipSlowTests()) {
            ++left_undecided;
            continue;
          }
          r = SolveWithoutPatterns(position, 1'500'000);
        }
        ASSERT_NE(r.status, SolveStatus::kSolved)
            << name << ", called dead:\n"
            << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
        proved += r.status == SolveStatus::kUnsolvable;
      }
    };
  });
  if (HasFatalFailure()) return;
  EXPECT_GT(tried, 1000);
  EXPECT_GT(only_with_walls, 20);
  EXPECT_EQ(proved + left_undecided, only_with_walls) << "positions not decided within the budget";
  EXPECT_LE(left_undecided, 5);
  EXPECT_GT(patterns.checked, only_with_walls);
  EXPECT_EQ(patterns.proved, patterns.checked) << "positions not decided within the budget";
}

// The feature-space member, whose corral check keeps the walls, alone
// solves XSokoban 18 within 400,000 expansions.
TEST(CorralWalls, FeatureSpaceMemberSolvesXSokoban18) {
  if (SkipSlowTests()) GTEST_SKIP() << "seconds in the Release build, minutes with sanitizers";
  const Level level = ReadShared("xsokoban90.xsb").levels.at(17).level;
  SolveOptions options;
  options.member = "features";
  options.max_expansions = 400'000;
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kSolved);
}

}  // namespace
}  // namespace sokoban
