// Tests of goal rooms: the fill order found backwards can be filled
// forwards, box by box, by an independent single-box push search; the
// order of a dead-end column, and which boxes count as packed, are worked
// out by hand; a search using the
// macros and cuts never claims a proof it does not have.
#include "solver/rooms/goal_room.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/core/reach.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

TEST(GoalRooms, DeadEndColumnFillsFromTheFarEnd) {
  const Level level = Level::FromRows({"#########",  //
                                       "#  $ $ $#",  //
                                       "#@      #",  //
                                       "####.####",  //
                                       "   #.#",     //
                                       "   #.#",     //
                                       "   ###"});
  const Board board = *Board::Build(level);
  const GoalRooms rooms(board);
  ASSERT_EQ(rooms.room_count(), 1);
  const int top = FloorIndex(board, level, 4, 3), middle = FloorIndex(board, level, 4, 4),
            bottom = FloorIndex(board, level, 4, 5), entrance = FloorIndex(board, level, 4, 2);
  EXPECT_EQ(rooms.order(0),
            (std::vector<Square>{static_cast<Square>(bottom), static_cast<Square>(middle),
                                 static_cast<Square>(top)}));
  EXPECT_EQ(rooms.RoomAt(entrance), 0);
  EXPECT_EQ(rooms.RoomAt(top), 0);
  EXPECT_TRUE(rooms.InRoom(top, 0));
  EXPECT_FALSE(rooms.InRoom(entrance, 0));
  EXPECT_EQ(rooms.RoomAt(FloorIndex(board, level, 1, 1)), -1);
  std::vector<uint8_t> occupied(board.size(), 0);
  EXPECT_EQ(rooms.Target(0, occupied.data()), bottom);
  EXPECT_EQ(rooms.Packed(occupied.data()), 0);
  // A box on the top goal first blocks the column: not packed.
  occupied[top] = 1;
  EXPECT_EQ(rooms.Packed(occupied.data()), 0);
  occupied[top] = 0;
  occupied[bottom] = 1;
  EXPECT_EQ(rooms.Target(0, occupied.data()), middle);
  EXPECT_EQ(rooms.Packed(occupied.data()), 1);
  occupied[top] = 1;
  EXPECT_EQ(rooms.Packed(occupied.data()), 1);
  occupied[middle] = 1;
  EXPECT_EQ(rooms.Target(0, occupied.data()), -1);
  EXPECT_EQ(rooms.Packed(occupied.data()), 3);
}

TEST(GoalRooms, LoneGoalsMakeNoRoom) {
  const Level level = Level::FromRows({"#######",  //
                                       "#. $ .#",  //
                                       "#  $  #",  //
                                       "#@    #",  //
                                       "#######"});
  const Board board = *Board::Build(level);
  EXPECT_EQ(GoalRooms(board).room_count(), 0);
  EXPECT_EQ(GoalRooms(board, 1).room_count(), 2);
  // A box on a goal of no room counts as packed.
  std::vector<uint8_t> occupied(board.size(), 0);
  occupied[FloorIndex(board, level, 1, 1)] = 1;
  occupied[FloorIndex(board, level, 3, 2)] = 1;
  EXPECT_EQ(GoalRooms(board).Packed(occupied.data()), 1);
}

// With the first k entries of room r's order filled, a box on some square
// next to the room (an entrance, of this room or of another it touches),
// the player beside it, can be pushed onto entry k (FindBoxPath, a forward
// search sharing no code with the backward one that made the order), for
// every k; a goal whose box waited on a parking square entry earlier is
// filled by that box, from there. Names the first entry that cannot be
// filled in *failed.
bool FillsForwards(const Board& board, const GoalRooms& rooms, int r, std::string* failed) {
  const std::vector<Square>& order = rooms.order(r);
  std::vector<uint8_t> occupied(board.size(), 0);
  for (size_t k = 0; k < order.size(); ++k) {
    int parking = -1;
    for (size_t j = 0; j < k; ++j) {
      if (rooms.ParkedGoal(r, static_cast<int>(j)) == static_cast<int>(k)) parking = order[j];
    }
    bool filled = false;
    for (int e = 0; e < board.size() && !filled; ++e) {
      if (rooms.InRoom(e, r)) continue;
      if (parking >= 0 && e != parking) continue;
      if (parking < 0 && (occupied[e] || rooms.IsParking(e))) continue;
      bool next_to_room = parking >= 0;
      for (int d = 0; d < 4; ++d) {
        const int n = board.Neighbour(e, d);
        next_to_room |= n != kNoSquare && rooms.InRoom(n, r);
      }
      if (!next_to_room) continue;
      for (int d = 0; d < 4 && !filled; ++d) {
        const int player = board.Neighbour(e, d);
        if (player == kNoSquare || occupied[player]) continue;
        std::vector<Push> path;
        filled = FindBoxPath(board, occupied, e, order[k], player, &path);
        occupied[e] = 0;
      }
    }
    if (!filled) {
      *failed = "entry " + std::to_string(k);
      return false;
    }
    occupied[order[k]] = 1;
  }
  return true;
}

