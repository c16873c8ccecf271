// FESS's advisors over box moves (solver/macro/box_advice.h). Every
// proposal is a legal move of one box, the others standing still, and is
// what its advisor claims, checked from scratch on positions of small
// levels; the search with the box moves and without solves and replays.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/reach.h"
#include "solver/macro/advise_connectivity.h"
#include "solver/macro/advise_explorer.h"
#include "solver/macro/advise_hotspots.h"
#include "solver/macro/advise_opener.h"
#include "solver/macro/advise_packing.h"
#include "solver/macro/advise_room_connectivity.h"
#include "solver/macro/box_advice.h"
#include "solver/macro/macro_box_moves.h"
#include "solver/rooms/goal_room.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/search_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// A position set up as Search sets up the state it expands.
struct Position2 {
  explicit Position2(const Board& board) : node(board) {}
  void Set(const Board& board, std::vector<Square> boxes, int player) {
    std::fill(node.occupied.begin(), node.occupied.end(), 0);
    std::sort(boxes.begin(), boxes.end());
    node.boxes = boxes;
    for (Square b : boxes) node.occupied[b] = 1;
    node.player = node.reach.Fill(board, node.occupied.data(), player);
    node.Reset();
    node.NumberFloor();
  }
  Expansion node;
};

// What the advice counts on a level's positions, each built as the search
// builds it: the goal rooms (none when the level has no room), the features
// of a move, the blocked room links, the pinned boxes, the floor's areas.
struct Counts {
  explicit Counts(const Level& level)
      : board(*Board::Build(level)),
        rooms(board),
        r(rooms.room_count() > 0 ? &rooms : nullptr),
        features(board, r),
        links(board),
        hotspots(board),
        cuts(board) {}
  const Board board;
  const GoalRooms rooms;
  const GoalRooms* const r;
  AdviceFeatures features;
  RoomConnectivity links;
  Hotspots hotspots;
  FloorCuts cuts;
};

// Positions of a level: its start, then random single pushes (never onto
// dead squares), each position kept.
std::vector<std::pair<std::vector<Square>, int>> Walk(const Board& board, int steps,
                                                      uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Square> boxes = board.start_boxes();
  int player = board.start_player();
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : boxes) occupied[b] = 1;
  Reach reach(board.size());
  std::vector<std::pair<std::vector<Square>, int>> out{{boxes, player}};
  for (int s = 0; s < steps; ++s) {
    reach.Fill(board, occupied.data(), player);
    std::vector<std::pair<int, int>> pushes;
    for (size_t i = 0; i < boxes.size(); ++i) {
      for (int d = 0; d < 4; ++d) {
        const int ahead = board.Neighbour(boxes[i], d), behind = board.Neighbour(boxes[i], d ^ 2);
        if (ahead == kNoSquare || behind == kNoSquare || occupied[ahead] || board.IsDead(ahead) ||
            !reach.Reached(behind)) {
          continue;
        }
        pushes.emplace_back(static_cast<int>(i), d);
      }
    }
    if (pushes.empty()) break;
    const auto [i, d] = pushes[rng() % pushes.size()];
    const int to = board.Neighbour(boxes[i], d);
    occupied[boxes[i]] = 0;
    occupied[to] = 1;
    player = boxes[i];
    boxes[i] = static_cast<Square>(to);
    out.emplace_back(boxes, player);
  }
  return out;
}

// Every move of every box of the position, with the features after it, as
// the macro offers them.
std::vector<AdvisedMove> Offer(const Board& board, Expansion& node, AdviceFeatures& features) {
  features.SetParent(node);
  std::vector<AdvisedMove> moves;
  for (int i = 0; i < board.box_count(); ++i) {
    std::vector<BoxDestination> dest;
    node.mover.Destinations(node.occupied, node.boxes[i], node.reach, node.floor(), &dest);
    features.SetBox(node, i);
    for (const BoxDestination& d : dest) {
      moves.push_back({i, d, {}});
      features.Fill(node, &moves.back());
    }
  }
  return moves;
}

// The move is legal: a path of exactly its pushes takes the box there with
// the player ending in the area of player_after.
void ExpectLegal(const Board& board, Expansion& node, const AdvisedMove& m, int player,
                 const std::string& what) {
  std::vector<Push> path;
  BoxMover mover(board);
  ASSERT_TRUE(mover.Find(node.occupied, node.boxes[m.box], m.dest.to, player, &path, nullptr,
                         nullptr, m.dest.player_after))
      << what;
  EXPECT_EQ(path.size(), m.dest.pushes) << what;
}

// The features of the position after the move, from scratch.
struct After {
  std::vector<uint8_t> occupied;
  std::vector<Square> boxes;
  int on_goals = 0;
};
After Apply(const Board& board, const Expansion& node, const AdvisedMove& m) {
  After a{node.occupied, node.boxes};
  a.occupied[node.boxes[m.box]] = 0;
  a.occupied[m.dest.to] = 1;
  a.boxes[m.box] = m.dest.to;
  for (Square b : a.boxes) a.on_goals += board.IsGoal(b);
  return a;
}

