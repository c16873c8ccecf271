// Minimum-cost perfect matching of boxes to goals (the Hungarian method with
// potentials, O(n^3)), the solver's lower bound on pushes.
//
//   Hungarian h(box_count);
//   int cost = h.Solve(costs);   // costs[i * n + j]: box i to goal j
//   if (cost >= Hungarian::kInfinity) { /* no perfect matching: deadlock */ }
#pragma once

#include <cstdint>
#include <vector>

namespace sokoban {

class Hungarian {
 public:
  // A pair that cannot be matched costs kInfinity; any matching that uses
  // one is reported as kInfinity.
  static constexpr int kInfinity = 1 << 20;

  explicit Hungarian(int n);

  // costs: n * n, row = box, column = goal, each in [0, kInfinity].
  // Returns the minimum total cost, or kInfinity when every perfect matching
  // uses a forbidden pair.
  int Solve(const std::vector<int>& costs);

  // After Solve: the goal matched to box i.
  int GoalOf(int box) const { return goal_of_[box]; }

 private:
  int n_;
  std::vector<int> u_, v_, p_, way_, minv_, goal_of_;
  std::vector<uint8_t> used_;
};

}  // namespace sokoban