// Every room of every XSokoban level fills forwards (FillsForwards), its
// order found with boxes leaving onto any floor and onto the main floor
// (`packorder`).
TEST(GoalRooms, OrdersOfXSokobanRoomsFillForwards) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  ASSERT_EQ(xsokoban.levels.size(), 90u);
  for (int variant = 0; variant < 2; ++variant) {
    int rooms_checked = 0;
    for (const auto& entry : xsokoban.levels) {
      const Board board = *Board::Build(entry.level);
      const GoalRooms rooms(board, 2, variant > 0);
      for (int r = 0; r < rooms.room_count(); ++r) {
        ++rooms_checked;
        std::string failed;
        EXPECT_TRUE(FillsForwards(board, rooms, r, &failed))
            << "XSokoban " << entry.level.title << " variant " << variant << " room " << r << " "
            << failed;
      }
    }
    EXPECT_GE(rooms_checked, 90);
  }
}

// XSokoban 47's room (columns 14-16 of rows 3-7, and (13,7)) cannot be
// filled box by box, each box pushed in from the main floor all the way to
// its goal: of the goals of rows 5 and 7, (14,5) must fill last (any other
// is pushed from a square of those rows or a wall, or from rows 3-4, which
// the player then cannot leave), from (13,5); a box reaches (13,5) only
// from (13,6) with the player on (13,7), which the player then reaches only
// through (14,7), so (14,7) fills while that box waits. The order has a
// box wait on the parking square (12,5) (the 11th entry), (14,7) fills,
// then that box goes to (14,5). The parking entry counts as filled while
// (12,5) or (14,5) holds a box.
TEST(GoalRooms, XSokoban47ParksTheBoxOf145While147Fills) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  const Level& level = xsokoban.levels[46].level;
  ASSERT_EQ(level.title, "47");
  const Board board = *Board::Build(level);
  const GoalRooms searched(board, 2, true);
  ASSERT_EQ(searched.room_count(), 1);
  const auto at = [&](const GoalRooms& rooms, int x, int y) {
    const std::vector<Square>& order = rooms.order(0);
    return static_cast<int>(std::find(order.begin(), order.end(), FloorIndex(board, level, x, y)) -
                            order.begin());
  };
  const std::vector<Square>& order = searched.order(0);
  ASSERT_EQ(order.size(), 17u);
  const int park = FloorIndex(board, level, 12, 5), goal = FloorIndex(board, level, 14, 5);
  EXPECT_EQ(at(searched, 12, 5), 10);
  EXPECT_EQ(searched.ParkedGoal(0, 10), at(searched, 14, 5));
  EXPECT_LT(at(searched, 12, 5), at(searched, 14, 7));
  EXPECT_LT(at(searched, 14, 7), at(searched, 14, 5));
  EXPECT_TRUE(searched.IsParking(park));
  EXPECT_EQ(searched.RoomAt(park), 0);
  std::string failed;
  EXPECT_TRUE(FillsForwards(board, searched, 0, &failed)) << failed;
  // The first ten goals filled: the parking square is next; a box on it
  // counts, and goes on counting once it has gone on to (14,5).
  std::vector<uint8_t> occupied(board.size(), 0);
  for (int k = 0; k < 10; ++k) occupied[order[k]] = 1;
  EXPECT_EQ(searched.Target(0, occupied.data()), park);
  EXPECT_EQ(searched.Packed(occupied.data()), 10);
  occupied[park] = 1;
  EXPECT_EQ(searched.Next(0, occupied.data()), 11);
  EXPECT_EQ(searched.Packed(occupied.data()), 11);
  occupied[order[11]] = 1;
  EXPECT_EQ(searched.Target(0, occupied.data()), goal);
  occupied[park] = 0;
  occupied[goal] = 1;
  EXPECT_EQ(searched.Next(0, occupied.data()), 13);
  EXPECT_EQ(searched.Packed(occupied.data()), 13);
}

