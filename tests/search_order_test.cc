// Tests of the feature-space search order: the cell open list's turns, and
// the areas of free floor counted after a move from the labels before it,
// against a count from scratch on thousands of positions.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "common/rules.h"
#include "solver/board.h"
#include "solver/floor_areas.h"
#include "solver/open_list.h"
#include "solver/reach.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(CellOpenList, CellsTakeTurnsAndEachKeepsItsOrder) {
  CellOpenList open;
  // Cell 7: priorities 3, 1, 2; cell 2: priority 5 twice (h 4 before h 6);
  // cell 4: one state.
  open.Push(7, 3, 0, 100);
  open.Push(7, 1, 0, 101);
  open.Push(2, 5, 6, 200);
  open.Push(7, 2, 1, 102);
  open.Push(2, 5, 4, 201);
  open.Push(4, 9, 9, 300);
  ASSERT_EQ(open.size(), 6u);
  std::vector<std::pair<int, StateId>> popped;
  while (!open.empty()) {
    int cell, priority, h;
    const StateId id = open.Pop(&cell, &priority, &h);
    popped.emplace_back(cell, id);
  }
  // One state a cell a turn, in the order the cells first got a state; a
  // cell found empty leaves the cycle (here the last one, 4).
  const std::vector<std::pair<int, StateId>> expected = {{7, 101}, {2, 201}, {4, 300},
                                                         {7, 102}, {2, 200}, {7, 100}};
  EXPECT_EQ(popped, expected);
}

TEST(CellOpenList, CellEmptiedAndRefilledJoinsTheCycleOnce) {
  CellOpenList open;
  open.Push(0, 0, 0, 1);
  open.Push(1, 0, 0, 2);
  int cell, priority, h;
  EXPECT_EQ(open.Pop(&cell, &priority, &h), 1u);  // cell 0 is now empty
  open.Push(0, 0, 0, 3);                          // and gets a state again
  open.Push(0, 0, 0, 4);
  std::vector<StateId> order;
  while (!open.empty()) order.push_back(open.Pop(&cell, &priority, &h));
  EXPECT_EQ(order, (std::vector<StateId>{2, 4, 3}));
}

// Boxes on 1 to `most` random squares of the board (a square drawn twice
// holds one box).
std::vector<uint8_t> RandomBoxes(const Board& board, std::mt19937& rng, int most) {
  std::vector<uint8_t> occupied(board.size(), 0);
  const int boxes = 1 + static_cast<int>(rng() % most);
  for (int k = 0; k < boxes; ++k) occupied[rng() % board.size()] = 1;
  return occupied;
}

// Random pushes and pops (pushes at every priority and h, lower ones after
// pops included): each pop is the lowest priority, then the lowest h, then
// the newest, as a sorted reference list says.
TEST(OpenList, PopsLowestPriorityThenLowestHThenNewest) {
  std::mt19937 rng(3);
  OpenList open;
  struct Entry {
    int priority, h;
    uint64_t sequence;
    StateId id;
  };
  std::vector<Entry> reference;
  uint64_t sequence = 0;
  for (int step = 0; step < 20000; ++step) {
    if (reference.empty() || rng() % 3 != 0) {
      const int h = static_cast<int>(rng() % 40);
      const int priority = h + static_cast<int>(rng() % 30);
      const StateId id = static_cast<StateId>(step);
      open.Push(priority, h, id);
      reference.push_back({priority, h, ++sequence, id});
      continue;
    }
    auto first =
        std::min_element(reference.begin(), reference.end(), [](const Entry& a, const Entry& b) {
          if (a.priority != b.priority) return a.priority < b.priority;
          if (a.h != b.h) return a.h < b.h;
          return a.sequence > b.sequence;
        });
    int priority, h;
    ASSERT_EQ(open.Pop(&priority, &h), first->id) << "step " << step;
    EXPECT_EQ(priority, first->priority);
    EXPECT_EQ(h, first->h);
    reference.erase(first);
  }
}

// Random XSokoban positions and single pushes and pulls: the player's
// square after the move worked out from the area before it equals a fresh
// fill's (in Release builds too, where PlayerAfterMove's own check is off).
TEST(PlayerAfterMove, EqualsAFreshFill) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  ASSERT_EQ(xsokoban.levels.size(), 90u);
  std::mt19937 rng(9);
  int pushes = 0, pulls = 0;
  for (const auto& entry : xsokoban.levels) {
    const Board board = *Board::Build(entry.level);
    Reach before(board.size()), scratch(board.size()), fresh(board.size());
    for (int trial = 0; trial < 2000; ++trial) {
      std::vector<uint8_t> occupied = RandomBoxes(board, rng, board.size() / 3 + 1);
      const int from = static_cast<int>(rng() % board.size());
      const int d = static_cast<int>(rng() % 4);
      const int to = board.Neighbour(from, d), back = board.Neighbour(from, d ^ 2);
      if (!occupied[from] || to == kNoSquare || back == kNoSquare || occupied[to] ||
          occupied[back]) {
        continue;
      }
      const bool pull = trial % 2 == 1;
      int player, after;
      if (!pull) {  // pushed from `back`: the player ends on `from`
        before.Fill(board, occupied.data(), back);
        occupied[from] = 0;
        occupied[to] = 1;
        player = from;
        after = PlayerAfterMove(board, occupied.data(), before, from, to, from, scratch);
        ++pushes;
      } else {  // the player on `to` steps on to `step`; the box follows onto `to`
        const int step = board.Neighbour(to, d);
        if (step == kNoSquare || occupied[step]) continue;
        before.Fill(board, occupied.data(), to);
        occupied[from] = 0;
        occupied[to] = 1;
        player = step;
        after = PlayerAfterMove(board, occupied.data(), before, from, to, step, scratch);
        ++pulls;
      }
      ASSERT_EQ(after, fresh.Fill(board, occupied.data(), player))
          << "XSokoban " << entry.level.title << ": box " << from << " to " << to
          << (pull ? " (pull)" : " (push)");
    }
  }
  EXPECT_GT(pushes, 3000);
  EXPECT_GT(pulls, 2000);
}

