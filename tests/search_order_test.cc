// Tests of the feature-space search order: the cell open list's turns; the
// areas of free floor and the player's square after a move, and the sides
// of a moved box the player can walk between, read from one numbering of
// the floor before it (FloorCuts), against counts and walks from scratch on
// thousands of positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <vector>

#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/player_area.h"
#include "solver/core/reach.h"
#include "solver/parts/open_list.h"
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

// RandomBoxes with its box squares and free squares listed.
struct Position {
  std::vector<uint8_t> occupied;
  std::vector<int> boxes, free;
};
Position RandomPosition(const Board& board, std::mt19937& rng, int most) {
  Position position{RandomBoxes(board, rng, most), {}, {}};
  for (int sq = 0; sq < board.size(); ++sq) {
    (position.occupied[sq] ? position.boxes : position.free).push_back(sq);
  }
  return position;
}

// The boards of the 90 XSokoban levels.
const std::vector<Board>& XSokobanBoards() {
  static const std::vector<Board> boards = [] {
    std::vector<Board> built;
    for (const auto& entry : ReadShared("xsokoban90.xsb").levels) {
      built.push_back(*Board::Build(entry.level));
    }
    return built;
  }();
  return boards;
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
  ASSERT_EQ(XSokobanBoards().size(), 90u);
  std::mt19937 rng(9);
  int pushes = 0, pulls = 0;
  for (const Board& board : XSokobanBoards()) {
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
      // A push from `back` leaves the player on `from`; in a pull the player
      // on `to` steps on to the next square and the box follows onto `to`.
      const bool pull = trial % 2 == 1;
      const int stand = pull ? to : back;
      const int player = pull ? board.Neighbour(to, d) : from;
      if (pull && (player == kNoSquare || occupied[player])) continue;
      before.Fill(board, occupied.data(), stand);
      occupied[from] = 0;
      occupied[to] = 1;
      const int after = PlayerAfterMove(board, occupied.data(), before, from, to, player, scratch);
      ++(pull ? pulls : pushes);
      ASSERT_EQ(after, fresh.Fill(board, occupied.data(), player))
          << "box " << from << " to " << to << (pull ? " (pull)" : " (push)");
    }
  }
  EXPECT_GT(pushes, 3000);
  EXPECT_GT(pulls, 2000);
}

// Random XSokoban positions: RingConnected (a table over the free squares
// round a square) says whether the free orthogonal neighbours of the square
// are joined by a walk over the free squares of its 8-neighbourhood, found
// here on the grid's cells; and when it says so, a box on the square leaves
// them in one area.
TEST(RingConnected, EqualsAWalkRoundTheRing) {
  std::mt19937 rng(18);
  int connected = 0, cut = 0;
  for (const Board& board : XSokobanBoards()) {
    Reach reach(board.size());
    for (int trial = 0; trial < 300; ++trial) {
      const Position p = RandomPosition(board, rng, board.size() / 3 + 1);
      if (p.free.empty()) continue;
      const int sq = p.free[rng() % p.free.size()];
      // The ring's cells in order round the square; each is next to the
      // one before it.
      static constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
      static constexpr int kDy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
      const int x = board.Cell(sq) % board.width(), y = board.Cell(sq) / board.width();
      bool free[8];
      for (int k = 0; k < 8; ++k) {
        const int n = board.FloorIndex((y + kDy[k]) * board.width() + x + kDx[k]);
        free[k] = n != kNoSquare && !p.occupied[n];
      }
      // Joined: from the first free orthogonal cell, a walk both ways over
      // orthogonally adjacent free cells reaches every free orthogonal one.
      bool seen[8] = {};
      int first = -1;
      for (int k = 0; k < 8 && first < 0; k += 2) {
        if (free[k]) first = k;
      }
      bool joined = true;
      if (first >= 0) {
        seen[first] = true;
        for (int step : {1, 7}) {
          for (int k = (first + step) & 7; free[k] && !seen[k]; k = (k + step) & 7) {
            // Diagonal to diagonal is no step: cells k and k+1 always touch.
            seen[k] = true;
          }
        }
        for (int k = 0; k < 8; k += 2) joined = joined && (!free[k] || seen[k]);
      }
      std::vector<uint8_t> occupied = p.occupied;
      ASSERT_EQ(RingConnected(board, occupied.data(), sq), joined) << "square " << sq;
      ++(joined ? connected : cut);
      if (!joined || first < 0) continue;
      // Ring cell 2k lies in LURD direction kDirOfRing[k].
      static constexpr int kDirOfRing[4] = {1, 2, 3, 0};
      occupied[sq] = 1;
      reach.Mark(board, occupied.data(), board.Neighbour(sq, kDirOfRing[first / 2]));
      for (int k = 0; k < 4; ++k) {
        const int n = board.Neighbour(sq, kDirOfRing[k]);
        if (n != kNoSquare && !occupied[n]) {
          EXPECT_TRUE(reach.Reached(n)) << "square " << sq;
        }
      }
    }
  }
  EXPECT_GT(connected, 3000);
  EXPECT_GT(cut, 1000);
}

