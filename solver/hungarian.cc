#include "solver/hungarian.h"

#include <algorithm>
#include <limits>

namespace sokoban {

Hungarian::Hungarian(int n)
    : n_(n),
      u_(n + 1),
      v_(n + 1),
      p_(n + 1),
      way_(n + 1),
      minv_(n + 1),
      goal_of_(n),
      used_(n + 1) {}

// Rows are added one at a time; each finds a shortest augmenting path in
// the reduced costs (Dijkstra over the potentials u, v). Arrays are
// 1-based with column 0 as the virtual source.
int Hungarian::Solve(const std::vector<int>& costs) {
  constexpr int kBig = std::numeric_limits<int>::max() / 4;
  const int n = n_;
  std::fill(u_.begin(), u_.end(), 0);
  std::fill(v_.begin(), v_.end(), 0);
  std::fill(p_.begin(), p_.end(), 0);
  for (int i = 1; i <= n; ++i) {
    p_[0] = i;
    int j0 = 0;
    std::fill(minv_.begin(), minv_.end(), kBig);
    std::fill(used_.begin(), used_.end(), 0);
    do {
      used_[j0] = 1;
      const int i0 = p_[j0];
      int delta = kBig, j1 = 0;
      const int* row = &costs[static_cast<size_t>(i0 - 1) * n];
      for (int j = 1; j <= n; ++j) {
        if (used_[j]) continue;
        const int cur = row[j - 1] - u_[i0] - v_[j];
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
          u_[p_[j]] += delta;
          v_[j] -= delta;
        } else {
          minv_[j] -= delta;
        }
      }
      j0 = j1;
    } while (p_[j0] != 0);
    do {
      const int j1 = way_[j0];
      p_[j0] = p_[j1];
      j0 = j1;
    } while (j0);
  }
  long long total = 0;
  for (int j = 1; j <= n; ++j) {
    const int c = costs[static_cast<size_t>(p_[j] - 1) * n + (j - 1)];
    if (c >= kInfinity) return kInfinity;
    goal_of_[p_[j] - 1] = j - 1;
    total += c;
  }
  return static_cast<int>(std::min<long long>(total, kInfinity));
}

}  // namespace sokoban
