// Tests of the penalty patterns learned during search
// (solver/eval/eval_penalty.h): every learned penalty is at most the true
// excess of its boxes, found by an exhaustive search of those boxes alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <random>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_join.h"
#include "common/rules.h"
#include "solver/bound/lower_bound.h"
#include "solver/bound/penalty_search.h"
#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/eval/eval_penalty.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"
#include "tests/optimal_test_util.h"
#include "tests/pattern_test_util.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// The true excess of boxes[0..k) (labelled) with only them on the board,
// the player on `player`: breadth-first over every labelled position (no
// pruning at all), the least depth - D(s) over the positions with every box
// on a target. kDead: none reached; -1: more than max_positions positions.
int TrueExcess(const Board& board, const LowerBound& bound, Direction direction,
               const std::vector<Square>& boxes, int player, size_t max_positions) {
  const std::vector<Square>& targets =
      direction == Direction::kPush ? board.goals() : board.start_boxes();
  std::vector<int> target_of(board.size(), -1);
  for (size_t t = 0; t < targets.size(); ++t) target_of[targets[t]] = static_cast<int>(t);
  const int k = static_cast<int>(boxes.size());
  // A position as one number: the player, then the boxes in label order, a
  // 12-bit field each (k <= 4).
  auto square = [](uint64_t code, int field) {
    return static_cast<int>(code >> (12 * field) & 0xFFF);
  };
  auto with = [](uint64_t code, int field, int sq) {
    return (code & ~(uint64_t{0xFFF} << (12 * field))) | uint64_t(sq) << (12 * field);
  };
  std::vector<uint8_t> occupied(board.size(), 0);
  Reach reach(board.size());
  auto normalize = [&](uint64_t code) {
    for (int i = 1; i <= k; ++i) occupied[square(code, i)] = 1;
    const int p = reach.Fill(board, occupied.data(), square(code, 0));
    for (int i = 1; i <= k; ++i) occupied[square(code, i)] = 0;
    return with(code, 0, p);
  };
  uint64_t root = static_cast<uint64_t>(player);
  for (int i = 0; i < k; ++i) root = with(root, i + 1, boxes[i]);
  root = normalize(root);
  absl::flat_hash_map<uint64_t, int> depth{{root, 0}};
  std::vector<uint64_t> queue{root};
  int best = LowerBound::kDead;
  std::vector<uint64_t> children;
  for (size_t head = 0; head < queue.size(); ++head) {
    if (queue.size() > max_positions) return -1;
    const uint64_t node = queue[head];
    const int g = depth[node];
    int d = 0;
    bool on = true;
    for (int i = 0; i < k && on; ++i) {
      const int t = target_of[square(node, i + 1)];
      on = t >= 0 && bound.distance(boxes[i], t) != LowerBound::kUnreachable;
      if (on) d += bound.distance(boxes[i], t);
    }
    if (on) best = std::min(best, g - d);
    for (int i = 1; i <= k; ++i) occupied[square(node, i)] = 1;
    reach.Fill(board, occupied.data(), square(node, 0));
    children.clear();
    for (int i = 1; i <= k; ++i) {
      const int from = square(node, i);
      for (int dir = 0; dir < 4; ++dir) {
        const int to = board.Neighbour(from, dir);
        if (to == kNoSquare || occupied[to]) continue;
        int after;
        if (direction == Direction::kPush) {
          const int behind = board.Neighbour(from, dir ^ 2);
          if (behind == kNoSquare || !reach.Reached(behind)) continue;
          after = from;
        } else {
          const int back = board.Neighbour(to, dir);
          if (!reach.Reached(to) || back == kNoSquare || occupied[back]) continue;
          after = back;
        }
        children.push_back(with(with(node, i, to), 0, after));
      }
    }
    for (int i = 1; i <= k; ++i) occupied[square(node, i)] = 0;
    for (uint64_t child : children) {
      child = normalize(child);
      if (depth.emplace(child, g + 1).second) queue.push_back(child);
    }
  }
  return best;
}

