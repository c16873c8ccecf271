#include "generator/push_bound.h"

#include "solver/bound/hungarian.h"

namespace sokoban::generator {
namespace {

constexpr int kUnreachable = Hungarian::kInfinity;

// Pushes from every square to `goal` with no other box: breadth-first
// pulls from the goal, as Board::GoalDistance does for all goals at once.
std::vector<int> PushesTo(const Board& board, int goal) {
  std::vector<int> distance(board.size(), kUnreachable), queue = {goal};
  distance[goal] = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    const int b = queue[i];
    for (int d = 0; d < 4; ++d) {
      const int p = board.Neighbour(b, d);
      if (p < 0 || board.Neighbour(p, d) < 0 || distance[p] != kUnreachable) continue;
      distance[p] = distance[b] + 1;
      queue.push_back(p);
    }
  }
  return distance;
}

}  // namespace

int PushLowerBound(const Board& board, const std::vector<int>& boxes) {
  const std::vector<Square>& goals = board.goals();
  if (boxes.size() != goals.size() || boxes.empty()) return -1;
  const int n = static_cast<int>(boxes.size());
  std::vector<int> cost(static_cast<size_t>(n) * n);
  for (int g = 0; g < n; ++g) {
    const std::vector<int> to_goal = PushesTo(board, goals[g]);
    for (int b = 0; b < n; ++b) cost[b * n + g] = to_goal[boxes[b]];
  }
  const int total = Hungarian(n).Solve(cost);
  return total >= kUnreachable ? -1 : total;
}

}  // namespace sokoban::generator
