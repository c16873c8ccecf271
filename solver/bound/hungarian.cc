#include "solver/bound/hungarian.h"

#include <algorithm>
#include <limits>
#include <type_traits>

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
      open_cols_(n),
      taken_cols_(n + 1),
      all_cols_(n),
      matched_(n + 1),
      new_row_(n),
      saved_u_(n + 1),
      matrix_rows_(n) {
  for (int j = 1; j <= n; ++j) all_cols_[j - 1] = j;
}

const int* const* Hungarian::RowsOf(const std::vector<int>& costs) {
  for (int i = 0; i < n_; ++i) matrix_rows_[i] = &costs[static_cast<size_t>(i) * n_];
  return matrix_rows_.data();
}

int Hungarian::Solve(const std::vector<int>& costs) { return Solve(RowsOf(costs)); }

int Hungarian::ResolveRow(const std::vector<int>& costs, int row) {
  return ResolveRow(RowsOf(costs), row);
}

int Hungarian::Update(const std::vector<int>& costs, const std::vector<int>& old_row) {
  return Update(RowsOf(costs), old_row);
}

// Rows are added one at a time; each finds a shortest augmenting path in
// the reduced costs (Dijkstra over the potentials u, v). Arrays are
// 1-based with column 0 as the virtual source. The potentials stay
// feasible (u[i] + v[j] <= cost, equal on matched pairs), which is what
// lets ResolveRow add a row again later.
void Hungarian::AddRow(const int* const* rows, int i, int* u, int* v, int* p) {
  constexpr int kBig = std::numeric_limits<int>::max() / 4;
  const int n = n_;
  int *minv = minv_.data(), *way = way_.data(), *taken_at = taken_at_.data();
  int *open = open_cols_.data(), *taken = taken_cols_.data();
  int open_count = n, taken_count = 0;
  std::copy(all_cols_.begin(), all_cols_.end(), open);
  p[0] = i;
  int j0 = 0;
  // Dijkstra with the potentials brought up to date once, at the end:
  // minv[j] holds the path length to column j, `dist` the length to the
  // column last taken, taken_at[j] the length when j was taken. (Raising
  // every potential by each step's delta as it goes gives the same paths,
  // in the same order, at O(n) more per step.) Only the columns not yet
  // taken are scanned, in ascending order; of the nearest, a free column is
  // taken first, which ends the path at once (the shortest path is as
  // short, and ties are common: many boxes are as far from several goals).
  int dist = 0;
  // One step: takes the nearest open column into j0. The first step sets
  // minv (every length is kBig before it) rather than lowering it.
  auto step = [&](auto first) {
    taken[taken_count++] = j0;
    taken_at[j0] = dist;
    const int i0 = p[j0];
    const int* row = rows[i0 - 1];
    const int base = dist - u[i0];
    int least = kBig, pos = 0;
    // Whether the column at `pos` is matched: a free one wins a tie.
    bool pos_matched = p[open[0]] != 0;
    for (int k = 0; k < open_count; ++k) {
      const int j = open[k];
      const int cur = row[j - 1] + base - v[j];
      int m = kBig;
      if constexpr (!decltype(first)::value) m = minv[j];
      if (cur < m) {
        m = cur;
        way[j] = j0;
        if constexpr (!decltype(first)::value) minv[j] = m;
      }
      if constexpr (decltype(first)::value) minv[j] = m;
      if (m < least) {
        least = m;
        pos = k;
        pos_matched = p[j] != 0;
      } else if (m == least && pos_matched && p[j] == 0) {
        pos = k;
        pos_matched = false;
      }
    }
    j0 = open[pos];
    for (int k = pos + 1; k < open_count; ++k) open[k - 1] = open[k];
    --open_count;
    dist = least;
  };
  step(std::true_type());
  while (p[j0] != 0) step(std::false_type());
  for (int t = 0; t < taken_count; ++t) {
    const int j = taken[t];
    const int delta = dist - taken_at[j];
    u[p[j]] += delta;
    v[j] -= delta;
  }
  do {
    const int j1 = way[j0];
    p[j0] = p[j1];
    j0 = j1;
  } while (j0);
}

