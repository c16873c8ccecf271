// Tests of the feature-space search's room-connectivity and out-of-plan
// features and its hotspots advisor on small boards worked out by hand, and
// of the search with each of them on and off: every level of a fixed set
// solves and replays.
#include "solver/fess/fess_features.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "common/moves.h"
#include "solver/core/board.h"
#include "solver/fess/hotspots.h"
#include "solver/fess/out_of_plan.h"
#include "solver/fess/room_connectivity.h"
#include "solver/rooms/goal_room.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// Two rooms of three by five joined by two doorways: two links; a box in a
// doorway blocks one, a box in a room none.
TEST(RoomConnectivity, CountsTheDoorwaysBoxesBlock) {
  const Level level = Level::FromRows({"#########",  //
                                       "#   #   #",  //
                                       "#@$    .#",  //
                                       "#   #   #",  //
                                       "#   #   #",  //
                                       "#       #",  //
                                       "#########"});
  const Board board = *Board::Build(level);
  const RoomConnectivity rc(board);
  EXPECT_EQ(rc.room_count(), 2);
  EXPECT_EQ(rc.link_count(), 2);
  const Square upper = static_cast<Square>(FloorIndex(board, level, 4, 2));
  const Square lower = static_cast<Square>(FloorIndex(board, level, 4, 5));
  const Square left = static_cast<Square>(FloorIndex(board, level, 2, 2));
  const Square right = static_cast<Square>(FloorIndex(board, level, 6, 3));
  EXPECT_GE(rc.LinkAt(upper), 0);
  EXPECT_GE(rc.LinkAt(lower), 0);
  EXPECT_NE(rc.LinkAt(upper), rc.LinkAt(lower));
  EXPECT_EQ(rc.LinkAt(left), -1);
  std::vector<Square> boxes{left, right};
  EXPECT_EQ(rc.Count(boxes.data(), 2), 0);
  boxes = {left, upper};
  EXPECT_EQ(rc.Count(boxes.data(), 2), 1);
  boxes = {upper, lower};
  EXPECT_EQ(rc.Count(boxes.data(), 2), 2);

  // The incremental count from a parent agrees with the full one.
  RoomConnectivity moving(board);
  boxes = {left, upper};
  moving.SetParent(boxes.data(), 2);
  EXPECT_EQ(moving.parent(), 1);
  EXPECT_EQ(moving.AfterMove(upper, right), 0);  // leaves the doorway
  EXPECT_EQ(moving.AfterMove(left, lower), 2);   // blocks the other
  EXPECT_EQ(moving.AfterMove(left, right), 1);   // room to room
}

// A corridor that ends in a dead end is no link: it joins one room only.
TEST(RoomConnectivity, DeadEndCorridorIsNoLink) {
  const Level level = Level::FromRows({"#########",  //
                                       "#   #####",  //
                                       "#@$     #",  //
                                       "#  .#####",  //
                                       "#########"});
  const Board board = *Board::Build(level);
  const RoomConnectivity rc(board);
  EXPECT_EQ(rc.link_count(), 0);
  EXPECT_EQ(rc.LinkAt(FloorIndex(board, level, 6, 2)), -1);
}

// A room of three goals down a dead-end column, with a pocket of one
// square beside its bottom goal: filling the bottom goal first (the
// order's first) walls the pocket in, so a box off goals there is out of
// plan until that goal holds a box; a box in the main room never is.
TEST(OutOfPlan, BoxBehindTheNextGoalIsOutOfPlan) {
  const Level level = Level::FromRows({"#######",  //
                                       "#@ $  #",  //
                                       "#  $  #",  //
                                       "#  $ ##",  //
                                       "####.##",  //
                                       "   #.##",  //
                                       "   #. #",  //
                                       "   ####"});
  const Board board = *Board::Build(level);
  const GoalRooms rooms(board);
  ASSERT_EQ(rooms.room_count(), 1);
  const Square bottom = static_cast<Square>(FloorIndex(board, level, 4, 6));
  const Square middle = static_cast<Square>(FloorIndex(board, level, 4, 5));
  const Square top = static_cast<Square>(FloorIndex(board, level, 4, 4));
  ASSERT_EQ(rooms.order(0), (std::vector<Square>{bottom, middle, top}));
  const OutOfPlan plan(board, rooms);
  EXPECT_TRUE(plan.any());
  const Square pocket1 = static_cast<Square>(FloorIndex(board, level, 5, 6));
  EXPECT_EQ(plan.Sealed(0, 0), (std::vector<Square>{pocket1}));

  std::vector<uint8_t> occupied(board.size(), 0);
  occupied[FloorIndex(board, level, 2, 2)] = 1;
  EXPECT_EQ(plan.Count(occupied.data()), 0);
  occupied[pocket1] = 1;
  EXPECT_EQ(plan.Count(occupied.data()), 1);
  // The room's bottom goal filled: the pocket is walled in already and the
  // next goal walls nothing more in.
  occupied[bottom] = 1;
  EXPECT_TRUE(plan.Sealed(0, 1).empty() ||
              std::find(plan.Sealed(0, 1).begin(), plan.Sealed(0, 1).end(), pocket1) ==
                  plan.Sealed(0, 1).end());
  EXPECT_EQ(plan.Count(occupied.data()), 0);
}