// With the parking square in its room's order, XSokoban 47 is solved within
// 100,000 expansions and the solution replays.
TEST(GoalRooms, XSokoban47SolvedWithParking) {
  SolveOptions options;
  options.max_expansions = 100'000;
  EXPECT_GT(ExpansionsToSolve(XsokobanLevel(47), options, "XSokoban 47"), 0u);
}

// XSokoban 47: the goal (14,5) has the floor square (13,5) on its left,
// which the player reaches but a box from outside cannot: it would come up
// from (13,6) with the player on (13,7), a goal of the room. The same holds
// for (6,3) above XSokoban 42's room. With `packorder` a box pulled out of
// the room onto such a square has not left it; every start box is marked.
TEST(GoalRooms, BoxesLeaveOnlyOntoSquaresBoxesFromOutsideReach) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  struct Case {
    int level, x, y;
  };
  for (const Case c : {Case{47, 13, 5}, Case{42, 6, 3}}) {
    const Level& level = xsokoban.levels[c.level - 1].level;
    const Board board = *Board::Build(level);
    std::vector<uint8_t> room(board.size(), 0), reached(board.size(), 0);
    for (Square g : board.goals()) room[g] = 1;
    MarkBoxReach(board, room, &reached);
    const int niche = FloorIndex(board, level, c.x, c.y);
    ASSERT_GE(niche, 0);
    EXPECT_FALSE(reached[niche]) << "XSokoban " << c.level;
    for (Square b : board.start_boxes()) EXPECT_TRUE(reached[b]) << "XSokoban " << c.level;
  }
  // A box against the top wall can be pushed along it, into both corners,
  // but never down off it: the player would stand in the wall.
  const Level row = Level::FromRows({"#######",  //
                                     "#  $  #",  //
                                     "#@    #",  //
                                     "###.###",  //
                                     "  ###"});
  const Board board = *Board::Build(row);
  std::vector<uint8_t> walls(board.size(), 0), reached(board.size(), 0);
  MarkBoxReach(board, walls, &reached);
  for (int x = 1; x <= 5; ++x) EXPECT_TRUE(reached[FloorIndex(board, row, x, 1)]) << x;
  for (int x = 1; x <= 5; ++x) EXPECT_FALSE(reached[FloorIndex(board, row, x, 2)]) << x;
  EXPECT_FALSE(reached[FloorIndex(board, row, 3, 3)]);
}

// The weighted push search with goal-room macros alone, on random small
// rooms: a level it calls unsolvable is unsolvable (a complete search
// without macros agrees), a level it solves replays, and running out of
// states after a cut is a give-up, not a proof.
TEST(GoalRooms, SearchWithMacrosClaimsNoFalseProof) {
  std::mt19937 rng(20261201);
  int solvable = 0, unsolvable = 0, gave_up = 0;
  for (int attempt = 0; attempt < 20000 && (solvable < 150 || unsolvable < 150); ++attempt) {
    std::vector<std::string> rows;
    const std::optional<Level> room = RandomRoom(rng, &rows);
    if (!room) continue;
    const Board board = *Board::Build(*room);
    const GoalRooms rooms(board);
    if (rooms.room_count() == 0) continue;
    SolveOptions options;
    LevelTables tables(board, options);
    auto run = [&](bool goal_rooms, bool* gave) {
      const SearchSpec spec{Direction::kPush, SearchSpec::Order::kBestFirst, 5, goal_rooms};
      Search search(board, options, MakeSearchConfig(board, options, spec, tables),
                    std::chrono::steady_clock::now());
      if (search.Start()) {
        while (search.Step()) {
        }
      }
      if (gave) *gave = search.gave_up();
      if (search.status() == SolveStatus::kSolved) {
        const ReplayResult replay = Replay(*room, PushesToLurd(board, search.pushes()));
        EXPECT_TRUE(replay.valid && replay.solved) << absl::StrJoin(rows, "\n");
      }
      return search.status();
    };
    bool gave = false;
    const SolveStatus with = run(true, &gave);
    const SolveStatus without = run(false, nullptr);
    ASSERT_TRUE(without == SolveStatus::kSolved || without == SolveStatus::kUnsolvable);
    if (with == SolveStatus::kUnsolvable) {
      EXPECT_EQ(without, SolveStatus::kUnsolvable) << absl::StrJoin(rows, "\n");
    }
    if (gave) {
      EXPECT_EQ(with, SolveStatus::kTimeout);
    }
    gave_up += gave && without == SolveStatus::kSolved;
    (without == SolveStatus::kSolved ? solvable : unsolvable) += 1;
  }
  EXPECT_GE(solvable, 150);
  EXPECT_GE(unsolvable, 150);
  // The cuts do leave solutions out: the give-up is not a formality.
  EXPECT_GT(gave_up, 0);
}

