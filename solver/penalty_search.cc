#include "solver/penalty_search.h"

#include <algorithm>
#include <climits>
#include <queue>
#include <tuple>

#include "solver/player_area.h"

namespace sokoban {

PenaltySearch::PenaltySearch(const Board& board, const LowerBound& bound, Direction direction)
    : board_(board),
      bound_(bound),
      direction_(direction),
      target_of_(board.size(), -1),
      occupied_(board.size(), 0),
      reach_(board.size()),
      child_reach_(board.size()) {
  const std::vector<Square>& targets =
      direction == Direction::kPush ? board.goals() : board.start_boxes();
  targets_ = static_cast<int>(targets.size());
  for (int t = 0; t < targets_; ++t) target_of_[targets[t]] = t;
}

int PenaltySearch::BoxEstimate(int i, int sq) const {
  const int* from = &start_dist_[static_cast<size_t>(i) * targets_];
  int best = INT_MAX;
  for (int t = 0; t < targets_; ++t) {
    if (from[t] < 0) continue;
    const uint16_t here = bound_.distance(sq, t);
    if (here == LowerBound::kUnreachable) continue;
    best = std::min(best, static_cast<int>(here) - from[t]);
  }
  return best == INT_MAX ? kDead : best;
}

bool PenaltySearch::OnTargets(const Square* squares, int* value_d) const {
  int d = 0;
  for (int i = 0; i < k_; ++i) {
    const int t = target_of_[squares[i]];
    if (t < 0) return false;
    const int from = start_dist_[static_cast<size_t>(i) * targets_ + t];
    if (from < 0) return false;  // cannot happen: the box got there
    d += from;
  }
  *value_d = d;
  return true;
}

int PenaltySearch::AddNode(int parent, int g, int h, int box, int dir) {
  const size_t stride = static_cast<size_t>(k_) + 1;
  const Square* s = scratch_.data();
  const int id = table_.FindOrAdd(squares_, stride, s, static_cast<int>(nodes_.size()));
  if (id < 0) {
    const int index = static_cast<int>(nodes_.size());
    squares_.insert(squares_.end(), s, s + stride);
    nodes_.push_back({parent, g, g + h, static_cast<int8_t>(box), static_cast<int8_t>(dir)});
    return index;
  }
  Node& n = nodes_[id];
  if (n.g <= g) return -1;
  // Reached with fewer pushes: opened again.
  n.f += g - n.g;
  n.g = g;
  n.parent = parent;
  n.box = static_cast<int8_t>(box);
  n.dir = static_cast<int8_t>(dir);
  return id;
}

PenaltySearch::Result PenaltySearch::Run(const Square* boxes, int k, int player,
                                         const uint8_t* whole, int max_nodes) {
  Result result;
  k_ = k;
  const size_t stride = static_cast<size_t>(k) + 1;
  start_dist_.assign(static_cast<size_t>(k) * targets_, -1);
  for (int i = 0; i < k; ++i) {
    for (int t = 0; t < targets_; ++t) {
      const uint16_t d = bound_.distance(boxes[i], t);
      if (d != LowerBound::kUnreachable) start_dist_[static_cast<size_t>(i) * targets_ + t] = d;
    }
  }
  nodes_.clear();
  squares_.clear();
  table_.Clear(256);
  for (int i = 0; i < k; ++i) occupied_[boxes[i]] = 1;
  result.player = reach_.Fill(board_, occupied_.data(), player);
  for (int i = 0; i < k; ++i) occupied_[boxes[i]] = 0;
  scratch_.assign(stride, 0);
  scratch_[0] = static_cast<Square>(result.player);
  std::copy(boxes, boxes + k, scratch_.begin() + 1);
  // The open list: least f first, then most pushes, then the oldest.
  using Entry = std::tuple<int, int, int>;  // f, -g, node
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  // H of the root: each box's own part, then each child's from its
  // parent's, only the moved box's part computed again.
  int root_h = 0;
  for (int i = 0; i < k && root_h != kDead; ++i) {
    const int part = BoxEstimate(i, boxes[i]);
    root_h = part == kDead ? kDead : root_h + part;
  }
  if (root_h != kDead) {
    const int root = AddNode(-1, 0, root_h, -1, -1);
    open.push({nodes_[root].f, 0, root});
  }
  std::vector<int> parts(k);
  int best = kDead, best_node = -1;
  bool ran_out = true;
  std::vector<Square> node(stride);
  while (!open.empty()) {
    const auto [f, minus_g, id] = open.top();
    if (f >= best) {  // nothing left open can do better
      ran_out = false;
      result.exact = true;
      break;
    }
    if (result.expanded >= max_nodes) {
      ran_out = false;
      best = std::min(best, f);
      break;
    }
    open.pop();
    if (nodes_[id].g != -minus_g) continue;  // reopened since
    ++result.expanded;
    const int g = nodes_[id].g;
    std::copy_n(&squares_[static_cast<size_t>(id) * stride], stride, node.begin());
    const Square* at = node.data() + 1;
    if (int d; OnTargets(at, &d) && g - d < best) {
      best = g - d;
      best_node = id;
    }
    const int h = nodes_[id].f - g;
    for (int i = 0; i < k; ++i) {
      occupied_[at[i]] = 1;
      parts[i] = BoxEstimate(i, at[i]);
    }
    reach_.Fill(board_, occupied_.data(), node[0]);
    for (int i = 0; i < k; ++i) {
      const int from = at[i];
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(from, d);
        if (to == kNoSquare || occupied_[to] || bound_.Hopeless(to)) continue;
        int after;  // the player after the move
        if (direction_ == Direction::kPush) {
          const int behind = board_.Neighbour(from, d ^ 2);
          if (behind == kNoSquare || !reach_.Reached(behind)) continue;
          after = from;
        } else {
          const int back = board_.Neighbour(to, d);
          if (!reach_.Reached(to) || back == kNoSquare || occupied_[back]) continue;
          after = back;
        }
        const int part = BoxEstimate(i, to);
        if (part == kDead) continue;
        occupied_[from] = 0;
        occupied_[to] = 1;
        std::copy(node.begin(), node.end(), scratch_.begin());
        scratch_[1 + i] = static_cast<Square>(to);
        scratch_[0] = static_cast<Square>(
            PlayerAfterMove(board_, occupied_.data(), reach_, from, to, after, child_reach_));
        occupied_[to] = 0;
        occupied_[from] = 1;
        const int child = AddNode(id, g + 1, h - parts[i] + part, i, d);
        if (child >= 0) open.push({nodes_[child].f, -(g + 1), child});
      }
    }
    for (int i = 0; i < k; ++i) occupied_[at[i]] = 0;
  }
  if (ran_out) result.exact = true;  // every position seen: best is P
  result.penalty = best == kDead ? kDead : std::max(best, 0);
  if (whole && best_node >= 0 && result.penalty == 0) {
    Conflicts(best_node, boxes, player, whole, &result.conflicts);
  }
  return result;
}

