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
      taken_at_(n + 1),
      goal_of_(n),
      used_(n + 1),
      matched_(n + 1),
      new_row_(n),
      saved_u_(n + 1) {}

// Rows are added one at a time; each finds a shortest augmenting path in
// the reduced costs (Dijkstra over the potentials u, v). Arrays are
// 1-based with column 0 as the virtual source. The potentials stay
// feasible (u[i] + v[j] <= cost, equal on matched pairs), which is what
// lets ResolveRow add a row again later.
void Hungarian::AddRow(const std::vector<int>& costs, int i, std::vector<int>& u,
                       std::vector<int>& v, std::vector<int>& p) {
  constexpr int kBig = std::numeric_limits<int>::max() / 4;
  const int n = n_;
  p[0] = i;
  int j0 = 0;
  std::fill(minv_.begin(), minv_.end(), kBig);
  std::fill(used_.begin(), used_.end(), 0);
  // Dijkstra with the potentials brought up to date once, at the end:
  // minv_[j] holds the path length to column j, `dist` the length to the
  // column last taken, taken_at_[j] the length when j was taken. (Raising
  // every potential by each step's delta as it goes gives the same paths,
  // in the same order, at O(n) more per step.)
  int dist = 0;
  do {
    used_[j0] = 1;
    taken_at_[j0] = dist;
    const int i0 = p[j0];
    int least = kBig, j1 = 0;
    const int* row = &costs[static_cast<size_t>(i0 - 1) * n];
    const int base = dist - u[i0];
    for (int j = 1; j <= n; ++j) {
      if (used_[j]) continue;
      const int cur = row[j - 1] + base - v[j];
      if (cur < minv_[j]) {
        minv_[j] = cur;
        way_[j] = j0;
      }
      if (minv_[j] < least) {
        least = minv_[j];
        j1 = j;
      }
    }
    dist = least;
    j0 = j1;
  } while (p[j0] != 0);
  for (int j = 0; j <= n; ++j) {
    if (!used_[j]) continue;
    const int delta = dist - taken_at_[j];
    u[p[j]] += delta;
    v[j] -= delta;
  }
  do {
    const int j1 = way_[j0];
    p[j0] = p[j1];
    j0 = j1;
  } while (j0);
}

// A row added anew gets the highest potential its costs allow: its
// cheapest reduced cost, which keeps every reduced cost non-negative.
int Hungarian::RowPotential(const std::vector<int>& costs, int row,
                            const std::vector<int>& v) const {
  const int* c = &costs[static_cast<size_t>(row) * n_];
  int least = std::numeric_limits<int>::max();
  for (int j = 1; j <= n_; ++j) least = std::min(least, c[j - 1] - v[j]);
  return least;
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

// Starts from column reduction: v[j] is the cheapest cost in column j (0
// when the column is all kInfinity) and u is 0, so that every row may take
// a free column in which it is the cheapest at once; only the rows left
// need an augmenting path. Boxes mostly go to goals no other box is nearer
// to, so few rows are left.
int Hungarian::Solve(const std::vector<int>& costs) {
  const int n = n_;
  std::fill(base_u_.begin(), base_u_.end(), 0);
  std::fill(base_p_.begin(), base_p_.end(), 0);
  base_v_[0] = 0;
  for (int j = 1; j <= n; ++j) {
    int least = kInfinity;
    for (int i = 0; i < n; ++i) least = std::min(least, costs[static_cast<size_t>(i) * n + j - 1]);
    base_v_[j] = least < kInfinity ? least : 0;
  }
  std::fill(matched_.begin(), matched_.end(), 0);
  for (int i = 1; i <= n; ++i) {
    const int* row = &costs[static_cast<size_t>(i - 1) * n];
    for (int j = 1; j <= n; ++j) {
      if (base_p_[j] == 0 && row[j - 1] < kInfinity && row[j - 1] == base_v_[j]) {
        base_p_[j] = i;
        matched_[i] = 1;
        break;
      }
    }
  }
  // Row reduction: a row left raises its potential to its cheapest reduced
  // cost, and takes that column when it is free.
  for (int i = 1; i <= n; ++i) {
    if (matched_[i]) continue;
    const int* row = &costs[static_cast<size_t>(i - 1) * n];
    int least = std::numeric_limits<int>::max(), at = 0;
    for (int j = 1; j <= n; ++j) {
      const int reduced = row[j - 1] - base_v_[j];
      if (reduced < least || (reduced == least && base_p_[at] != 0 && base_p_[j] == 0)) {
        least = reduced;
        at = j;
      }
    }
    base_u_[i] = least;
    if (base_p_[at] == 0 && row[at - 1] < kInfinity) {
      base_p_[at] = i;
      matched_[i] = 1;
    }
  }
  for (int i = 1; i <= n; ++i) {
    if (!matched_[i]) AddRow(costs, i, base_u_, base_v_, base_p_);
  }
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
  u_[i] = RowPotential(costs, row, v_);
  AddRow(costs, i, u_, v_, p_);
  return Total(costs, p_);
}

int Hungarian::Update(const std::vector<int>& costs, const std::vector<int>& old_row) {
  const int n = n_;
  // Potentials only grow apart (u up, v down); start afresh well before
  // they could overflow.
  constexpr int kDrift = 1 << 28;
  for (int j = 1; j <= n; ++j) {
    if (base_v_[j] < -kDrift) return Solve(costs);
  }
  std::fill(new_row_.begin(), new_row_.end(), -1);
  saved_u_ = base_u_;
  for (int i = 0; i < n; ++i) {
    if (old_row[i] >= 0) {
      new_row_[old_row[i]] = i;
      base_u_[i + 1] = saved_u_[old_row[i] + 1];
    }
  }
  for (int j = 1; j <= n; ++j) {
    const int was = base_p_[j];
    base_p_[j] = was > 0 && new_row_[was - 1] >= 0 ? new_row_[was - 1] + 1 : 0;
  }
  for (int i = 0; i < n; ++i) {
    if (old_row[i] >= 0) continue;
    base_u_[i + 1] = RowPotential(costs, i, base_v_);
    AddRow(costs, i + 1, base_u_, base_v_, base_p_);
  }
  return Total(costs, base_p_);
}

}  // namespace sokoban
