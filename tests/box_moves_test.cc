// FESS's box moves (solver/macro/macro_box_moves.h): the destinations of one
// box, checked against single-box paths, and the solver with the member and
// without it.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "common/moves.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/reach.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/pattern_test_util.h"
#include "tests/search_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// A corridor: the box goes right one square a push, the player behind it;
// the corner beyond the goal is dead and the player's side is no
// destination.
TEST(BoxMoves, CorridorDestinations) {
  const Level level = Level::FromRows({"########",  //
                                       "#@$  . #",  //
                                       "########"});
  absl::StatusOr<Board> board = Board::Build(level);
  ASSERT_TRUE(board.ok());
  std::vector<uint8_t> occupied(board->size(), 0);
  const int box = FloorIndex(*board, level, 2, 1);
  occupied[box] = 1;
  Reach reach(board->size());
  reach.Fill(*board, occupied.data(), FloorIndex(*board, level, 1, 1));
  BoxMover mover(*board);
  std::vector<BoxDestination> out;
  mover.Destinations(occupied, box, reach, nullptr, &out);
  ASSERT_EQ(out.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(out[k].to, FloorIndex(*board, level, 3 + k, 1));
    EXPECT_EQ(out[k].pushes, k + 1);
    EXPECT_EQ(out[k].player_after, FloorIndex(*board, level, 2 + k, 1));
  }
  EXPECT_EQ(occupied[box], 1);
}

// On the starts of Microban's first levels, every box's destinations are
// the squares a single-box path reaches (none other, none missed), each
// with the fewest pushes that leave the player in its area, and no square
// comes twice with the player in the same area.
TEST(BoxMoves, DestinationsAreTheSquaresABoxReaches) {
  for (int number = 1; number <= 30; ++number) {
    const Level& level = MicrobanLevel(number);
    absl::StatusOr<Board> board = Board::Build(level);
    ASSERT_TRUE(board.ok());
    std::vector<uint8_t> occupied(board->size(), 0);
    for (Square b : board->start_boxes()) occupied[b] = 1;
    Reach reach(board->size()), after(board->size());
    reach.Fill(*board, occupied.data(), board->start_player());
    BoxMover mover(*board), check(*board);
    for (Square from : board->start_boxes()) {
      std::vector<BoxDestination> out;
      mover.Destinations(occupied, from, reach, nullptr, &out);
      std::vector<int> reached(board->size(), 0);
      std::vector<std::vector<int>> areas(board->size());
      for (const BoxDestination& d : out) {
        ASSERT_NE(d.to, from);
        ASSERT_FALSE(occupied[d.to]);
        reached[d.to] = 1;
        std::vector<Push> path;
        ASSERT_TRUE(FindBoxPath(*board, occupied, from, d.to, board->start_player(), &path))
            << "Microban " << number;
        // The fewest pushes that leave the player in this area.
        path.clear();
        ASSERT_TRUE(check.Find(occupied, from, d.to, board->start_player(), &path, nullptr, nullptr,
                               d.player_after));
        EXPECT_EQ(path.size(), d.pushes) << "Microban " << number;
        occupied[from] = 0;
        occupied[d.to] = 1;
        const int area = after.Fill(*board, occupied.data(), d.player_after);
        occupied[d.to] = 0;
        occupied[from] = 1;
        for (int other : areas[d.to]) EXPECT_NE(other, area) << "Microban " << number;
        areas[d.to].push_back(area);
      }
      for (int to = 0; to < board->size(); ++to) {
        if (to == from || occupied[to] || reached[to]) continue;
        std::vector<Push> path;
        EXPECT_FALSE(!board->IsDead(to) &&
                     FindBoxPath(*board, occupied, from, to, board->start_player(), &path))
            << "Microban " << number << ": square " << to << " missed";
      }
    }
  }
}

// Every (square, player's area) the box on `from` can be pushed into, the
// others standing still, with the fewest pushes: a breadth-first search
// over (box square, smallest square of the player's area), one fill of the
// player's area a node, boxes never pushed onto dead squares. The key is
// (square, area), the value the pushes.
std::map<std::pair<int, int>, int> DestinationsByFills(const Board& board,
                                                       std::vector<uint8_t> occupied, int from,
                                                       int player) {
  Reach reach(board.size());
  std::map<std::pair<int, int>, int> pushes;
  std::vector<std::pair<int, int>> queue{{from, reach.Fill(board, occupied.data(), player)}};
  pushes[queue[0]] = 0;
  occupied[from] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const auto [box, area] = queue[head];
    const int depth = pushes[queue[head]];
    occupied[box] = 1;
    reach.Fill(board, occupied.data(), area);
    std::vector<int> behind_ok(4);
    for (int d = 0; d < 4; ++d) {
      const int behind = board.Neighbour(box, d ^ 2);
      behind_ok[d] = behind != kNoSquare && reach.Reached(behind);
    }
    occupied[box] = 0;
    for (int d = 0; d < 4; ++d) {
      const int ahead = board.Neighbour(box, d);
      if (!behind_ok[d] || ahead == kNoSquare || occupied[ahead] || board.IsDead(ahead)) continue;
      occupied[ahead] = 1;
      Reach after(board.size());
      const std::pair<int, int> key{ahead, after.Fill(board, occupied.data(), box)};
      occupied[ahead] = 0;
      if (pushes.count(key)) continue;
      pushes[key] = depth + 1;
      queue.push_back(key);
    }
  }
  pushes.erase(queue[0]);
  for (auto it = pushes.begin(); it != pushes.end();) {
    it = it->first.first == from ? pushes.erase(it) : std::next(it);
  }
  return pushes;
}

