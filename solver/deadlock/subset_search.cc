#include "solver/deadlock/subset_search.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>

#include "solver/core/player_area.h"
#include "solver/deadlock/freeze.h"

namespace sokoban {

SubsetSearch::SubsetSearch(const Board& board, const Policy& policy)
    : board_(board),
      policy_(policy),
      occupied_(board.size(), 0),
      escape_mark_(board.size(), 0),
      reach_(board.size()),
      child_reach_(board.size()),
      x_(board.size()),
      y_(board.size()) {
  for (int sq = 0; sq < board.size(); ++sq) {
    x_[sq] = board.Cell(sq) % board.width();
    y_[sq] = board.Cell(sq) / board.width();
  }
}

bool SubsetSearch::AddLastNode(std::vector<Square>& nodes, RowIndex& index) {
  const size_t last = nodes.size() / stride_ - 1;
  if (index.FindOrAdd(nodes, stride_, &nodes[last * stride_], static_cast<int>(last)) < 0) {
    return true;
  }
  nodes.resize(last * stride_);
  return false;
}

bool SubsetSearch::Together() const {
  // The boxes of node_ reached from the first through touching boxes.
  const int k = static_cast<int>(node_.size());
  uint32_t reached = 1, frontier = 1;
  while (frontier) {
    uint32_t next = 0;
    for (int i = 0; i < k; ++i) {
      if (!(frontier >> i & 1)) continue;
      for (int j = 0; j < k; ++j) {
        if (reached >> j & 1) continue;
        if (std::abs(x_[node_[i]] - x_[node_[j]]) <= 1 &&
            std::abs(y_[node_[i]] - y_[node_[j]]) <= 1) {
          next |= 1u << j;
        }
      }
    }
    reached |= next;
    frontier = next;
  }
  return reached == (k >= 32 ? ~0u : (1u << k) - 1);
}

int SubsetSearch::AreaOf(const Square* boxes, int k, const Square* walls, int wall_count,
                         int player) {
  // occupied_ is all clear between searches.
  for (int i = 0; i < k; ++i) occupied_[boxes[i]] = 1;
  for (int i = 0; i < wall_count; ++i) occupied_[walls[i]] = 1;
  const int area = reach_.Fill(board_, occupied_.data(), player);
  for (int i = 0; i < k; ++i) occupied_[boxes[i]] = 0;
  for (int i = 0; i < wall_count; ++i) occupied_[walls[i]] = 0;
  return area;
}

SubsetSearch::Verdict SubsetSearch::Run(const Square* boxes, int k, int player, const Square* walls,
                                        int wall_count, const Square* escape, int escapes,
                                        int max_nodes) {
  // The squares held by walls, and the escape squares, stay marked during
  // the whole search.
  for (int i = 0; i < wall_count; ++i) occupied_[walls[i]] = 1;
  escape_.assign(escape, escape + escapes);
  for (Square sq : escape_) escape_mark_[sq] = 1;
  node_.assign(boxes, boxes + k);
  std::sort(node_.begin(), node_.end());
  nodes_.clear();
  nodes_.push_back(static_cast<Square>(player));
  nodes_.insert(nodes_.end(), node_.begin(), node_.end());
  const Verdict verdict = Search(k, max_nodes);
  for (int i = 0; i < wall_count; ++i) occupied_[walls[i]] = 0;
  for (Square sq : escape_) escape_mark_[sq] = 0;
  return verdict;
}

SubsetSearch::Verdict SubsetSearch::Search(int k, int max_nodes) {
  expanded_ = 0;
  stride_ = static_cast<size_t>(k) + 1;
  seen_.Clear(1024);
  if (!policy_.normalize_when_generated) {
    expanded_nodes_.clear();
    expanded_seen_.Clear(1024);
  }
  head_ = 0;
  for (auto& bucket : buckets_) bucket.clear();
  size_t lowest = 0;
  auto queue_last = [&] {
    if (!policy_.goals_first) return;  // breadth-first: nodes_ is the queue
    const size_t at = nodes_.size() - stride_;
    size_t h = 0;
    for (size_t j = 1; j < stride_; ++j)
      h += static_cast<size_t>(board_.GoalDistance(nodes_[at + j]));
    if (h >= buckets_.size()) buckets_.resize(h + 1);
    buckets_[h].push_back(static_cast<int>(at / stride_));
    lowest = std::min(lowest, h);
  };
  auto all_on_goals = [&](const std::vector<Square>& boxes) {
    for (Square b : boxes) {
      if (!board_.IsGoal(b)) return false;
    }
    return true;
  };
  // 1. The root, in nodes_ already.
  if (policy_.goals_when_generated && all_on_goals(node_)) return kAlive;
  AddLastNode(nodes_, seen_);
  queue_last();
  child_.resize(k);
  while (true) {
    // 2. The next open node: the fewest pushes to the goals, or the first
    // generated.
    size_t at;
    if (policy_.goals_first) {
      while (lowest < buckets_.size() && buckets_[lowest].empty()) ++lowest;
      if (lowest == buckets_.size()) return kDead;  // ran out
      if (expanded_ >= max_nodes) return kUnknown;
      at = static_cast<size_t>(buckets_[lowest].back()) * stride_;
      buckets_[lowest].pop_back();
    } else {
      at = head_ * stride_;
      if (at >= nodes_.size()) return kDead;  // ran out
      if (expanded_ >= max_nodes) return kUnknown;
      ++head_;
    }
    node_.assign(nodes_.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                 nodes_.begin() + static_cast<std::ptrdiff_t>(at + stride_));
    bool on_goals = true;
    for (Square b : node_) {
      occupied_[b] = 1;
      on_goals = on_goals && board_.IsGoal(b);
    }
    const int player = reach_.Fill(board_, occupied_.data(), nodes_[at]);
    if (!policy_.normalize_when_generated) {
      // Expanded once per normalized position.
      expanded_nodes_.push_back(static_cast<Square>(player));
      expanded_nodes_.insert(expanded_nodes_.end(), node_.begin(), node_.end());
      if (!AddLastNode(expanded_nodes_, expanded_seen_)) {
        for (Square b : node_) occupied_[b] = 0;
        continue;
      }
    }
    ++expanded_;
    bool alive = on_goals;
    for (size_t j = 0; j < escape_.size() && !alive; ++j) alive = reach_.Reached(escape_[j]);
    if (policy_.stop_when_apart && !alive && !Together()) {
      for (Square b : node_) occupied_[b] = 0;
      return kUnknown;
    }
    // 3. Each push, unless onto a dead square or into a freeze deadlock.
    for (int i = 0; i < k && !alive; ++i) {
      const int from = node_[i];
      for (int d = 0; d < 4 && !alive; ++d) {
        const int to = board_.Neighbour(from, d), behind = board_.Neighbour(from, d ^ 2);
        if (to == kNoSquare || behind == kNoSquare || occupied_[to] || board_.IsDead(to) ||
            !reach_.Reached(behind)) {
          continue;
        }
        if (IsFreezeDeadlockAfterMove(board_, occupied_.data(), from, to)) continue;
        // The player, on the square the box left, next to a free escape
        // square: alive (the child's search would stop there).
        for (int s = 0; s < 4 && !escape_.empty() && !alive; ++s) {
          const int n = board_.Neighbour(from, s);
          alive = n != kNoSquare && n != to && !occupied_[n] && escape_mark_[n];
        }
        if (alive) break;
        // The child's boxes, sorted: the moved one slides into place.
        std::copy(node_.begin(), node_.end(), child_.begin());
        int slot = i;
        child_[slot] = static_cast<Square>(to);
        while (slot > 0 && child_[slot - 1] > child_[slot])
          std::swap(child_[slot - 1], child_[slot]), --slot;
        while (slot + 1 < k && child_[slot + 1] < child_[slot])
          std::swap(child_[slot + 1], child_[slot]), ++slot;
        if (policy_.goals_when_generated && all_on_goals(child_)) {
          alive = true;
          break;
        }
        int child_player = from;
        if (policy_.normalize_when_generated) {
          occupied_[from] = 0;
          occupied_[to] = 1;
          child_player =
              PlayerAfterMove(board_, occupied_.data(), reach_, from, to, from, child_reach_);
          occupied_[to] = 0;
          occupied_[from] = 1;
        }
        nodes_.push_back(static_cast<Square>(child_player));
        nodes_.insert(nodes_.end(), child_.begin(), child_.end());
        if (AddLastNode(nodes_, seen_)) queue_last();
      }
    }
    for (Square b : node_) occupied_[b] = 0;
    if (alive) return kAlive;
  }
}

}  // namespace sokoban
