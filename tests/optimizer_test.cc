// The optimizer and moves-optimal mode against counts known from an
// exhaustive search written here, independent of the solver: a Dijkstra
// search over every position (player square and boxes) one step at a time,
// costed lexicographically (moves then pushes, or pushes then moves).
#include "solver/optimize/optimizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "common/moves.h"
#include "solver/solver.h"
#include "solver_test_util.h"

namespace sokoban {
namespace {

// The game on a grid, as plainly as possible.
class Model {
 public:
  explicit Model(const Level& level) : w_(level.width) {
    for (size_t i = 0; i < level.squares.size(); ++i) {
      const char c = level.squares[i];
      wall_.push_back(c == '#');
      goal_.push_back(IsGoalChar(c));
      if (IsBoxChar(c)) start_.boxes.push_back(static_cast<int>(i));
      if (IsPlayerChar(c)) start_.player = static_cast<int>(i);
    }
  }
  struct State {
    int player = 0;
    std::vector<int> boxes;  // sorted cells
    bool operator<(const State& o) const {
      return player != o.player ? player < o.player : boxes < o.boxes;
    }
  };
  const State& start() const { return start_; }
  bool Solved(const State& s) const {
    for (int b : s.boxes) {
      if (!goal_[b]) return false;
    }
    return true;
  }
  // The position after a step in direction d (LURD), whether it pushed;
  // false when the step is blocked. The grid's edge is walled (validated
  // levels are closed).
  bool Step(const State& s, int d, State* next, bool* pushed) const {
    static const int kDx[4] = {-1, 0, 1, 0}, kDy[4] = {0, -1, 0, 1};
    const int delta = kDx[d] + kDy[d] * w_;
    const int to = s.player + delta;
    if (to < 0 || to >= static_cast<int>(wall_.size()) || wall_[to]) return false;
    *next = s;
    next->player = to;
    *pushed = false;
    auto it = std::find(next->boxes.begin(), next->boxes.end(), to);
    if (it != next->boxes.end()) {
      const int beyond = to + delta;
      if (beyond < 0 || beyond >= static_cast<int>(wall_.size()) || wall_[beyond] ||
          std::count(s.boxes.begin(), s.boxes.end(), beyond)) {
        return false;
      }
      *it = beyond;
      std::sort(next->boxes.begin(), next->boxes.end());
      *pushed = true;
    }
    return true;
  }

  // The cheapest solution from `from` in the metric: (moves, pushes) and
  // its steps; moves -1 when there is none.
  std::pair<std::pair<int, int>, std::string> Cheapest(const State& from, Metric metric) const {
    struct Node {
      uint64_t cost;
      State state;
      bool operator>(const Node& o) const { return cost > o.cost; }
    };
    std::map<State, uint64_t> best;
    std::map<State, std::pair<State, char>> parent;
    std::priority_queue<Node, std::vector<Node>, std::greater<Node>> open;
    best[from] = 0;
    open.push({0, from});
    while (!open.empty()) {
      Node n = open.top();
      open.pop();
      if (best[n.state] != n.cost) continue;
      if (Solved(n.state)) {
        std::string path;
        for (State s = n.state; parent.count(s); s = parent.at(s).first) {
          path.push_back(parent.at(s).second);
        }
        std::reverse(path.begin(), path.end());
        const int pushes = static_cast<int>(
            std::count_if(path.begin(), path.end(), [](char c) { return c < 'a'; }));
        return {{static_cast<int>(path.size()), pushes}, path};
      }
      for (int d = 0; d < 4; ++d) {
        State next;
        bool pushed;
        if (!Step(n.state, d, &next, &pushed)) continue;
        const uint64_t cost = n.cost + MetricCost(metric, 1, pushed ? 1 : 0);
        auto it = best.find(next);
        if (it != best.end() && it->second <= cost) continue;
        best[next] = cost;
        parent[next] = {n.state, pushed ? "LURD"[d] : "lurd"[d]};
        open.push({cost, next});
      }
    }
    return {{-1, -1}, ""};
  }

  // A deliberately bad solution: `wander` random steps, then the fewest
  // pushes from there. Empty when the wander made the level unsolvable.
  std::string BadSolution(std::mt19937& rng, int wander) const {
    State s = start_;
    std::string steps;
    for (int k = 0; k < wander; ++k) {
      const int d = static_cast<int>(rng() % 4);
      State next;
      bool pushed;
      if (!Step(s, d, &next, &pushed)) continue;
      steps.push_back(pushed ? "LURD"[d] : "lurd"[d]);
      s = next;
    }
    const auto [counts, rest] = Cheapest(s, Metric::kPushes);
    if (counts.first < 0) return "";
    return steps + rest;
  }