// Random XSokoban positions: the smallest square of an area found by two
// fills in turn (Reach::SmallestDownTo, down to a free square no larger
// than the area's smallest, in the area or not) equals a fresh fill's.
TEST(Reach, SmallestDownToEqualsAFreshFill) {
  std::mt19937 rng(16);
  int met = 0, apart = 0;
  for (const Board& board : XSokobanBoards()) {
    Reach reach(board.size()), fresh(board.size());
    for (int trial = 0; trial < 300; ++trial) {
      const Position p = RandomPosition(board, rng, board.size() / 3 + 1);
      if (p.free.empty()) continue;
      const int start = p.free[rng() % p.free.size()];
      const int least = fresh.Fill(board, p.occupied.data(), start);
      // Free squares no larger than the area's smallest.
      std::vector<int> lower;
      for (int sq : p.free) {
        if (sq <= least) lower.push_back(sq);
      }
      const int lowest = lower[rng() % lower.size()];
      ++(fresh.Reached(lowest) ? met : apart);
      ASSERT_EQ(reach.SmallestDownTo(board, p.occupied.data(), start, lowest), least)
          << "from " << start << " down to " << lowest;
    }
  }
  EXPECT_GT(met, 3000);
  EXPECT_GT(apart, 3000);
}

// Random XSokoban positions: two free squares are Joined exactly when a
// fill from one reaches the other, and Mark's squares() are the squares it
// reached.
TEST(Reach, JoinedEqualsAFreshFill) {
  std::mt19937 rng(18);
  int joined = 0, apart = 0;
  for (const Board& board : XSokobanBoards()) {
    Reach reach(board.size()), fresh(board.size());
    for (int trial = 0; trial < 300; ++trial) {
      const Position p = RandomPosition(board, rng, board.size() / 3 + 1);
      if (p.free.empty()) continue;
      const int a = p.free[rng() % p.free.size()], b = p.free[rng() % p.free.size()];
      fresh.Mark(board, p.occupied.data(), a);
      std::vector<int> listed(fresh.squares(), fresh.squares() + fresh.count());
      std::sort(listed.begin(), listed.end());
      std::vector<int> reached;
      for (int sq = 0; sq < board.size(); ++sq) {
        if (fresh.Reached(sq)) reached.push_back(sq);
      }
      ASSERT_EQ(listed, reached);
      const bool expected = fresh.Reached(b);
      ++(expected ? joined : apart);
      ASSERT_EQ(reach.Joined(board, p.occupied.data(), a, b), expected) << a << " and " << b;
    }
  }
  EXPECT_GT(joined, 3000);
  EXPECT_GT(apart, 1000);
}

// Random XSokoban positions: numbering the floor from the box list gives
// what numbering it from the occupied squares gives.
TEST(FloorCuts, NumberFromABoxListEqualsNumberFromOccupied) {
  std::mt19937 rng(17);
  for (const Board& board : XSokobanBoards()) {
    FloorCuts from_occupied(board), from_list(board);
    for (int trial = 0; trial < 100; ++trial) {
      const Position p = RandomPosition(board, rng, board.size() / 3 + 1);
      std::vector<Square> boxes(p.boxes.begin(), p.boxes.end());
      const int areas = from_occupied.Number(p.occupied.data());
      ASSERT_EQ(from_list.Number(boxes.data(), static_cast<int>(boxes.size())), areas);
      for (int k = 0; k < 20 && !p.free.empty(); ++k) {
        const int from = p.boxes[rng() % p.boxes.size()];
        const int to = p.free[rng() % p.free.size()];
        ASSERT_EQ(from_list.AreasAfterMove(from, to), from_occupied.AreasAfterMove(from, to));
        ASSERT_EQ(from_list.PlayerAfterMove(from, to, from),
                  from_occupied.PlayerAfterMove(from, to, from));
      }
    }
  }
}

