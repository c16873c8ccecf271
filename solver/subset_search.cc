#include "solver/subset_search.h"

#include <algorithm>
#include <cstddef>
#include <cstdlib>

#include "solver/freeze.h"

namespace sokoban {

SubsetSearch::SubsetSearch(const Board& board)
    : board_(board),
      occupied_(board.size(), 0),
      reach_(board.size()),
      x_(board.size()),
      y_(board.size()) {
  for (int sq = 0; sq < board.size(); ++sq) {
    x_[sq] = board.Cell(sq) % board.width();
    y_[sq] = board.Cell(sq) / board.width();
  }
}

bool SubsetSearch::AddLastNode(std::vector<Square>& nodes, std::vector<int>& table, size_t& count) {
  const size_t index = nodes.size() / stride_ - 1;
  auto hash = [&](const Square* squares) {
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t j = 0; j < stride_; ++j) x = (x ^ squares[j]) * 0xFF51AFD7ED558CCDull;
    return x ^ (x >> 29);
  };
  if ((count + 1) * 2 > table.size()) {
    std::vector<int> bigger(table.size() * 2, -1);
    for (int id : table) {
      if (id < 0) continue;
      size_t slot = hash(&nodes[static_cast<size_t>(id) * stride_]) & (bigger.size() - 1);
      while (bigger[slot] >= 0) slot = (slot + 1) & (bigger.size() - 1);
      bigger[slot] = id;
    }
    table.swap(bigger);
  }
  const Square* node = &nodes[index * stride_];
  const size_t mask = table.size() - 1;
  for (size_t slot = hash(node) & mask;; slot = (slot + 1) & mask) {
    const int id = table[slot];
    if (id < 0) {
      table[slot] = static_cast<int>(index);
      ++count;
      return true;
    }
    if (std::equal(node, node + stride_, &nodes[static_cast<size_t>(id) * stride_])) {
      nodes.resize(index * stride_);
      return false;
    }
  }
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

SubsetSearch::Verdict SubsetSearch::Run(const Square* boxes, int k, int player,
                                        const uint8_t* walls, const uint8_t* escape,
                                        int max_nodes) {
  escape_.clear();
  if (escape) {
    for (int sq = 0; sq < board_.size(); ++sq) {
      if (escape[sq]) escape_.push_back(static_cast<Square>(sq));
    }
  }
  return Search(boxes, k, player, walls, max_nodes);
}

SubsetSearch::Verdict SubsetSearch::Run(const Square* boxes, int k, int player,
                                        const uint8_t* walls, const Square* escape, int escapes,
                                        int max_nodes) {
  escape_.assign(escape, escape + escapes);
  return Search(boxes, k, player, walls, max_nodes);
}

SubsetSearch::Verdict SubsetSearch::Search(const Square* boxes, int k, int player,
                                           const uint8_t* walls, int max_nodes) {
  expanded_ = 0;
  stride_ = static_cast<size_t>(k) + 1;
  nodes_.clear();
  expanded_nodes_.clear();
  seen_.assign(1024, -1);
  expanded_seen_.assign(1024, -1);
  seen_count_ = expanded_count_ = 0;
  for (auto& bucket : buckets_) bucket.clear();
  // The squares held by walls stay marked during the whole search.
  wall_squares_.clear();
  if (walls) {
    for (int sq = 0; sq < board_.size(); ++sq) {
      if (walls[sq]) occupied_[sq] = 1, wall_squares_.push_back(static_cast<Square>(sq));
    }
  }
  auto clear_walls = [&] {
    for (Square sq : wall_squares_) occupied_[sq] = 0;
  };
  size_t lowest = 0;
  auto queue_last = [&] {
    const size_t at = nodes_.size() - stride_;
    size_t h = 0;
    for (size_t j = 1; j < stride_; ++j)
      h += static_cast<size_t>(board_.GoalDistance(nodes_[at + j]));
    if (h >= buckets_.size()) buckets_.resize(h + 1);
    buckets_[h].push_back(static_cast<int>(at / stride_));
    lowest = std::min(lowest, h);
  };
  // 1. The root.
  node_.assign(boxes, boxes + k);
  std::sort(node_.begin(), node_.end());
  nodes_.push_back(static_cast<Square>(player));
  nodes_.insert(nodes_.end(), node_.begin(), node_.end());
  AddLastNode(nodes_, seen_, seen_count_);
  queue_last();
  child_.resize(k);
  Verdict verdict = kDead;
  while (true) {
    // 2. The open node of the fewest pushes to the goals.
    while (lowest < buckets_.size() && buckets_[lowest].empty()) ++lowest;
    if (lowest == buckets_.size()) break;  // ran out: dead
    if (expanded_ >= max_nodes) {
      verdict = kUnknown;
      break;
    }
    const size_t at = static_cast<size_t>(buckets_[lowest].back()) * stride_;
    buckets_[lowest].pop_back();
    node_.assign(nodes_.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                 nodes_.begin() + static_cast<std::ptrdiff_t>(at + stride_));
    bool on_goals = true;
    for (Square b : node_) {
      occupied_[b] = 1;
      on_goals = on_goals && board_.IsGoal(b);
    }
    // Expanded once per normalized position.
    expanded_nodes_.push_back(
        static_cast<Square>(reach_.Fill(board_, occupied_.data(), nodes_[at])));
    expanded_nodes_.insert(expanded_nodes_.end(), node_.begin(), node_.end());
    if (!AddLastNode(expanded_nodes_, expanded_seen_, expanded_count_)) {
      for (Square b : node_) occupied_[b] = 0;
      continue;
    }
    ++expanded_;
    bool alive = on_goals;
    for (size_t j = 0; j < escape_.size() && !alive; ++j) alive = reach_.Reached(escape_[j]);
    if (stop_when_apart_ && !alive && !Together()) {
      for (Square b : node_) occupied_[b] = 0;
      verdict = kUnknown;
      break;
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
        child_ = node_;
        child_[i] = static_cast<Square>(to);
        std::sort(child_.begin(), child_.end());
        nodes_.push_back(static_cast<Square>(from));
        nodes_.insert(nodes_.end(), child_.begin(), child_.end());
        if (AddLastNode(nodes_, seen_, seen_count_)) queue_last();
      }
    }
    for (Square b : node_) occupied_[b] = 0;
    if (alive) {
      verdict = kAlive;
      break;
    }
  }
  clear_walls();
  return verdict;
}

}  // namespace sokoban
