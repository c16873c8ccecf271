#include "solver/hungarian.h"

#include <algorithm>
#include <limits>

namespace sokoban {

Hungarian::Hungarian(int n)
    : n_(n),
      base_u_(n + 1),
      base_v_(n + 1),
      base_p_(n + 1),
      u_(n + 1),
      v_(n + 1),
      p_(n + 1),
      way_(n + 1),
      minv_(n + 1),
      goal_of_(n),
      used_(n + 1) {}

// Rows are added one at a time; each finds a shortest augmenting path in
// the reduced costs (Dijkstra over the potentials u, v). Arrays are
// 1-based with column 0 as the virtual source. The potentials stay
// feasible (v only decreases from 0, costs are non-negative), which is what
// lets ResolveRow add a row again later.
void Hungarian::AddRow(const std::vector<int>& costs, int i, std::vector<int>& u,
                       std::vector<int>& v, std::vector<int>& p) {
  constexpr int kBig = std::numeric_limits<int>::max() / 4;
  const int n = n_;
  p[0] = i;
  int j0 = 0;
  std::fill(minv_.begin(), minv_.end(), kBig);
  std::fill(used_.begin(), used_.end(), 0);
  do {
    used_[j0] = 1;
    const int i0 = p[j0];
    int delta = kBig, j1 = 0;
    const int* row = &costs[static_cast<size_t>(i0 - 1) * n];
    for (int j = 1; j <= n; ++j) {
      if (used_[j]) continue;
      const int cur = row[j - 1] - u[i0] - v[j];
      if (cur < minv_[j]) {
        minv_[j] = cur;
        way_[j] = j0;
      }
      if (minv_[j] < delta) {
        delta = minv_[j];
        j1 = j;
      }
    }
    for (int j = 0; j <= n; ++j) {
      if (used_[j]) {
        u[p[j]] += delta;
        v[j] -= delta;
      } else {
        minv_[j] -= delta;
      }
    }
    j0 = j1;
  } while (p[j0] != 0);
  do {
    const int j1 = way_[j0];
    p[j0] = p[j1];
    j0 = j1;
  } while (j0);
}

int Hungarian::Total(const std::vector<int>& costs, const std::vector<int>& p) {
  long long total = 0;
  for (int j = 1; j <= n_; ++j) {
    const int c = costs[static_cast<size_t>(p[j] - 1) * n_ + (j - 1)];
    if (c >= kInfinity) return kInfinity;
    goal_of_[p[j] - 1] = j - 1;
    total += c;
  }
  return static_cast<int>(std::min<long long>(total, kInfinity));
}

int Hungarian::Solve(const std::vector<int>& costs) {
  std::fill(base_u_.begin(), base_u_.end(), 0);
  std::fill(base_v_.begin(), base_v_.end(), 0);
  std::fill(base_p_.begin(), base_p_.end(), 0);
  for (int i = 1; i <= n_; ++i) AddRow(costs, i, base_u_, base_v_, base_p_);
  return Total(costs, base_p_);
}

int Hungarian::ResolveRow(const std::vector<int>& costs, int row) {
  u_ = base_u_;
  v_ = base_v_;
  p_ = base_p_;
  const int i = row + 1;
  for (int j = 1; j <= n_; ++j) {
    if (p_[j] == i) p_[j] = 0;
  }
  u_[i] = 0;
  AddRow(costs, i, u_, v_, p_);
  return Total(costs, p_);
}

}  // namespace sokoban