// The areas of free floor of a position, counted by fills.
int CountAreas(const Board& board, const std::vector<uint8_t>& occupied) {
  Reach reach(board.size());
  std::vector<uint8_t> done(board.size(), 0);
  int areas = 0;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (occupied[sq] || done[sq]) continue;
    ++areas;
    reach.Fill(board, occupied.data(), sq);
    for (int k = 0; k < board.size(); ++k) done[k] |= reach.Reached(k);
  }
  return areas;
}

TEST(FloorCuts, CountsAreasSplitByBoxes) {
  const Level level = Level::FromRows({"#######",  //
                                       "#@ $  #",  //
                                       "#  $  #",  //
                                       "#. $ .#",  //
                                       "###.###",  //
                                       "  ###"});
  const Board board = *Board::Build(level);
  std::vector<uint8_t> occupied(board.size(), 0);
  FloorCuts cuts(board);
  EXPECT_EQ(cuts.Number(occupied.data()), 1);
  for (int y = 1; y <= 3; ++y) occupied[FloorIndex(board, level, 3, y)] = 1;
  // The column of boxes splits the room in two and shuts the goal below it
  // off on its own; a box on that goal leaves two.
  EXPECT_EQ(cuts.Number(occupied.data()), 3);
  occupied[FloorIndex(board, level, 3, 4)] = 1;
  EXPECT_EQ(cuts.Number(occupied.data()), 2);
  EXPECT_TRUE(RingConnected(board, occupied.data(), FloorIndex(board, level, 1, 1)));
  // A box on (4, 2) would cut (4, 1) off from the rest of the right part.
  occupied[FloorIndex(board, level, 5, 1)] = 1;
  EXPECT_FALSE(RingConnected(board, occupied.data(), FloorIndex(board, level, 4, 2)));
  cuts.Number(occupied.data());
  const int from = FloorIndex(board, level, 3, 4), to = FloorIndex(board, level, 4, 2);
  // The box from the goal below to (4, 2): the goal, freed, is an area of
  // its own, and (4, 1) is cut off from the right part.
  EXPECT_EQ(cuts.AreasAfterMove(from, to), 4);
  EXPECT_EQ(cuts.PlayerAfterMove(from, to, from), from);
  EXPECT_EQ(cuts.PlayerAfterMove(from, to, FloorIndex(board, level, 4, 1)),
            FloorIndex(board, level, 4, 1));
  EXPECT_EQ(cuts.PlayerAfterMove(from, to, FloorIndex(board, level, 5, 3)),
            FloorIndex(board, level, 5, 2));
}

