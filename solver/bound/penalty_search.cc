#include "solver/bound/penalty_search.h"

#include <algorithm>
#include <cassert>
#include <climits>
#include <functional>

#include "solver/core/player_area.h"

namespace sokoban {

namespace {
constexpr int kUnknown = INT_MIN;  // an estimate not worked out yet
}  // namespace

PenaltySearch::PenaltySearch(const Board& board, const LowerBound& bound, Direction direction)
    : board_(board),
      bound_(bound),
      direction_(direction),
      target_of_(board.size(), -1),
      words_((static_cast<size_t>(board.size()) + 63) / 64),
      child_area_(words_),
      occupied_(board.size(), 0),
      reach_(board.size()),
      child_reach_(board.size()) {
  const std::vector<Square>& targets =
      direction == Direction::kPush ? board.goals() : board.start_boxes();
  targets_ = static_cast<int>(targets.size());
  for (int t = 0; t < targets_; ++t) target_of_[targets[t]] = t;
}

int PenaltySearch::BoxEstimate(int i, int sq) {
  int& kept = estimate_[static_cast<size_t>(i) * board_.size() + sq];
  if (kept != kUnknown) return kept;
  const int* from = &start_dist_[static_cast<size_t>(i) * targets_];
  int best = INT_MAX;
  for (int t = 0; t < targets_; ++t) {
    if (from[t] < 0) continue;
    const uint16_t here = bound_.distance(sq, t);
    if (here == LowerBound::kUnreachable) continue;
    best = std::min(best, static_cast<int>(here) - from[t]);
  }
  kept = best == INT_MAX ? kDead : best;
  return kept;
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

void PenaltySearch::FillArea(int start, uint64_t* bits) {
  std::fill_n(bits, words_, 0);
  reach_.Mark(board_, occupied_.data(), start);
  const Square* reached = reach_.squares();
  for (int j = 0, n = reach_.count(); j < n; ++j) {
    bits[reached[j] / 64] |= uint64_t{1} << (reached[j] % 64);
  }
}

bool PenaltySearch::DeriveArea(const uint64_t* before, int from, int to, uint64_t* bits) const {
  // The area less `to` stays whole when the free squares round `to` join
  // up (its ring). `from` joins the area when it has a free neighbour in it
  // (always after a push: the player stood there). Other areas joining
  // through `from`, or `to` in another area (the box left the player's
  // side), take a fill.
  if (!Bit(before, to)) return false;
  bool inside = false, outside = false;
  for (int d = 0; d < 4; ++d) {
    const int n = board_.Neighbour(from, d);
    if (n == kNoSquare || n == to || occupied_[n]) continue;
    (Bit(before, n) ? inside : outside) = true;
  }
  if (inside && outside) return false;
  // The board's ring of `to` (Board::Ring): a square missing from it is
  // read as `to`, which holds the box, and masked off.
  const uint16_t* ring = board_.Ring(to);
  int mask = 0, from_bit = 0;
  for (int j = 0; j < 8; ++j) {
    mask |= !occupied_[ring[j]] << j;
    if (ring[j] == from) from_bit = 1 << j;
  }
  mask &= board_.RingFloor(to);
  // Or when they join with the box still on `from` (a box drawn along a
  // corridor leaves the end of the area it cut).
  if (!RingMaskConnected(mask) && !RingMaskConnected(mask & ~from_bit)) return false;
  std::copy_n(before, words_, bits);
  bits[to / 64] &= ~(uint64_t{1} << (to % 64));
  if (inside) bits[from / 64] |= uint64_t{1} << (from % 64);
  return true;
}

int PenaltySearch::AddNode(int parent, int g, int h, int box, int dir, int player, int to) {
  const Square* s = scratch_.data();
  const int next = static_cast<int>(nodes_.size());
  int id = table_.FindOrAdd(squares_, static_cast<size_t>(k_), s, next);
  if (id >= 0) {
    // The same boxes: the node whose area holds the player, if any. The
    // child's area, when it follows from its parent's, tells; else the
    // area of a node expanded before; else fills.
    int derived = -1;  // not tried yet
    int last = id;
    for (; id >= 0; last = id, id = nodes_[id].same) {
      const Node& n = nodes_[id];
      if (n.player == player) break;
      if (derived < 0) {
        derived =
            DeriveArea(Area(parent_area_), board_.Neighbour(to, dir ^ 2), to, child_area_.data());
      }
      if (derived) {
        if (Bit(child_area_.data(), n.player)) break;
      } else if (n.area >= 0) {
        if (Bit(Area(n.area), player)) break;
      } else if (reach_.Joined(board_, occupied_.data(), player, n.player)) {
        break;
      }
    }
    if (id >= 0) {
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
    nodes_[last].same = next;  // another area of the same boxes
  }
  squares_.insert(squares_.end(), s, s + k_);
  nodes_.push_back({parent, g, g + h, -1, -1, static_cast<Square>(player), static_cast<int8_t>(box),
                    static_cast<int8_t>(dir)});
  return next;
}

PenaltySearch::Result PenaltySearch::Run(const Square* boxes, int k, int player,
                                         const uint8_t* whole, int max_nodes) {
  Result result;
  k_ = k;
  start_dist_.assign(static_cast<size_t>(k) * targets_, -1);
  for (int i = 0; i < k; ++i) {
    for (int t = 0; t < targets_; ++t) {
      const uint16_t d = bound_.distance(boxes[i], t);
      if (d != LowerBound::kUnreachable) start_dist_[static_cast<size_t>(i) * targets_ + t] = d;
    }
  }
  estimate_.assign(static_cast<size_t>(k) * board_.size(), kUnknown);
  nodes_.clear();
  squares_.clear();
  areas_.clear();
  table_.Clear(256);
  open_.clear();
  scratch_.assign(boxes, boxes + k);
  node_.resize(k);
  parts_.resize(k);
  // The open list (a heap): least f first, then most pushes, then the
  // oldest.
  constexpr auto kLater = std::greater<std::tuple<int, int, int>>();
  // H of the root: each box's own part, then each child's from its
  // parent's, only the moved box's part computed again.
  int root_h = 0;
  for (int i = 0; i < k && root_h != kDead; ++i) {
    const int part = BoxEstimate(i, boxes[i]);
    root_h = part == kDead ? kDead : root_h + part;
  }
  if (root_h != kDead) {
    const int root = AddNode(-1, 0, root_h, -1, -1, player, kNoSquare);
    open_.push_back({nodes_[root].f, 0, root});
  }
  int best = kDead, best_node = -1;
  bool ran_out = true;
  while (!open_.empty()) {
    const auto [f, minus_g, id] = open_.front();
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
    std::pop_heap(open_.begin(), open_.end(), kLater);
    open_.pop_back();
    if (nodes_[id].g != -minus_g) continue;  // reopened since
    ++result.expanded;
    const int g = nodes_[id].g;
    std::copy_n(&squares_[static_cast<size_t>(id) * k], k, node_.begin());
    const Square* at = node_.data();
    if (int d; OnTargets(at, &d) && g - d < best) {
      best = g - d;
      best_node = id;
    }
    const int h = nodes_[id].f - g;
    for (int i = 0; i < k; ++i) {
      occupied_[at[i]] = 1;
      parts_[i] = BoxEstimate(i, at[i]);
    }
    // The player's area (the same on each expansion of the node): from its
    // parent's when it follows, else a fill.
    if (nodes_[id].area < 0) {
      const Node& n = nodes_[id];
      const int slot = static_cast<int>(areas_.size() / words_);
      areas_.resize(areas_.size() + words_);
      uint64_t* bits = &areas_[static_cast<size_t>(slot) * words_];
      const int to = n.parent >= 0 ? at[n.box] : kNoSquare;
      if (n.parent < 0 ||
          !DeriveArea(Area(nodes_[n.parent].area), board_.Neighbour(to, n.dir ^ 2), to, bits)) {
        FillArea(n.player, bits);
      }
      nodes_[id].area = slot;
    }
    parent_area_ = nodes_[id].area;
    const uint64_t* area = Area(parent_area_);
    for (int i = 0; i < k; ++i) {
      const int from = at[i];
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(from, d);
        if (to == kNoSquare || occupied_[to] || bound_.Hopeless(to)) continue;
        int after;  // the player after the move
        if (direction_ == Direction::kPush) {
          const int behind = board_.Neighbour(from, d ^ 2);
          if (behind == kNoSquare || !Bit(area, behind)) continue;
          after = from;
        } else {
          const int back = board_.Neighbour(to, d);
          if (!Bit(area, to) || back == kNoSquare || occupied_[back]) continue;
          after = back;
        }
        const int part = BoxEstimate(i, to);
        if (part == kDead) continue;
        occupied_[from] = 0;
        occupied_[to] = 1;
        std::copy(node_.begin(), node_.end(), scratch_.begin());
        scratch_[i] = static_cast<Square>(to);
        const int child = AddNode(id, g + 1, h - parts_[i] + part, i, d, after, to);
        occupied_[to] = 0;
        occupied_[from] = 1;
        if (child >= 0) {
          open_.push_back({nodes_[child].f, -(g + 1), child});
          std::push_heap(open_.begin(), open_.end(), kLater);
        }
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
