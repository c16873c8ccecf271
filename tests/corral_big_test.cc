// Tests of `corralbig` (solver/corral_deadlock.h: the corrals of few boxes
// searched to kBigNodes positions): every random position of small levels
// it calls dead, and every pattern it learns, is proved unsolvable by an
// exhaustive search that uses no pattern; it calls dead every position the
// 1,000-position search does; and the solver still solves with it on or
// off.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "solver/board.h"
#include "solver/corral_deadlock.h"
#include "solver/learned_deadlocks.h"
#include "solver/reach.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(CorralBig, EveryPositionCalledDeadIsUnsolvable) {
  const bool slow_ok = std::getenv("SOKOBAN_SKIP_SLOW_TESTS") == nullptr;
  const int wanted = slow_ok ? 400 : 100;
  std::mt19937 rng(26);
  int checked = 0, proved = 0, small_dead = 0;
  PatternCheck patterns;
  for (const auto& [name, level] : SmallPatternLevels(26)) {
    if (checked >= wanted && patterns.checked >= wanted) break;
    const Board board = *Board::Build(level);
    LearnedDeadlocks table(board);
    CorralDeadlock big(board, /*big=*/true), small(board);
    big.ShareWith(&table);
    std::vector<Square> live = LiveSquares(board);
    if (static_cast<int>(live.size()) < board.box_count() + 2) continue;
    Reach reach(board.size());
    for (int draw = 0; draw < 40 && checked < wanted; ++draw) {
      auto [boxes, occupied, player] = RandomPlacement(board, live, rng);
      const int norm = reach.Fill(board, occupied.data(), player);
      const bool dead = big.IsDead(occupied.data(), reach, norm);
      // A larger budget only decides more: what the small search proves
      // dead, the big one does too.
      if (small.IsDead(occupied.data(), reach, norm)) {
        ++small_dead;
        EXPECT_TRUE(dead) << name;
      }
      if (!dead) continue;
      const Level position = Position(level, board, boxes, player);
      const SolveResult r = SolveWithoutPatterns(position);
      ASSERT_NE(r.status, SolveStatus::kSolved)
          << name << ", called dead:\n"
          << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
      ++checked;
      proved += r.status == SolveStatus::kUnsolvable;
    }
    // The patterns it learned, completed once each.
    CheckPatterns(level, board, table, 1, wanted, rng, name, &patterns);
    if (HasFatalFailure()) return;
  }
  EXPECT_GE(checked, wanted);
  EXPECT_EQ(proved, checked) << "positions not decided within the budget";
  EXPECT_GT(small_dead, 0);
  EXPECT_GT(patterns.checked, 0);
  EXPECT_EQ(patterns.proved, patterns.checked) << "positions not decided within the budget";
}

TEST(CorralBig, SolvesWithAndWithout) { ExpectSolvesWithAndWithout(kPruneCorralBig); }

}  // namespace
}  // namespace sokoban