void PenaltySearch::Conflicts(int last, const Square* boxes, int player, const uint8_t* whole,
                              std::vector<Square>* out) {
  std::vector<std::pair<int, int>> steps;  // (box, dir), from the root on
  for (int n = last; nodes_[n].parent >= 0; n = nodes_[n].parent) {
    steps.push_back({nodes_[n].box, nodes_[n].dir});
  }
  std::reverse(steps.begin(), steps.end());
  whole_.assign(whole, whole + board_.size());
  std::vector<Square> at(boxes, boxes + k_);
  for (const auto& [i, d] : steps) {
    const int from = at[i], to = board_.Neighbour(from, d);
    int stand, after;
    if (direction_ == Direction::kPush) {
      stand = board_.Neighbour(from, d ^ 2);
      after = from;
    } else {
      stand = to;
      after = board_.Neighbour(to, d);
      if (whole_[after]) {
        out->push_back(static_cast<Square>(after));
        return;
      }
    }
    if (whole_[to]) {  // a box of the pattern never stands there: another's
      out->push_back(static_cast<Square>(to));
      return;
    }
    reach_.Fill(board_, whole_.data(), player);
    if (!reach_.Reached(stand)) {
      // The other boxes on the edge of the player's area that the pattern's
      // boxes alone would leave free.
      for (int j = 0; j < k_; ++j) occupied_[at[j]] = 1;
      child_reach_.Fill(board_, occupied_.data(), player);
      for (int j = 0; j < k_; ++j) occupied_[at[j]] = 0;
      for (int sq = 0; sq < board_.size(); ++sq) {
        if (!whole_[sq] || !child_reach_.Reached(sq) ||
            std::find(at.begin(), at.end(), sq) != at.end()) {
          continue;
        }
        for (int e = 0; e < 4; ++e) {
          const int n = board_.Neighbour(sq, e);
          if (n != kNoSquare && !whole_[n] && reach_.Reached(n)) {
            out->push_back(static_cast<Square>(sq));
            break;
          }
        }
      }
      return;
    }
    whole_[from] = 0;
    whole_[to] = 1;
    at[i] = static_cast<Square>(to);
    player = after;
  }
}

}  // namespace sokoban
