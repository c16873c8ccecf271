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
  // The same with the rows given by pointer: rows[i] points at box i's n
  // costs (a caller with a table of costs by square need not copy rows).
  int Solve(const int* const* rows);

  // The matching and potentials that Update and ResolveRow start from, for
  // a caller that keeps several (LowerBound::UseSlot).
  struct State {
    std::vector<int> u, v, p;
  };
  State EmptyState() const {
    return {std::vector<int>(n_ + 1), std::vector<int>(n_ + 1), std::vector<int>(n_ + 1)};
  }
  // Swaps the current state with `other` (one from EmptyState or an
  // earlier swap).
  void SwapState(State& other) {
    base_u_.swap(other.u);
    base_v_.swap(other.v);
    base_p_.swap(other.p);
  }

  // After Solve or Update: the goal matched to box i (ResolveRow leaves
  // it as it was).
  int GoalOf(int box) const { return goal_of_[box]; }

  // Re-solves after only row `row` of the costs changed since the last
  // Solve (whose answer was finite), in O(n^2): the row is unmatched and
  // added again as one augmentation. The state of that last Solve is kept,
  // so many single-row changes can be tried one after another. costs must
  // hold the changed row (and the others as they were).
  int ResolveRow(const std::vector<int>& costs, int row);
  int ResolveRow(const int* const* rows, int row);

  // Re-solves after some rows were replaced since the last Solve or Update
  // (whose answer was finite): old_row[i] is the row that row i was before
  // (its costs unchanged), or -1 for a new row. The rows kept keep their
  // goals and potentials; each new row is added with one augmentation, so k
  // new rows cost O(k n^2). Falls back to Solve when the potentials have
  // drifted far.
  int Update(const std::vector<int>& costs, const std::vector<int>& old_row);
  int Update(const int* const* rows, const std::vector<int>& old_row);

 private:
  // Adds row i to the matching with one shortest augmenting path.
  void AddRow(const int* const* rows, int i, int* u, int* v, int* p);
  int RowPotential(const int* c, const int* v) const;
  // The matching's cost; with kKeepGoals, also the goals GoalOf gives.
  template <bool kKeepGoals>
  int Total(const int* const* rows, const int* p);
  // Row pointers into a whole n * n matrix (the vector overloads).
  const int* const* RowsOf(const std::vector<int>& costs);

  int n_;
  std::vector<int> base_u_, base_v_, base_p_;
  std::vector<int> u_, v_, p_, way_, minv_, taken_at_, goal_of_;
  // AddRow's columns not yet taken, ascending, and those taken, in order.
  std::vector<int> open_cols_, taken_cols_;
  std::vector<int> all_cols_;  // 1..n, the columns open when AddRow starts
  std::vector<uint8_t> matched_;
  std::vector<int> new_row_, saved_u_;
  std::vector<const int*> matrix_rows_;
};

}  // namespace sokoban