// Two boxes side by side against a wall pin each other; a box alone in the
// open, or held by walls only, is not pinned; a box on a goal never is.
TEST(Hotspots, BoxesHeldByBoxesArePinned) {
  const Level level = Level::FromRows({"########",  //
                                       "#$$   .#",  //
                                       "#   $ .#",  //
                                       "#@    .#",  //
                                       "########"});
  const Board board = *Board::Build(level);
  const Hotspots hot(board);
  std::vector<uint8_t> occupied(board.size(), 0);
  const int a = FloorIndex(board, level, 1, 1), b = FloorIndex(board, level, 2, 1),
            lone = FloorIndex(board, level, 4, 2), goal = FloorIndex(board, level, 6, 1),
            by_goal = FloorIndex(board, level, 5, 1), corner = FloorIndex(board, level, 1, 3);
  occupied[a] = occupied[lone] = 1;
  EXPECT_FALSE(hot.Pinned(occupied.data(), a));  // free to the right
  occupied[b] = 1;
  EXPECT_TRUE(hot.Pinned(occupied.data(), a));  // walls above and left, a box right
  EXPECT_TRUE(hot.Pinned(occupied.data(), b));  // a wall above, a box left
  EXPECT_FALSE(hot.Pinned(occupied.data(), lone));
  occupied[corner] = 1;
  EXPECT_FALSE(hot.Pinned(occupied.data(), corner));  // walls only
  occupied[goal] = occupied[by_goal] = 1;
  EXPECT_FALSE(hot.Pinned(occupied.data(), goal));
  EXPECT_TRUE(hot.Pinned(occupied.data(), by_goal));
  const std::vector<Square> boxes{static_cast<Square>(a),    static_cast<Square>(b),
                                  static_cast<Square>(lone), static_cast<Square>(corner),
                                  static_cast<Square>(goal), static_cast<Square>(by_goal)};
  EXPECT_EQ(hot.Count(occupied.data(), boxes.data(), 6), 3);
}

// The count kept from a parent agrees with a full count after every push
// of random positions on a Microban level.
TEST(Hotspots, IncrementalCountAgreesWithFullCount) {
  const Level& level = Microban().levels.at(59).level;
  const Board board = *Board::Build(level);
  Hotspots hot(board);
  std::mt19937 rng(7);
  std::vector<Square> floor;
  for (int sq = 0; sq < board.size(); ++sq) floor.push_back(static_cast<Square>(sq));
  for (int trial = 0; trial < 500; ++trial) {
    std::shuffle(floor.begin(), floor.end(), rng);
    std::vector<Square> boxes(floor.begin(), floor.begin() + board.box_count());
    std::vector<uint8_t> occupied(board.size(), 0);
    for (Square b : boxes) occupied[b] = 1;
    hot.SetParent(occupied.data(), boxes.data(), board.box_count());
    ASSERT_EQ(hot.parent(), hot.Count(occupied.data(), boxes.data(), board.box_count()));
    for (size_t i = 0; i < boxes.size(); ++i) {
      for (int d = 0; d < 4; ++d) {
        const int from = boxes[i], to = board.Neighbour(from, d);
        if (to == kNoSquare || occupied[to]) continue;
        occupied[from] = 0;
        occupied[to] = 1;
        boxes[i] = static_cast<Square>(to);
        EXPECT_EQ(hot.AfterMove(from, to, occupied.data()),
                  hot.Count(occupied.data(), boxes.data(), board.box_count()));
        boxes[i] = static_cast<Square>(from);
        occupied[to] = 0;
        occupied[from] = 1;
      }
    }
  }
}

// A dead-end column of goals with a pocket of two squares beside its
// bottom goal: by default a box may leave the room into the pocket, so the
// order fills the middle goal first and walls in the bottom goal; leaving
// onto the main floor only, the bottom goal fills first.
TEST(PackingOrder, BoxesLeaveOntoTheMainFloorOnly) {
  const Level level = Level::FromRows({"#######",   //
                                       "#@ $  #",   //
                                       "#  $  #",   //
                                       "#  $ ##",   //
                                       "####.##",   //
                                       "   #.##",   //
                                       "   #.  #",  //
                                       "   #####"});
  const Board board = *Board::Build(level);
  const Square bottom = static_cast<Square>(FloorIndex(board, level, 4, 6));
  const Square middle = static_cast<Square>(FloorIndex(board, level, 4, 5));
  const Square top = static_cast<Square>(FloorIndex(board, level, 4, 4));
  const GoalRooms any_side(board);
  ASSERT_EQ(any_side.room_count(), 1);
  EXPECT_EQ(any_side.order(0), (std::vector<Square>{middle, bottom, top}));
  const GoalRooms main_floor(board, 2, true);
  ASSERT_EQ(main_floor.room_count(), 1);
  EXPECT_EQ(main_floor.order(0), (std::vector<Square>{bottom, middle, top}));
}

// With no goal room, or one that walls nothing in, and no link between
// rooms, the features stay off.
TEST(FessFeatures, OffWhereTheyCannotDiffer) {
  const Level level = Level::FromRows({"#######",  //
                                       "#@$ . #",  //
                                       "#######"});
  const Board board = *Board::Build(level);
  const GoalRooms rooms(board);
  EXPECT_FALSE(FessFeatures(board, &rooms, kFessRoomConnectivity | kFessOutOfPlan).enabled());
  EXPECT_FALSE(FessFeatures(board, nullptr, 0).enabled());
  // The hotspots advisor needs no goal room.
  EXPECT_TRUE(FessFeatures(board, nullptr, kFessHotspots).enabled());
}

}  // namespace
}  // namespace sokoban