// A row added anew gets the highest potential its costs allow: its
// cheapest reduced cost, which keeps every reduced cost non-negative.
int Hungarian::RowPotential(const int* c, const int* v) const {
  int least = std::numeric_limits<int>::max();
  for (int j = 1; j <= n_; ++j) least = std::min(least, c[j - 1] - v[j]);
  return least;
}

template <bool kKeepGoals>
int Hungarian::Total(const int* const* rows, const int* p) {
  long long total = 0;
  for (int j = 1; j <= n_; ++j) {
    const int c = rows[p[j] - 1][j - 1];
    if (c >= kInfinity) return kInfinity;
    if constexpr (kKeepGoals) goal_of_[p[j] - 1] = j - 1;
    total += c;
  }
  return static_cast<int>(std::min<long long>(total, kInfinity));
}

// Starts from column reduction: v[j] is the cheapest cost in column j (0
// when the column is all kInfinity) and u is 0, so that every row may take
// a free column in which it is the cheapest at once; only the rows left
// need an augmenting path. Boxes mostly go to goals no other box is nearer
// to, so few rows are left.
int Hungarian::Solve(const int* const* rows) {
  const int n = n_;
  int *u = base_u_.data(), *v = base_v_.data(), *p = base_p_.data();
  std::fill(base_u_.begin(), base_u_.end(), 0);
  std::fill(base_p_.begin(), base_p_.end(), 0);
  v[0] = 0;
  for (int j = 1; j <= n; ++j) v[j] = kInfinity;
  for (int i = 0; i < n; ++i) {
    const int* row = rows[i];
    for (int j = 1; j <= n; ++j) v[j] = std::min(v[j], row[j - 1]);
  }
  for (int j = 1; j <= n; ++j) {
    if (v[j] >= kInfinity) v[j] = 0;
  }
  std::fill(matched_.begin(), matched_.end(), 0);
  for (int i = 1; i <= n; ++i) {
    const int* row = rows[i - 1];
    for (int j = 1; j <= n; ++j) {
      if (p[j] == 0 && row[j - 1] < kInfinity && row[j - 1] == v[j]) {
        p[j] = i;
        matched_[i] = 1;
        break;
      }
    }
  }
  // Row reduction: a row left raises its potential to its cheapest reduced
  // cost, and takes that column when it is free.
  for (int i = 1; i <= n; ++i) {
    if (matched_[i]) continue;
    const int* row = rows[i - 1];
    int least = std::numeric_limits<int>::max(), at = 0;
    for (int j = 1; j <= n; ++j) {
      const int reduced = row[j - 1] - v[j];
      if (reduced < least || (reduced == least && p[at] != 0 && p[j] == 0)) {
        least = reduced;
        at = j;
      }
    }
    u[i] = least;
    if (p[at] == 0 && row[at - 1] < kInfinity) {
      p[at] = i;
      matched_[i] = 1;
    }
  }
  for (int i = 1; i <= n; ++i) {
    if (!matched_[i]) AddRow(rows, i, u, v, p);
  }
  return Total<true>(rows, p);
}

int Hungarian::ResolveRow(const int* const* rows, int row) {
  std::copy(base_u_.begin(), base_u_.end(), u_.begin());
  std::copy(base_v_.begin(), base_v_.end(), v_.begin());
  // The matching less row `row` (p[0] is AddRow's to set).
  const int i = row + 1;
  for (int j = 1; j <= n_; ++j) p_[j] = base_p_[j] == i ? 0 : base_p_[j];
  u_[i] = RowPotential(rows[row], v_.data());
  AddRow(rows, i, u_.data(), v_.data(), p_.data());
  return Total<false>(rows, p_.data());
}

int Hungarian::Update(const int* const* rows, const std::vector<int>& old_row) {
  const int n = n_;
  // Potentials only grow apart (u up, v down); start afresh well before
  // they could overflow.
  constexpr int kDrift = 1 << 28;
  for (int j = 1; j <= n; ++j) {
    if (base_v_[j] < -kDrift) return Solve(rows);
  }
  std::fill(new_row_.begin(), new_row_.end(), -1);
  std::copy(base_u_.begin(), base_u_.end(), saved_u_.begin());
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
    base_u_[i + 1] = RowPotential(rows[i], base_v_.data());
    AddRow(rows, i + 1, base_u_.data(), base_v_.data(), base_p_.data());
  }
  return Total<true>(rows, base_p_.data());
}

}  // namespace sokoban