TEST(FloorAreas, CountsAreasSplitByBoxes) {
  const Level level = Level::FromRows({"#######",  //
                                       "#@ $  #",  //
                                       "#  $  #",  //
                                       "#. $ .#",  //
                                       "###.###",  //
                                       "  ###"});
  const Board board = *Board::Build(level);
  std::vector<uint8_t> occupied(board.size(), 0);
  FloorAreas areas(board);
  EXPECT_EQ(areas.Label(occupied.data()), 1);
  for (int y = 1; y <= 3; ++y) occupied[FloorIndex(board, level, 3, y)] = 1;
  // The column of boxes splits the room in two and shuts the goal below it
  // off on its own; a box on that goal leaves two.
  EXPECT_EQ(areas.Label(occupied.data()), 3);
  occupied[FloorIndex(board, level, 3, 4)] = 1;
  EXPECT_EQ(areas.Label(occupied.data()), 2);
  EXPECT_TRUE(RingConnected(board, occupied.data(), FloorIndex(board, level, 1, 1)));
  // A box on (4, 2) would cut (4, 1) off from the rest of the right part.
  occupied[FloorIndex(board, level, 5, 1)] = 1;
  EXPECT_FALSE(RingConnected(board, occupied.data(), FloorIndex(board, level, 4, 2)));
}

// Random positions on the XSokoban boards, random moves of one box (next
// door, as a push, or anywhere, as a macro): the count after the move from
// the labels before it (with or without a player's area given) equals a
// count from scratch.
TEST(FloorAreas, CountAfterMoveMatchesCountFromScratch) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  ASSERT_EQ(xsokoban.levels.size(), 90u);
  std::mt19937 rng(7);
  int moves = 0, splits = 0;
  for (const auto& entry : xsokoban.levels) {
    const Board board = *Board::Build(entry.level);
    FloorAreas areas(board), fresh(board);
    for (int trial = 0; trial < 40; ++trial) {
      std::vector<uint8_t> occupied = RandomBoxes(board, rng, board.size() / 2);
      std::vector<int> box_squares, free_squares;
      for (int sq = 0; sq < board.size(); ++sq) {
        (occupied[sq] ? box_squares : free_squares).push_back(sq);
      }
      if (free_squares.empty()) continue;
      // Half the positions are labelled with one area given as a player's
      // fill, as the search does.
      Reach player_area(board.size());
      const bool with_player = trial % 2 == 1;
      player_area.Fill(board, occupied.data(), free_squares[rng() % free_squares.size()]);
      const int before =
          with_player ? areas.Label(occupied.data(), player_area) : areas.Label(occupied.data());
      ASSERT_EQ(before, fresh.Label(occupied.data()));
      const int from = box_squares[rng() % box_squares.size()];
      int to = free_squares[rng() % free_squares.size()];
      if (rng() % 2) {  // a single push: to a free neighbour
        const int d = static_cast<int>(rng() % 4);
        const int n = board.Neighbour(from, d);
        if (n == kNoSquare || occupied[n]) continue;
        to = n;
      }
      occupied[from] = 0;
      occupied[to] = 1;
      const int after = areas.AfterMove(occupied.data(), from, to);
      ASSERT_EQ(after, fresh.Label(occupied.data()))
          << "level " << entry.level.title << " from " << from << " to " << to;
      ++moves;
      splits += after > before;
    }
  }
  EXPECT_GT(moves, 2000);
  EXPECT_GT(splits, 100);  // the recount path is exercised too
}

// XSokoban 43 (9 boxes): the feature-space order solves it within 50,000
// expansions (about 5,400), fewer than f = g + 5h in its place needs (it
// does not solve it within 50,000).
TEST(FeatureOrder, SolvesXSokoban43InFewerStatesThanWeightedSearch) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  ASSERT_EQ(xsokoban.levels.size(), 90u);
  const Level& level = xsokoban.levels[42].level;
  SolveOptions options;
  options.max_expansions = 50'000;
  const uint64_t with = ExpansionsToSolve(level, options);
  ASSERT_GT(with, 0u);
  options.prune = kPruneAll & ~kPruneFeatures;
  EXPECT_GT(Solve(level, options).expanded, with);
}

// Microban II 131 (44 boxes on a diagonal lattice; half its states have 15
// to 44 areas of free floor): solved within 60,000 expansions (23,639) once
// every area count is a cell of its own. Lumping 15 areas or more into one
// cell took 2,187,230.
TEST(FeatureOrder, SolvesMicrobanII131WithEveryAreaCountApart) {
  const Collection microban2 = ReadShared("microban2.xsb");
  ASSERT_EQ(microban2.levels.size(), 135u);
  const Level& level = microban2.levels[130].level;
  ASSERT_EQ(level.title, "131");
  SolveOptions options;
  options.max_expansions = 60'000;
  EXPECT_GT(ExpansionsToSolve(level, options), 0u);
}

}  // namespace
}  // namespace sokoban
