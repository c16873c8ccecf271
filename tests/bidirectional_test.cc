// Tests of the backward (pull) search and of its meeting with the forward
// search: pull distances are the fewest pushes out from the start squares,
// the pull search alone proves what the push search proves and finds
// push-optimal solutions, and a meeting joins two halves into a solution
// that replays.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

Board BuildBoard(const Level& level) {
  absl::StatusOr<Board> board = Board::Build(level);
  EXPECT_TRUE(board.ok()) << board.status();
  return *std::move(board);
}

// Fewest pushes taking a lone box from floor square `from` to every floor
// square, the player starting anywhere: a 0-1 breadth-first search over
// (box, player) with walks free and pushes costing one. Shares no code with
// LowerBound. 0xFFFF where the box cannot go.
std::vector<int> LoneBoxPushes(const Board& board, int from) {
  const int n = board.size();
  std::vector<int> cost(static_cast<size_t>(n) * n, 0xFFFF), best(n, 0xFFFF);
  std::deque<int> queue;
  for (int p = 0; p < n; ++p) {
    if (p == from) continue;
    cost[static_cast<size_t>(from) * n + p] = 0;
    queue.push_back(from * n + p);
  }
  while (!queue.empty()) {
    const int state = queue.front();
    queue.pop_front();
    const int box = state / n, player = state % n, c = cost[state];
    best[box] = std::min(best[box], c);
    for (int d = 0; d < 4; ++d) {
      const int step = board.Neighbour(player, d);
      if (step == kNoSquare) continue;
      if (step != box) {
        if (c < cost[static_cast<size_t>(box) * n + step]) {
          cost[static_cast<size_t>(box) * n + step] = c;
          queue.push_front(box * n + step);
        }
        continue;
      }
      const int ahead = board.Neighbour(box, d);
      if (ahead == kNoSquare || c + 1 >= cost[static_cast<size_t>(ahead) * n + box]) continue;
      cost[static_cast<size_t>(ahead) * n + box] = c + 1;
      queue.push_back(ahead * n + box);
    }
  }
  return best;
}

TEST(PullDistances, AreTheFewestPushesOutFromEachStartSquare) {
  for (int number : {3, 10, 44, 93}) {
    const Board board = BuildBoard(MicrobanLevel(number));
    const LowerBound pull(board, Direction::kPull);
    std::vector<bool> reached(board.size(), false);  // by a box from some start square
    for (int t = 0; t < board.box_count(); ++t) {
      const std::vector<int> expected = LoneBoxPushes(board, board.start_boxes()[t]);
      for (int sq = 0; sq < board.size(); ++sq) {
        EXPECT_EQ(pull.distance(sq, t), expected[sq])
            << "Microban " << number << " start " << t << " square " << sq;
        if (expected[sq] != 0xFFFF) reached[sq] = true;
      }
    }
    for (int sq = 0; sq < board.size(); ++sq) {
      EXPECT_EQ(pull.Hopeless(sq), !reached[sq]) << "Microban " << number << " square " << sq;
    }
  }
}

struct Outcome {
  SolveStatus status;
  std::string lurd;
  bool met = false;
};

// Runs one search, or a push and a pull search taking turns, to the end.
Outcome RunSearch(const Board& board, SolveMode mode, Direction direction) {
  SolveOptions options;
  options.mode = mode;
  LevelTables tables(board, options);
  const SearchSpec spec{direction, SearchSpec::Order::kBestFirst, 5, false};
  Search search(board, options, MakeSearchConfig(board, options, spec, tables),
                std::chrono::steady_clock::now());
  if (search.Start()) {
    while (search.Step()) {
    }
  }
  Outcome out{search.status(), ""};
  if (out.status == SolveStatus::kSolved) out.lurd = PushesToLurd(board, search.pushes());
  return out;
}

TEST(PullSearch, FindsPushOptimalSolutionsThatReplay) {
  for (int number = 1; number <= 40; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = BuildBoard(level);
    const Outcome push = RunSearch(board, SolveMode::kOptimal, Direction::kPush);
    const Outcome pull = RunSearch(board, SolveMode::kOptimal, Direction::kPull);
    ASSERT_EQ(push.status, SolveStatus::kSolved) << number;
    ASSERT_EQ(pull.status, SolveStatus::kSolved) << number;
    const ReplayResult a = Replay(level, push.lurd), b = Replay(level, pull.lurd);
    EXPECT_TRUE(b.valid && b.solved) << "Microban " << number << ": " << b.error;
    EXPECT_EQ(a.metrics.pushes, b.metrics.pushes) << "Microban " << number;
  }
}

// Random small rooms, solvable or not: the pull search exhausted proves
// exactly the levels the push search proves, and both find the same
// fewest pushes on the others.
TEST(PullSearch, AgreesWithThePushSearchOnRandomRooms) {
  std::mt19937 rng(20261201);
  int solvable = 0, unsolvable = 0;
  for (int attempt = 0; attempt < 3000 && (solvable < 100 || unsolvable < 100); ++attempt) {
    std::vector<std::string> rows;
    const std::optional<Level> room = RandomRoom(rng, &rows);
    if (!room) continue;
    const Level& level = *room;
    absl::StatusOr<Board> board = Board::Build(level);
    if (!board.ok()) continue;
    const Outcome push = RunSearch(*board, SolveMode::kOptimal, Direction::kPush);
    const Outcome pull = RunSearch(*board, SolveMode::kOptimal, Direction::kPull);
    ASSERT_EQ(pull.status, push.status) << absl::StrJoin(rows, "\n");
    if (push.status == SolveStatus::kUnsolvable) {
      ++unsolvable;
      continue;
    }
    ++solvable;
    const ReplayResult a = Replay(level, push.lurd), b = Replay(level, pull.lurd);
    EXPECT_TRUE(b.valid && b.solved) << absl::StrJoin(rows, "\n") << "\n" << b.error;
    EXPECT_EQ(a.metrics.pushes, b.metrics.pushes) << absl::StrJoin(rows, "\n");
  }
  EXPECT_GE(solvable, 100);
  EXPECT_GE(unsolvable, 100);
}

TEST(Bidirectional, HalvesMeetInASolutionThatReplays) {
  // Microban 93: the push search alone needs hundreds of thousands of
  // states; taking turns with a pull search, the two meet far sooner.
  const Level& level = MicrobanLevel(93);
  const Board board = BuildBoard(level);
  SolveOptions options;
  const auto now = std::chrono::steady_clock::now();
  LevelTables tables(board, options);
  auto config = [&](Direction direction) {
    return MakeSearchConfig(board, options, {direction, SearchSpec::Order::kBestFirst, 5, false},
                            tables);
  };
  Search push(board, options, config(Direction::kPush), now),
      pull(board, options, config(Direction::kPull), now);
  push.AddPartner(&pull);
  pull.AddPartner(&push);
  bool push_live = push.Start(), pull_live = pull.Start();
  int steps = 0;
  while ((push_live || pull_live) && steps < 100000) {
    if (push_live) push_live = push.Step();
    if (pull_live) pull_live = pull.Step();
    ++steps;
  }
  const Search& done = push.status() == SolveStatus::kSolved ? push : pull;
  ASSERT_EQ(done.status(), SolveStatus::kSolved);
  EXPECT_TRUE(done.met());
  const ReplayResult r = Replay(level, PushesToLurd(board, done.pushes()));
  EXPECT_TRUE(r.valid && r.solved) << r.error;
}

}  // namespace
}  // namespace sokoban