// Random positions on the XSokoban boards, random moves of one box (next
// door, as a push, or anywhere, as a macro): the number of areas and the
// player's normalized square after the move, read from the numbering of the
// position before it, equal a count and a fill from scratch.
TEST(FloorCuts, AfterMoveMatchesCountAndFillFromScratch) {
  ASSERT_EQ(XSokobanBoards().size(), 90u);
  std::mt19937 rng(7);
  int moves = 0, splits = 0, joins = 0;
  for (const Board& board : XSokobanBoards()) {
    FloorCuts cuts(board);
    Reach fresh(board.size());
    for (int trial = 0; trial < 60; ++trial) {
      auto [occupied, boxes, free] = RandomPosition(board, rng, board.size() / 2);
      if (free.size() < 2) continue;
      const int before = cuts.Number(occupied.data());
      ASSERT_EQ(before, CountAreas(board, occupied));
      const int from = boxes[rng() % boxes.size()];
      int to = free[rng() % free.size()];
      int player = from;
      if (rng() % 2) {  // a single push: to a free neighbour
        const int d = static_cast<int>(rng() % 4);
        const int n = board.Neighbour(from, d);
        if (n == kNoSquare || occupied[n]) continue;
        to = n;
      } else {  // a macro: the player anywhere
        player = free[rng() % free.size()];
        if (player == to) player = from;
      }
      const int after = cuts.AreasAfterMove(from, to);
      const int player_after = cuts.PlayerAfterMove(from, to, player);
      occupied[from] = 0;
      occupied[to] = 1;
      ASSERT_EQ(after, CountAreas(board, occupied)) << "from " << from << " to " << to;
      ASSERT_EQ(player_after, fresh.Fill(board, occupied.data(), player))
          << "from " << from << " to " << to << " player " << player;
      ++moves;
      splits += after > before;
      joins += after < before;
    }
  }
  EXPECT_GT(moves, 3000);
  EXPECT_GT(splits, 100);  // both ways of changing the count are exercised
  EXPECT_GT(joins, 100);
}

// Random XSokoban positions, a box lifted from its square and put on a free
// one, the player beside it: the sides of the box the player can walk to,
// read from the numbering of the position before, equal a walk's.
TEST(FloorCuts, SidesWithMatchesAWalk) {
  ASSERT_EQ(XSokobanBoards().size(), 90u);
  std::mt19937 rng(11);
  int checks = 0, parted = 0;
  for (const Board& board : XSokobanBoards()) {
    FloorCuts cuts(board);
    Reach walk(board.size());
    for (int trial = 0; trial < 200; ++trial) {
      auto [occupied, boxes, free] = RandomPosition(board, rng, board.size() / 3 + 1);
      if (free.empty()) continue;
      cuts.Number(occupied.data());
      const int from = boxes[rng() % boxes.size()];
      // The box goes back to its own square now and then.
      const int b = trial % 8 == 0 ? from : free[rng() % free.size()];
      occupied[from] = 0;
      occupied[b] = 1;
      const int side = static_cast<int>(rng() % 4);
      const int own = board.Neighbour(b, side);
      if (own == kNoSquare || occupied[own]) continue;
      walk.Mark(board, occupied.data(), own);
      int expected = 0, free_sides = 0;
      for (int s = 0; s < 4; ++s) {
        const int n = board.Neighbour(b, s);
        if (n == kNoSquare || occupied[n]) continue;
        ++free_sides;
        if (walk.Reached(n)) expected |= 1 << s;
      }
      ASSERT_EQ(cuts.SidesWith(b, side, from), expected) << "from " << from << " box " << b;
      ++checks;
      parted += std::popcount(static_cast<unsigned>(expected)) < free_sides;
    }
  }
  EXPECT_GT(checks, 5000);
  EXPECT_GT(parted, 500);  // boxes that part their sides, not only open floor
}

// XSokoban 43 (9 boxes): the feature-space order solves it within 50,000
// expansions (about 5,400).
TEST(FeatureOrder, SolvesXSokoban43) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  ASSERT_EQ(xsokoban.levels.size(), 90u);
  const Level& level = xsokoban.levels[42].level;
  SolveOptions options;
  options.max_expansions = 50'000;
  EXPECT_GT(ExpansionsToSolve(level, options), 0u);
}

// Microban II 131 (44 boxes on a diagonal lattice; half its states have 15
// to 44 areas of free floor): solved within 60,000 expansions (15,891
// without `weightfirst`; 93,585 with it, the first search then ordered by
// weight first) once every area count is a cell of its own. Lumping 15
// areas or more into one cell took 2,187,230.
TEST(FeatureOrder, SolvesMicrobanII131WithEveryAreaCountApart) {
  const Collection microban2 = ReadShared("microban2.xsb");
  ASSERT_EQ(microban2.levels.size(), 135u);
  const Level& level = microban2.levels[130].level;
  ASSERT_EQ(level.title, "131");
  SolveOptions options;
  options.prune = kPruneDefault & ~kPruneWeightFirst;
  options.max_expansions = 60'000;
  EXPECT_GT(ExpansionsToSolve(level, options), 0u);
}

}  // namespace
}  // namespace sokoban