// Learns penalty patterns with a search of `level` in `direction` (optimal
// mode, every technique on, penalty patterns in the bound) for up to `expansions` expansions;
// returns the table's patterns checked against TrueExcess, adding to *checked, and failing on any
// penalty above the true excess.
void LearnAndCheck(const Level& level, Direction direction, uint64_t expansions,
                   const std::string& name, int* checked, int* positive) {
  const absl::StatusOr<Board> built = Board::Build(level);
  if (!built.ok()) return;
  const Board& board = *built;
  SolveOptions options;
  options.mode = SolveMode::kOptimal;
  options.prune = kPruneAll & ~kPruneBidir;
  LevelTables tables(board, options);
  SearchSpec spec;
  spec.direction = direction;
  spec.penalties = true;
  Search search(board, options, MakeSearchConfig(board, options, spec, tables),
                std::chrono::steady_clock::now());
  if (search.Start()) {
    for (uint64_t n = 0; n < expansions && search.Step(); ++n) {
    }
  }
  const LearnedDeadlocks& table = *tables.penalties(direction);
  const LowerBound bound(board, direction);
  // Up to 6 patterns a table, of at most 3 boxes.
  for (int id = 0, tried = 0; id < table.size() && tried < 6; ++id) {
    const std::vector<Square> boxes = table.Boxes(id);
    if (boxes.size() > 3) continue;
    ++tried;
    int player = -1;
    for (int sq = 0; sq < board.size() && player < 0; ++sq) {
      if (table.InArea(id, sq) && std::find(boxes.begin(), boxes.end(), sq) == boxes.end()) {
        player = sq;
      }
    }
    ASSERT_GE(player, 0) << name;
    const int truth = TrueExcess(board, bound, direction, boxes, player, 200'000);
    if (truth < 0) continue;  // too many positions to check
    const int value = table.value(id);
    const std::string what = name + (direction == Direction::kPush ? " push" : " pull") +
                             " pattern " + absl::StrJoin(boxes, ",") + " player " +
                             std::to_string(player);
    if (value == PenaltyBound::kDeadValue) {
      EXPECT_EQ(truth, LowerBound::kDead) << what << " called dead";
    } else {
      EXPECT_GT(value, 0) << what;
      EXPECT_LE(value, truth) << what;
      ++*positive;
    }
    ++*checked;
  }
}

// Small random levels from the generator and small Microban boards, and
// random positions on them: each pattern learned, push and pull, holds a
// penalty no larger than its boxes' true excess (or is truly dead).
TEST(PenaltyPatterns, EveryPenaltyIsAtMostTheTrueExcess) {
  const bool slow_ok = !SkipSlowTests();
  const uint64_t expansions = slow_ok ? 1000 : 500;
  std::mt19937 rng(26);
  int checked = 0, positive = 0;
  for (const auto& [name, level] : SmallPatternLevels(26)) {
    for (Direction direction : {Direction::kPush, Direction::kPull}) {
      LearnAndCheck(level, direction, expansions, name, &checked, &positive);
      if (HasFatalFailure()) return;
    }
    // Random positions of the same board: more patterns, off the level's
    // own paths.
    const Board board = *Board::Build(level);
    std::vector<Square> live = LiveSquares(board);
    for (int draw = 0; draw < 1; ++draw) {
      const Placement p = RandomPlacement(board, live, rng);
      LearnAndCheck(Position(level, board, p.boxes, p.player), Direction::kPush, expansions / 2,
                    name + " draw " + std::to_string(draw), &checked, &positive);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(checked, 100);
  EXPECT_GT(positive, 20);
}

// The search itself, run to its end, finds the true excess exactly: two
// and three boxes of random positions on small boards, push and pull.
TEST(PenaltyPatterns, SearchToTheEndIsExact) {
  std::mt19937 rng(261);
  int compared = 0, positive = 0;
  for (const auto& [name, level] : SmallPatternLevels(26)) {
    const Board board = *Board::Build(level);
    std::vector<Square> live = LiveSquares(board);
    for (Direction direction : {Direction::kPush, Direction::kPull}) {
      const LowerBound bound(board, direction);
      PenaltySearch search(board, bound, direction);
      for (int draw = 0; draw < 2; ++draw) {
        const Placement p = RandomPlacement(board, live, rng);
        for (int k = 2; k <= 3 && k <= board.box_count(); ++k) {
          const std::vector<Square> boxes(p.boxes.begin(), p.boxes.begin() + k);
          const int truth = TrueExcess(board, bound, direction, boxes, p.player, 200'000);
          if (truth < 0) continue;
          const PenaltySearch::Result r = search.Run(boxes.data(), k, p.player, nullptr, 1'000'000);
          ASSERT_TRUE(r.exact) << name;
          EXPECT_EQ(r.penalty, truth)
              << name << " boxes " << absl::StrJoin(boxes, ",") << " player " << p.player;
          ++compared;
          if (truth > 0 && truth != LowerBound::kDead) ++positive;
        }
      }
    }
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(positive, 5);
}

}  // namespace
}  // namespace sokoban