int OnGoals(const Board& board, const std::vector<Square>& boxes) {
  int n = 0;
  for (Square b : boxes) n += board.IsGoal(b);
  return n;
}

// Runs each advisor on positions of Microban 1-60 (the starts and random
// pushes from them) and checks each proposal from scratch; every advisor
// proposes somewhere.
// Every move's features, found from the parent's (the areas from the cut
// of the floor BoxMover found, the pinned boxes from the half around the
// box's square found once a box), are those counted from scratch on the
// position after the move, on random positions of Microban's levels.
TEST(FessAdvisors, FeaturesAfterAMoveEqualAFullCount) {
  int checked = 0;
  for (int number = 1; number <= 155; ++number) {
    Counts c(MicrobanLevel(number));
    const Board& board = c.board;
    Position2 pos(board);
    for (const auto& [boxes, player] : Walk(board, 30, 2000 + number)) {
      pos.Set(board, boxes, player);
      Expansion& node = pos.node;
      const std::vector<AdvisedMove> moves = Offer(board, node, c.features);
      for (const AdvisedMove& m : moves) {
        std::vector<uint8_t> occupied = node.occupied;
        std::vector<Square> after = node.boxes;
        occupied[after[m.box]] = 0;
        occupied[m.dest.to] = 1;
        after[m.box] = m.dest.to;
        const std::string what = "Microban " + std::to_string(number);
        EXPECT_EQ(m.after.areas, c.cuts.Number(occupied.data())) << what;
        EXPECT_EQ(m.after.pinned,
                  c.hotspots.Count(occupied.data(), after.data(), board.box_count()))
            << what;
        EXPECT_EQ(m.after.packed, c.r ? c.rooms.Packed(occupied.data()) : OnGoals(board, after))
            << what;
        std::sort(after.begin(), after.end());
        if (c.links.link_count() > 0) {
          EXPECT_EQ(m.after.links, c.links.Count(after.data(), board.box_count())) << what;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(FessAdvisors, ProposalsAreLegalAndWhatTheyClaim) {
  int proposals[6] = {0, 0, 0, 0, 0, 0};
  for (int number = 1; number <= 60; ++number) {
    Counts c(MicrobanLevel(number));
    const Board& board = c.board;
    PackingAdvisor packing;
    ConnectivityAdvisor connectivity;
    RoomConnectivityAdvisor room_connectivity;
    HotspotsAdvisor hot;
    ExplorerAdvisor explorer(board);
    OpenerAdvisor opener(board);
    Position2 pos(board);
    Reach reach(board.size());
    for (const auto& [boxes, player] : Walk(board, 40, 1000 + number)) {
      pos.Set(board, boxes, player);
      Expansion& node = pos.node;
      const std::vector<AdvisedMove> moves = Offer(board, node, c.features);
      AdviceContext ctx{node, moves, c.features};
      const std::string what = "Microban " + std::to_string(number);
      const int packed_before = c.r ? c.rooms.Packed(node.occupied.data()) : OnGoals(board, boxes);
      const int areas_before = c.cuts.Number(node.occupied.data());
      const int links_before = c.links.Count(node.boxes.data(), board.box_count());
      const int pinned_before =
          c.hotspots.Count(node.occupied.data(), node.boxes.data(), board.box_count());
      auto check = [&](int slot, int k, const std::function<void(const After&)>& claim) {
        if (k < 0) return;
        ASSERT_LT(k, static_cast<int>(moves.size()));
        ++proposals[slot];
        ExpectLegal(board, node, moves[k], player, what);
        claim(Apply(board, node, moves[k]));
      };
      check(0, packing.Propose(ctx), [&](const After& a) {
        EXPECT_GT(c.r ? c.rooms.Packed(a.occupied.data()) : a.on_goals, packed_before) << what;
      });
      check(1, connectivity.Propose(ctx), [&](const After& a) {
        EXPECT_LT(c.cuts.Number(a.occupied.data()), areas_before) << what;
        c.cuts.Number(node.occupied.data());
      });
      check(2, room_connectivity.Propose(ctx), [&](const After& a) {
        EXPECT_LT(c.links.Count(a.boxes.data(), board.box_count()), links_before) << what;
      });
      check(3, hot.Propose(ctx), [&](const After& a) {
        EXPECT_LT(c.hotspots.Count(a.occupied.data(), a.boxes.data(), board.box_count()),
                  pinned_before)
            << what;
      });
      check(4, explorer.Propose(ctx), [&](const After& a) {
        // Some box that did not move can now be pushed from a square the
        // player could not reach before.
        const int k = explorer.Propose(ctx);
        reach.Fill(board, a.occupied.data(), moves[k].dest.player_after);
        bool opens = false;
        for (int i = 0; i < board.box_count(); ++i) {
          if (i == moves[k].box) continue;
          for (int d = 0; d < 4; ++d) {
            const int ahead = board.Neighbour(a.boxes[i], d);
            const int behind = board.Neighbour(a.boxes[i], d ^ 2);
            opens |= ahead != kNoSquare && behind != kNoSquare && !a.occupied[ahead] &&
                     reach.Reached(behind) && !node.reach.Reached(behind);
          }
        }
        EXPECT_TRUE(opens) << what;
        EXPECT_GE(c.r ? c.rooms.Packed(a.occupied.data()) : a.on_goals, packed_before) << what;
      });
      check(5, opener.Propose(ctx), [&](const After& a) {
        // The box moved is the hotspot next to the most pinned boxes.
        const int k = opener.Propose(ctx);
        int most = 0;
        for (int i = 0; i < board.box_count(); ++i) {
          int blocks = 0;
          for (int d = 0; d < 4; ++d) {
            const int n = board.Neighbour(node.boxes[i], d);
            blocks +=
                n != kNoSquare && node.occupied[n] && c.hotspots.Pinned(node.occupied.data(), n);
          }
          most = std::max(most, blocks);
        }
        int moved_blocks = 0;
        for (int d = 0; d < 4; ++d) {
          const int n = board.Neighbour(node.boxes[moves[k].box], d);
          moved_blocks +=
              n != kNoSquare && node.occupied[n] && c.hotspots.Pinned(node.occupied.data(), n);
        }
        EXPECT_GT(moved_blocks, 0) << what;
        EXPECT_EQ(moved_blocks, most) << what;
        EXPECT_LE(c.cuts.Number(a.occupied.data()), areas_before) << what;
        c.cuts.Number(node.occupied.data());
      });
    }
  }
  for (int slot = 0; slot < 6; ++slot) EXPECT_GT(proposals[slot], 0) << "advisor " << slot;
}

// The macro with the advisors adds what they propose, at most one each and
// marked advised, and besides only moves of two pushes or more that pack a
// box or leave fewer areas; every move is legal.
TEST(FessAdvisors, MacroAddsTheProposals) {
  int added = 0;
  for (int number = 1; number <= 30; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = *Board::Build(level);
    BoxMovesMacro macro(board, nullptr);
    Position2 pos(board);
    for (const auto& [boxes, player] : Walk(board, 20, 7 + number)) {
      pos.Set(board, boxes, player);
      std::vector<Move> moves;
      macro.AddMoves(pos.node, &moves);
      int advised = 0;
      const int areas = pos.node.NumberFloor();
      for (const Move& m : moves) {
        const int from = pos.node.boxes[m.box];
        advised += m.advised;
        if (!m.advised) {
          EXPECT_GE(m.pushes, 2);
          EXPECT_TRUE((!board.IsGoal(from) && board.IsGoal(m.to)) ||
                      pos.node.floor()->AreasAfterMove(from, m.to) < areas);
        }
        std::vector<Push> path;
        ASSERT_TRUE(
            FindBoxPath(board, pos.node.occupied, pos.node.boxes[m.box], m.to, player, &path))
            << "Microban " << number;
        EXPECT_LE(static_cast<int>(path.size()), m.pushes);
      }
      EXPECT_LE(advised, 6);
      added += advised;
    }
  }
  EXPECT_GT(added, 0);
}

// The feature-space search with the box moves, its moves chosen by the
// advisors, solves the levels and its solutions replay; the advisors
// change its course.
TEST(FessAdvisors, FeatureSearchWithAdvisorsSolves) {
  uint64_t with_total = 0, without_total = 0;
  for (int number = 1; number <= 40; ++number) {
    const Level& level = MicrobanLevel(number);
    auto run = [&](bool box_moves, uint64_t* expanded) {
      SolveOptions options;
      SearchSpec spec;
      spec.order = SearchSpec::Order::kFeatures;
      spec.goal_rooms = true;
      spec.box_moves = box_moves;
      return SearchAloneSolves(level, "Microban " + std::to_string(number), options, spec,
                               expanded);
    };
    const bool without = run(false, &without_total);
    const bool with = run(true, &with_total);
    // Goal cuts may leave a level unsolved (the search gives up).
    EXPECT_TRUE(with || !without) << "Microban " << number;
  }
  EXPECT_NE(with_total, without_total);
}

// XSokoban 70 (24 boxes) is solved by the box-moves member alone within
// 5,000 expansions, and the solution replays.
TEST(FessAdvisors, BoxMovesMemberSolvesXSokoban70) {
  const Level& level = XsokobanLevel(70);
  SolveOptions options;
  options.member = "boxpenalty";
  options.max_expansions = 5'000;
  const SolveResult r = Solve(level, options);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  const ReplayResult replay = Replay(level, r.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << replay.error;
}

}  // namespace
}  // namespace sokoban
