// Tests of the search over a subset of the boxes (solver/deadlock/subset_search.h):
// its three answers, escape squares, walls and the budget.
#include "solver/deadlock/subset_search.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/level_io.h"
#include "solver/core/board.h"

namespace sokoban {
namespace {

Board BoardOf(const std::string& text) {
  absl::StatusOr<Collection> c = ReadCollection(text, Format::kXsb);
  EXPECT_TRUE(c.ok()) << c.status();
  absl::StatusOr<Board> board = Board::Build(c->levels.at(0).level);
  EXPECT_TRUE(board.ok()) << board.status();
  return *board;
}

int At(const Board& board, int x, int y) { return board.FloorIndex(y * board.width() + x); }

TEST(SubsetSearch, FindsGoalsAndProvesDead) {
  const Board board = BoardOf(
      "######\n"
      "#@  .#\n"
      "#$   #\n"
      "######\n");
  SubsetSearch search(board);
  // The box in its corner never moves: dead; one square on, it reaches
  // the goal.
  const Square corner = static_cast<Square>(At(board, 1, 2));
  EXPECT_EQ(search.Run(&corner, 1, At(board, 1, 1), nullptr, 0, nullptr, 0, 100),
            SubsetSearch::kDead);
  const Square free = static_cast<Square>(At(board, 2, 1));
  EXPECT_EQ(search.Run(&free, 1, At(board, 1, 1), nullptr, 0, nullptr, 0, 100),
            SubsetSearch::kAlive);
  // The player reaching an escape square ends the search alive.
  const Square escape = static_cast<Square>(At(board, 4, 2));
  EXPECT_EQ(search.Run(&corner, 1, At(board, 1, 1), nullptr, 0, &escape, 1, 100),
            SubsetSearch::kAlive);
}

TEST(SubsetSearch, WallsBlockAndTheBudgetGivesUp) {
  const Board board = BoardOf(
      "#######\n"
      "#@ $ .#\n"
      "#  $ .#\n"
      "#######\n");
  SubsetSearch search(board);
  const Square box = static_cast<Square>(At(board, 3, 1));
  EXPECT_EQ(search.Run(&box, 1, At(board, 1, 1), nullptr, 0, nullptr, 0, 100),
            SubsetSearch::kAlive);
  // A wall on the square ahead: the box can only go down, into the wall
  // row's dead squares, or stay; it never reaches a goal.
  const Square walls[2] = {static_cast<Square>(At(board, 4, 1)),
                           static_cast<Square>(At(board, 3, 2))};
  EXPECT_EQ(search.Run(&box, 1, At(board, 1, 1), walls, 2, nullptr, 0, 100), SubsetSearch::kDead);
  // Two boxes with a budget of one position: no answer.
  const Square two[2] = {static_cast<Square>(At(board, 3, 1)),
                         static_cast<Square>(At(board, 3, 2))};
  EXPECT_EQ(search.Run(two, 2, At(board, 1, 1), nullptr, 0, nullptr, 0, 1), SubsetSearch::kUnknown);
  EXPECT_EQ(search.Run(two, 2, At(board, 1, 1), nullptr, 0, nullptr, 0, 1000),
            SubsetSearch::kAlive);
}

TEST(SubsetSearch, EscapeSquaresCountWhereverThePlayerReachesThem) {
  const Board board = BoardOf(
      "#########\n"
      "#@ #   .#\n"
      "#  $    #\n"
      "#  #    #\n"
      "#########\n");
  SubsetSearch search(board, SubsetPolicy{.goals_first = false, .normalize_when_generated = true});
  // The box in the doorway, held by a box that never moves just inside:
  // it never moves either, and the player never gets into the room.
  const Square box = static_cast<Square>(At(board, 3, 2));
  const Square wall = static_cast<Square>(At(board, 4, 2));
  std::vector<Square> room;
  for (int y = 1; y <= 3; ++y) {
    for (int x = 4; x <= 7; ++x) {
      if (x != 4 || y != 2) room.push_back(static_cast<Square>(At(board, x, y)));
    }
  }
  const int escapes = static_cast<int>(room.size());
  EXPECT_EQ(search.Run(&box, 1, At(board, 1, 1), &wall, 1, room.data(), escapes, 100),
            SubsetSearch::kDead);
  // The player in the room, on a square with only room squares around it,
  // or next to the doorway: alive at once.
  EXPECT_EQ(search.Run(&box, 1, At(board, 6, 2), &wall, 1, room.data(), escapes, 100),
            SubsetSearch::kAlive);
  EXPECT_EQ(search.Run(&box, 1, At(board, 4, 1), &wall, 1, room.data(), escapes, 100),
            SubsetSearch::kAlive);
  EXPECT_EQ(search.expanded(), 1);
  // Without the box inside, the box is pushed in and the player follows.
  EXPECT_EQ(search.Run(&box, 1, At(board, 1, 1), nullptr, 0, room.data(), escapes, 100),
            SubsetSearch::kAlive);
  // Only the squares deep in the room as escapes: the player reaches them
  // through the room's other squares.
  const Square deep[2] = {static_cast<Square>(At(board, 6, 2)),
                          static_cast<Square>(At(board, 5, 2))};
  EXPECT_EQ(search.Run(&box, 1, At(board, 1, 1), nullptr, 0, deep, 2, 100), SubsetSearch::kAlive);
  EXPECT_EQ(search.Run(&box, 1, At(board, 1, 1), &wall, 1, deep, 2, 100), SubsetSearch::kDead);
}

}  // namespace
}  // namespace sokoban