// On random positions of Microban's levels, each box's destinations found
// on the position's numbering of the floor (the sides the player reaches
// and the change in areas found once a square) are those of a search with
// a fill of the player's area at every node, with the same pushes, and
// each one's change in areas is that of a numbering of the floor after the
// move. Without a numbering given, BoxMover's own gives the same list.
TEST(BoxMoves, DestinationsEqualTheSearchWithFills) {
  std::mt19937 rng(16);
  int checked = 0;
  for (int number = 1; number <= 155; number += 2) {
    const Level& level = MicrobanLevel(number);
    absl::StatusOr<Board> board = Board::Build(level);
    ASSERT_TRUE(board.ok());
    std::vector<Square> live = LiveSquares(*board);
    if (static_cast<int>(live.size()) < board->box_count() + 2) continue;
    BoxMover mover(*board), alone(*board);
    FloorCuts cuts(*board), after_cuts(*board);
    Reach reach(board->size());
    for (int draw = 0; draw < 12; ++draw) {
      Placement p = RandomPlacement(*board, live, rng);
      const int areas = cuts.Number(p.occupied.data());
      reach.Fill(*board, p.occupied.data(), p.player);
      for (Square from : p.boxes) {
        std::vector<BoxDestination> out, out_alone;
        mover.Destinations(p.occupied, from, reach, &cuts, &out);
        alone.Destinations(p.occupied, from, reach, nullptr, &out_alone);
        ASSERT_EQ(out.size(), out_alone.size());
        std::map<std::pair<int, int>, int> found;
        for (size_t k = 0; k < out.size(); ++k) {
          const BoxDestination& d = out[k];
          EXPECT_EQ(std::make_tuple(d.to, d.pushes, d.player_after, d.areas_change),
                    std::make_tuple(out_alone[k].to, out_alone[k].pushes, out_alone[k].player_after,
                                    out_alone[k].areas_change));
          p.occupied[from] = 0;
          p.occupied[d.to] = 1;
          Reach after(board->size());
          found[{d.to, after.Fill(*board, p.occupied.data(), d.player_after)}] = d.pushes;
          EXPECT_EQ(areas + d.areas_change, after_cuts.Number(p.occupied.data()))
              << "Microban " << number;
          p.occupied[d.to] = 0;
          p.occupied[from] = 1;
          EXPECT_EQ(areas + d.areas_change, cuts.AreasAfterMove(from, d.to));
          ++checked;
        }
        EXPECT_EQ(found.size(), out.size());
        ASSERT_EQ(found, DestinationsByFills(*board, p.occupied, from, p.player))
            << "Microban " << number << "\n"
            << absl::StrJoin(Position(level, *board, p.boxes, p.player).Rows(), "\n");
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

// The feature-space search with the advised box moves alone (with and
// without goal rooms) solves the levels, its solutions replay, and the
// moves change its course (they are made).
TEST(BoxMoves, FeatureSearchWithBoxMovesSolves) {
  for (const bool rooms : {true, false}) {
    uint64_t with_total = 0, without_total = 0;
    for (int number = 1; number <= 60; ++number) {
      const Level& level = MicrobanLevel(number);
      auto run = [&](bool box_moves, uint64_t* expanded) {
        SolveOptions options;
        SearchSpec spec;
        spec.order = SearchSpec::Order::kFeatures;
        spec.goal_rooms = rooms;
        spec.box_moves = box_moves;
        return SearchAloneSolves(level, "Microban " + std::to_string(number), options, spec,
                                 expanded);
      };
      // Goal cuts may leave a level unsolved (the search gives up): then
      // it must give up both ways or solve with the moves.
      const bool without = run(false, &without_total);
      const bool with = run(true, &with_total);
      EXPECT_TRUE(with || !without) << "Microban " << number << (rooms ? " (rooms)" : "");
    }
    EXPECT_NE(with_total, without_total);
  }
}

// With the box-moves member and without it, the solver solves the levels
// and the solutions replay.
TEST(BoxMoves, SolvesWithAndWithout) {
  for (MemberSet members : {kAllMembers, *ParseMemberList("default,-boxpenalty")}) {
    for (int number = 1; number <= 40; ++number) {
      const Level& level = MicrobanLevel(number);
      ASSERT_TRUE(
          SolvesAndReplays(level, kPruneDefault, "Microban " + std::to_string(number), members));
    }
  }
}

// On a large level the portfolio's member with the box moves joins and
// decides: XSokoban 27 (20 boxes), which the portfolio without it leaves
// unsolved after 150,000 expansions, is solved within 70,000 and replays.
TEST(BoxMoves, PortfolioMemberSolvesXSokoban27) {
  const Level& level = XsokobanLevel(27);
  SolveOptions options;
  options.max_expansions = 70'000;
  const SolveResult r = Solve(level, options);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  const ReplayResult replay = Replay(level, r.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
}

}  // namespace
}  // namespace sokoban