// Whether `path` takes the box on `from` to `to`, each push made from a
// square the player can walk to, onto free floor.
bool PathWorks(const Board& board, std::vector<uint8_t> occupied, int from, int to, int player,
               const std::vector<Push>& path) {
  Reach reach(board.size());
  int box = from;
  for (const Push& p : path) {
    if (p.from != box || p.length != 1) return false;
    reach.Fill(board, occupied.data(), player);
    const int behind = board.Neighbour(box, p.dir ^ 2), ahead = board.Neighbour(box, p.dir);
    if (behind == kNoSquare || !reach.Reached(behind)) return false;
    if (ahead == kNoSquare || occupied[ahead]) return false;
    occupied[box] = 0;
    occupied[ahead] = 1;
    player = box;
    box = ahead;
  }
  return box == to;
}

// The fewest pushes that take the box on `from` to `to`, the others standing
// still (-1: none), by a breadth-first search over (box square, the
// player's area as its smallest square) with a walk for every state; shares
// no code with BoxMover.
int FewestPushes(const Board& board, std::vector<uint8_t> occupied, int from, int to, int player) {
  occupied[from] = 0;
  struct State {
    int box, player, pushes;
  };
  auto area = [&](int box, int at, std::vector<uint8_t>* reached) {
    std::vector<int> stack{at};
    reached->assign(board.size(), 0);
    (*reached)[at] = 1;
    int least = at;
    while (!stack.empty()) {
      const int sq = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int n = board.Neighbour(sq, d);
        if (n == kNoSquare || n == box || occupied[n] || (*reached)[n]) continue;
        (*reached)[n] = 1;
        least = std::min(least, n);
        stack.push_back(n);
      }
    }
    return least;
  };
  std::vector<uint8_t> reached;
  std::vector<std::vector<uint8_t>> seen(board.size(), std::vector<uint8_t>(board.size(), 0));
  std::vector<State> queue{{from, area(from, player, &reached), 0}};
  seen[from][queue[0].player] = 1;
  for (size_t head = 0; head < queue.size(); ++head) {
    const State state = queue[head];
    if (state.box == to) return state.pushes;
    area(state.box, state.player, &reached);
    for (int d = 0; d < 4; ++d) {
      const int ahead = board.Neighbour(state.box, d), behind = board.Neighbour(state.box, d ^ 2);
      if (ahead == kNoSquare || behind == kNoSquare || occupied[ahead] || !reached[behind])
        continue;
      std::vector<uint8_t> unused;
      const int next_player = area(ahead, state.box, &unused);
      if (seen[ahead][next_player]) continue;
      seen[ahead][next_player] = 1;
      queue.push_back({ahead, next_player, state.pushes + 1});
    }
  }
  return -1;
}

