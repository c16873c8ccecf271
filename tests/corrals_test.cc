// Tests of the corrals of a position (solver/deadlock/pi_corral.h, Corrals): on
// random positions of XSokoban boards, each corral against a plain flood
// fill of the free squares the player cannot reach, done here.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/deadlock/pi_corral.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

struct Expected {
  int first = 0;
  std::set<int> squares, boxes;
  bool needs_work = false;
};

// The corrals by a flood fill from each unreached free square in turn.
std::vector<Expected> FloodCorrals(const Board& board, const std::vector<uint8_t>& occupied,
                                   const Reach& reach) {
  std::vector<Expected> corrals;
  std::vector<int> seen(board.size(), 0);
  for (int seed = 0; seed < board.size(); ++seed) {
    if (occupied[seed] || reach.Reached(seed) || seen[seed]) continue;
    Expected e;
    e.first = seed;
    std::vector<int> stack = {seed};
    seen[seed] = 1;
    while (!stack.empty()) {
      const int sq = stack.back();
      stack.pop_back();
      e.squares.insert(sq);
      for (int d = 0; d < 4; ++d) {
        const int to = board.Neighbour(sq, d);
        if (to == kNoSquare) continue;
        if (occupied[to]) {
          e.boxes.insert(to);
        } else if (!seen[to]) {
          seen[to] = 1;
          stack.push_back(to);
        }
      }
    }
    for (int sq : e.squares) e.needs_work |= board.IsGoal(sq);
    for (int b : e.boxes) e.needs_work |= !board.IsGoal(b);
    corrals.push_back(e);
  }
  return corrals;
}

TEST(Corrals, MatchAFloodFillOnRandomPositions) {
  std::mt19937 rng(26);
  int with_corrals = 0, several = 0;
  for (int number : {1, 14, 24, 41, 89}) {
    const Board board = *Board::Build(XsokobanLevel(number));
    std::vector<Square> live = LiveSquares(board);
    Corrals corrals(board);  // one object, found again position after position
    Reach reach(board.size());
    for (int trial = 0; trial < 300; ++trial) {
      const Placement p = RandomPlacement(board, live, rng);
      reach.Fill(board, p.occupied.data(), p.player);
      corrals.Find(p.occupied.data(), reach);
      const std::vector<Expected> expected = FloodCorrals(board, p.occupied, reach);
      const std::string where =
          "XSokoban " + std::to_string(number) + " trial " + std::to_string(trial);
      ASSERT_EQ(corrals.count(), static_cast<int>(expected.size())) << where;
      int total = 0;
      for (int c = 0; c < corrals.count(); ++c) {
        const Expected& e = expected[c];
        EXPECT_EQ(corrals.first(c), e.first) << where;
        EXPECT_EQ(corrals.needs_work(c), e.needs_work) << where;
        const std::set<int> squares(corrals.squares(c),
                                    corrals.squares(c) + corrals.square_count(c));
        EXPECT_EQ(squares, e.squares) << where;
        EXPECT_EQ(corrals.square_count(c), static_cast<int>(e.squares.size())) << where;
        const std::set<int> boxes(corrals.boxes(c), corrals.boxes(c) + corrals.box_count(c));
        EXPECT_EQ(boxes, e.boxes) << where;
        EXPECT_EQ(corrals.box_count(c), static_cast<int>(e.boxes.size())) << where;
        total += corrals.square_count(c);
      }
      EXPECT_EQ(corrals.total_squares(), total) << where;
      for (int sq = 0; sq < board.size(); ++sq) {
        int want = -1;
        for (int c = 0; c < static_cast<int>(expected.size()); ++c) {
          if (expected[c].squares.count(sq)) want = c;
        }
        ASSERT_EQ(corrals.Of(sq), want) << where << " square " << sq;
      }
      with_corrals += corrals.count() > 0;
      several += corrals.count() > 1;
    }
  }
  // The random positions do exercise corrals, and several at once.
  EXPECT_GT(with_corrals, 500);
  EXPECT_GT(several, 100);
}

}  // namespace
}  // namespace sokoban