 private:
  int w_;
  std::vector<bool> wall_, goal_;
  State start_;
};

// Small solvable levels: random rooms and the smallest Microban levels.
std::vector<Level> SmallLevels() {
  std::vector<Level> levels = {MicrobanLevel(1), MicrobanLevel(2), MicrobanLevel(4)};
  std::mt19937 rng(2026);
  std::vector<std::string> rows;
  while (levels.size() < 9) {
    std::optional<Level> room = RandomRoom(rng, &rows);
    if (!room) continue;
    const Model model(*room);
    if (model.Cheapest(model.start(), Metric::kPushes).first.first < 0) continue;
    levels.push_back(*room);
  }
  return levels;
}

TEST(OptimizerTest, ReachesKnownOptimaFromBadSolutions) {
  std::mt19937 rng(7);
  int number = 0;
  for (const Level& level : SmallLevels()) {
    ++number;
    const Model model(level);
    const auto moves_best = model.Cheapest(model.start(), Metric::kMoves).first;
    const auto pushes_best = model.Cheapest(model.start(), Metric::kPushes).first;
    std::string bad;
    while (bad.empty()) bad = model.BadSolution(rng, 40);
    const ReplayResult bad_replay = Replay(level, bad);
    ASSERT_TRUE(bad_replay.valid && bad_replay.solved) << number;
    for (const Metric metric : {Metric::kMoves, Metric::kPushes}) {
      const auto want = metric == Metric::kMoves ? moves_best : pushes_best;
      OptimizeOptions options;
      options.metric = metric;
      options.time_limit_seconds = 60;
      absl::StatusOr<OptimizeResult> r = Optimize(level, bad, options);
      ASSERT_TRUE(r.ok()) << r.status();
      const ReplayResult replay = Replay(level, r->after);
      ASSERT_TRUE(replay.valid && replay.solved) << number << ": " << r->after;
      EXPECT_EQ(replay.metrics, r->after_metrics);
      EXPECT_EQ(r->after_metrics.moves, want.first)
          << "level " << number << " " << MetricName(metric) << " from " << bad;
      EXPECT_EQ(r->after_metrics.pushes, want.second)
          << "level " << number << " " << MetricName(metric) << " from " << bad;
      EXPECT_TRUE(r->proved) << number;
      EXPECT_EQ(r->improved,
                MetricCost(metric, want.first, want.second) <
                    MetricCost(metric, bad_replay.metrics.moves, bad_replay.metrics.pushes));
    }
  }
}

TEST(OptimizerTest, MovesOptimalModeProvesKnownOptima) {
  for (const Level& level : SmallLevels()) {
    const Model model(level);
    const auto want = model.Cheapest(model.start(), Metric::kMoves).first;
    SolveOptions options;
    options.mode = SolveMode::kOptimal;
    options.metric = Metric::kMoves;
    options.time_limit_seconds = 60;
    const SolveResult r = Solve(level, options);
    ASSERT_EQ(r.status, SolveStatus::kSolved);
    EXPECT_TRUE(r.move_optimal);
    EXPECT_EQ(r.metrics.moves, want.first);
    EXPECT_EQ(r.metrics.pushes, want.second);
    const ReplayResult replay = Replay(level, r.solution);
    EXPECT_TRUE(replay.valid && replay.solved);
  }
}

TEST(OptimizerTest, MovesOptimalModeProvesUnsolvable) {
  const Level level = Level::FromRows({"#####", "#@$.#", "#$  #", "#.  #", "#####"});
  // The box in the corner can never move: no solution.
  const Level cornered = Level::FromRows({"######", "#$   #", "# @ .#", "######"});
  SolveOptions options;
  options.mode = SolveMode::kOptimal;
  options.metric = Metric::kMoves;
  EXPECT_EQ(Solve(cornered, options).status, SolveStatus::kUnsolvable);
  EXPECT_EQ(Solve(level, options).status, SolveStatus::kSolved);
}

// Optimized solutions replay, solve and are no worse in the metric, then
// the other, than the fast-mode solutions they started from.
TEST(OptimizerTest, NeverWorseAndAlwaysLegal) {
  for (int number = 1; number <= 155; number += 7) {
    const Level& level = MicrobanLevel(number);
    SolveOptions fast;
    fast.time_limit_seconds = 10;
    const SolveResult found = Solve(level, fast);
    ASSERT_EQ(found.status, SolveStatus::kSolved) << number;
    for (const Metric metric : {Metric::kMoves, Metric::kPushes}) {
      OptimizeOptions options;
      options.metric = metric;
      options.time_limit_seconds = 0.3;
      absl::StatusOr<OptimizeResult> r = Optimize(level, found.solution, options);
      ASSERT_TRUE(r.ok()) << r.status();
      const ReplayResult replay = Replay(level, r->after);
      ASSERT_TRUE(replay.valid && replay.solved) << number;
      EXPECT_LE(MetricCost(metric, replay.metrics.moves, replay.metrics.pushes),
                MetricCost(metric, found.metrics.moves, found.metrics.pushes))
          << number;
      EXPECT_EQ(r->improved, r->after != r->before);
    }
  }
}

TEST(OptimizerTest, BadInputNamesTheStep) {
  const Level& level = MicrobanLevel(1);
  OptimizeOptions options;
  absl::StatusOr<OptimizeResult> r = Optimize(level, "dlUrrrdLuuuuuu", options);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("illegal at step "), std::string::npos) << r.status();
  r = Optimize(level, "dlU", options);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("does not solve"), std::string::npos) << r.status();
}

}  // namespace
}  // namespace sokoban