// Random XSokoban positions: every box that FindBoxPath can take to a free
// goal stands on a square BoxSources marks for that goal; and the marks
// leave boxes out (the filter does work). A search guided by the marks
// (given the player's fill in half the positions) finds a working path,
// not always the fewest pushes, exactly when the breadth-first search
// finds one; the breadth-first search finds the fewest (FewestPushes). Asked to end with the player
// where the guided path left it, the breadth-first search finds a path that does. BoxMover::Works
// accepts the guided path, and rejects it once its last square is taken.
TEST(BoxSources, MarksEverySquareABoxCanBePushedToTheGoalFrom) {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  ASSERT_EQ(xsokoban.levels.size(), 90u);
  std::mt19937 rng(11);
  int reachable = 0, unmarked = 0, marked_but_stuck = 0, guided = 0, longer = 0;
  for (const auto& entry : xsokoban.levels) {
    const Board board = *Board::Build(entry.level);
    BoxSources sources(board);
    BoxMover mover(board);
    for (int trial = 0; trial < 10; ++trial) {
      std::vector<uint8_t> occupied(board.size(), 0);
      const int boxes = 1 + static_cast<int>(rng() % board.goals().size());
      for (int k = 0; k < boxes; ++k) {
        const int sq = static_cast<int>(rng() % board.size());
        if (!board.IsDead(sq)) occupied[sq] = 1;
      }
      const int goal = board.goals()[rng() % board.goals().size()];
      int player = static_cast<int>(rng() % board.size());
      if (occupied[goal] || occupied[player]) continue;
      sources.Mark(occupied.data(), goal);
      Reach start(board.size());
      start.Fill(board, occupied.data(), player);
      for (int sq = 0; sq < board.size(); ++sq) {
        if (!occupied[sq]) continue;
        std::vector<Push> path;
        const bool found = mover.Find(occupied, sq, goal, player, &path);
        ASSERT_TRUE(!found || sources.Marked(sq))
            << "XSokoban " << entry.level.title << ": box on " << sq << " to " << goal;
        reachable += found;
        unmarked += !sources.Marked(sq);
        marked_but_stuck += sources.Marked(sq) && !found;
        if (!sources.Marked(sq)) continue;
        const size_t fewest = path.size();
        if (found) {
          ASSERT_EQ(static_cast<int>(fewest), FewestPushes(board, occupied, sq, goal, player))
              << "XSokoban " << entry.level.title << ": box on " << sq << " to " << goal;
        } else {
          ASSERT_LT(FewestPushes(board, occupied, sq, goal, player), 0);
        }
        path.clear();
        const bool guided_found =
            mover.Find(occupied, sq, goal, player, &path, trial % 2 ? &start : nullptr, &sources);
        ASSERT_EQ(guided_found, found) << "XSokoban " << entry.level.title << ": box on " << sq;
        if (!found) continue;
        ++guided;
        longer += path.size() > fewest;
        ASSERT_TRUE(PathWorks(board, occupied, sq, goal, player, path))
            << "XSokoban " << entry.level.title << ": box on " << sq << " to " << goal;
        // BoxMover::Works agrees, and not once a box stands on the path.
        const std::vector<uint8_t> before = occupied;
        EXPECT_TRUE(mover.Works(occupied, sq, path, start));
        EXPECT_EQ(occupied, before);
        const int blocker = board.Neighbour(path.back().from, path.back().dir);
        occupied[blocker] = 1;
        EXPECT_FALSE(mover.Works(occupied, sq, path, start));
        occupied[blocker] = 0;
        // The player after the guided path, and a breadth-first path to end
        // in the same area.
        const int end_player = path.empty() ? player : path.back().from;
        std::vector<Push> ending;
        ASSERT_TRUE(mover.Find(occupied, sq, goal, player, &ending, nullptr, nullptr, end_player));
        ASSERT_TRUE(PathWorks(board, occupied, sq, goal, player, ending));
        std::vector<uint8_t> after = occupied;
        after[sq] = 0;
        after[goal] = 1;
        Reach end_area(board.size());
        end_area.Fill(board, after.data(), ending.empty() ? player : ending.back().from);
        EXPECT_TRUE(end_area.Reached(end_player));
      }
    }
  }
  EXPECT_GT(reachable, 100);
  EXPECT_GT(unmarked, 100);
  EXPECT_GT(marked_but_stuck, 0);
  EXPECT_GT(guided, 100);
  EXPECT_GT(longer, 0);  // the guided search does take other paths
}

// Microban 134 (boxes brought one by one into a goal room): with boxes
// pushed into the room from afar the search expands fewer states (679
// against 1,759).
TEST(GoalRooms, RoomPathsSolveMicroban134InFewerStates) {
  const Level& level = MicrobanLevel(134);
  SolveOptions options;
  options.max_expansions = 100'000;
  const uint64_t with = ExpansionsToSolve(level, options);
  options.prune = kPruneAll & ~kPruneRoomPaths;
  const uint64_t without = ExpansionsToSolve(level, options);
  EXPECT_GT(with, 0u);
  EXPECT_LT(with, without);
}

}  // namespace
}  // namespace sokoban
