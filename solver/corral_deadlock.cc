#include "solver/corral_deadlock.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "solver/freeze.h"
#include "solver/player_area.h"

namespace sokoban {

CorralDeadlock::CorralDeadlock(const Board& board)
    : board_(board),
      box_limit_(std::min(kMaxBoxes, board.box_count())),
      box_seen_(board.size(), 0),
      own_corrals_(board),
      sub_occupied_(board.size(), 0),
      reach_(board.size()),
      child_reach_(board.size()) {}

void CorralDeadlock::Key(const Square* boxes, int count, int player, std::string& key) {
  // The squares' bytes as they lie in memory: keys are only compared with
  // keys made here.
  const Square square = static_cast<Square>(player);
  key.resize(sizeof(Square) * (static_cast<size_t>(count) + 1));
  std::memcpy(key.data(), &square, sizeof(Square));
  std::memcpy(key.data() + sizeof(Square), boxes, sizeof(Square) * static_cast<size_t>(count));
}

bool CorralDeadlock::IsDead(const uint8_t* occupied, const Reach& reach, int player) {
  own_corrals_.Find(occupied, reach);
  return IsDead(occupied, reach, player, own_corrals_);
}

bool CorralDeadlock::IsDead(const uint8_t* occupied, const Reach& reach, int player,
                            const Corrals& corrals) {
  if (stamp_ > 0xF0000000u) {
    std::fill(box_seen_.begin(), box_seen_.end(), 0);
    stamp_ = 0;
  }
  corrals_ = &corrals;
  for (int id = 0; id < corrals.count(); ++id) {
    // 1. The corral and the boxes next to it.
    const uint32_t stamp = ++stamp_;
    corral_id_ = id;
    boxes_.assign(corrals.boxes(id), corrals.boxes(id) + corrals.box_count(id));
    for (Square b : boxes_) box_seen_[b] = stamp;
    // 2. A box the player can push out of the corral now: taken as open.
    bool opens = false;
    for (size_t j = 0; j < boxes_.size() && !opens; ++j) {
      for (int d = 0; d < 4 && !opens; ++d) {
        const int to = board_.Neighbour(boxes_[j], d), behind = board_.Neighbour(boxes_[j], d ^ 2);
        opens = to != kNoSquare && behind != kNoSquare && !occupied[to] && corrals.Of(to) != id &&
                !board_.IsDead(to) && reach.Reached(behind);
      }
    }
    if (opens) continue;
    // 3. The boxes next to those: they often hold the corral's boxes.
    const size_t inner = boxes_.size();
    for (size_t j = 0; j < inner; ++j) {
      for (int d = 0; d < 4; ++d) {
        const int nb = board_.Neighbour(boxes_[j], d);
        if (nb != kNoSquare && occupied[nb] && box_seen_[nb] != stamp) {
          box_seen_[nb] = stamp;
          boxes_.push_back(static_cast<Square>(nb));
        }
      }
    }
    if (static_cast<int>(boxes_.size()) > box_limit_) continue;
    std::sort(boxes_.begin(), boxes_.end());
    if (SearchCorral(corrals.first(id), player)) return true;
  }
  return false;
}

bool CorralDeadlock::SearchCorral(int corral, int player) {
  const int k = static_cast<int>(boxes_.size());
  // A key (boxes, square, corral) stands for the question with the player
  // anywhere in the area that holds `square` once only these boxes are left,
  // so the player's own square and that area's first square both name it.
  auto answer_key = [&](int square) {
    Key(boxes_.data(), k, square, answer_key_);
    const Square first = static_cast<Square>(corral);
    answer_key_.append(reinterpret_cast<const char*>(&first), sizeof(Square));
  };
  answer_key(player);
  if (auto it = answers_.find(answer_key_); it != answers_.end()) return it->second;
  // The start, normalized: the player's area with only these boxes.
  for (Square b : boxes_) sub_occupied_[b] = 1;
  const int start_player = reach_.Fill(board_, sub_occupied_.data(), player);
  for (Square b : boxes_) sub_occupied_[b] = 0;
  if (start_player != player) {
    answer_key(start_player);
    if (auto it = answers_.find(answer_key_); it != answers_.end()) {
      const bool dead = it->second;
      answer_key(player);
      Keep(dead);
      return dead;
    }
  }
  const bool dead = Exhausts(start_player);
  if (dead && learned_) Learn(start_player);
  answer_key(start_player);
  Keep(dead);
  if (start_player != player) {
    answer_key(player);
    Keep(dead);
  }
  return dead;
}

bool CorralDeadlock::Exhausts(int start_player) {
  const int k = static_cast<int>(boxes_.size());
  nodes_.clear();
  seen_.assign(1024, -1);
  seen_count_ = 0;
  const size_t stride = static_cast<size_t>(k) + 1;
  nodes_.push_back(static_cast<Square>(start_player));
  nodes_.insert(nodes_.end(), boxes_.begin(), boxes_.end());
  AddLastNode(stride);
  child_.resize(k);
  for (size_t head = 0; head * stride < nodes_.size(); ++head) {
    if (head >= static_cast<size_t>(kMaxNodes)) return false;  // out of budget: not proved
    const size_t at = head * stride;
    bool all_on_goals = true;
    for (int i = 0; i < k; ++i) {
      sub_occupied_[nodes_[at + 1 + i]] = 1;
      all_on_goals = all_on_goals && board_.IsGoal(nodes_[at + 1 + i]);
    }
    reach_.Fill(board_, sub_occupied_.data(), nodes_[at]);
    bool open = all_on_goals;
    const Square* corral_squares = corrals_->squares(corral_id_);
    for (int k = 0, m = corrals_->square_count(corral_id_); k < m && !open; ++k) {
      open = reach_.Reached(corral_squares[k]);
    }
    pushes_.clear();
    for (int i = 0; i < k && !open; ++i) {
      const int box = nodes_[at + 1 + i];
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(box, d), behind = board_.Neighbour(box, d ^ 2);
        if (to == kNoSquare || behind == kNoSquare || sub_occupied_[to] || board_.IsDead(to) ||
            !reach_.Reached(behind)) {
          continue;
        }
        pushes_.emplace_back(i, d);
      }
    }
    // Each child once, normalized; none frozen off its goal. A child in
    // which the player, on the square the box left, steps into the corral
    // answers the question at once (its search would stop there).
    for (const auto& [i, d] : pushes_) {
      const int from = nodes_[at + 1 + i], to = board_.Neighbour(from, d);
      sub_occupied_[from] = 0;
      sub_occupied_[to] = 1;
      const bool frozen = IsFreezeDeadlock(board_, sub_occupied_.data(), to);
      for (int s = 0; s < 4 && !frozen && !open; ++s) {
        const int n = board_.Neighbour(from, s);
        open = n != kNoSquare && !sub_occupied_[n] && corrals_->Of(n) == corral_id_;
      }
      const int norm = frozen || open ? 0
                                      : PlayerAfterMove(board_, sub_occupied_.data(), reach_, from,
                                                        to, from, child_reach_);
      sub_occupied_[to] = 0;
      sub_occupied_[from] = 1;
      if (open) break;
      if (frozen) continue;
      std::copy(nodes_.begin() + at + 1, nodes_.begin() + at + stride, child_.begin());
      child_[i] = static_cast<Square>(to);
      std::sort(child_.begin(), child_.end());
      nodes_.push_back(static_cast<Square>(norm));
      nodes_.insert(nodes_.end(), child_.begin(), child_.end());
      AddLastNode(stride);
    }
    for (int i = 0; i < k; ++i) sub_occupied_[nodes_[at + 1 + i]] = 0;
    if (open) return false;
  }
  return true;
}

void CorralDeadlock::Learn(int player) {
  // Each box whose removal leaves the search still exhausted is dropped: a
  // smaller pattern matches more positions.
  kept_ = boxes_;
  for (size_t j = boxes_.size(); j-- > 0 && boxes_.size() > 1;) {
    const Square removed = boxes_[j];
    boxes_.erase(boxes_.begin() + static_cast<std::ptrdiff_t>(j));
    for (Square b : boxes_) sub_occupied_[b] = 1;
    const int start = reach_.Fill(board_, sub_occupied_.data(), player);
    for (Square b : boxes_) sub_occupied_[b] = 0;
    if (!Exhausts(start)) boxes_.insert(boxes_.begin() + static_cast<std::ptrdiff_t>(j), removed);
  }
  learned_->Add(boxes_.data(), static_cast<int>(boxes_.size()), player);
  boxes_.swap(kept_);
}

bool CorralDeadlock::AddLastNode(size_t stride) {
  const size_t index = nodes_.size() / stride - 1;
  const Square* node = &nodes_[index * stride];
  auto hash = [&](const Square* squares) {
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t j = 0; j < stride; ++j) x = (x ^ squares[j]) * 0xFF51AFD7ED558CCDull;
    return x ^ (x >> 29);
  };
  if ((seen_count_ + 1) * 2 > seen_.size()) {
    std::vector<int> bigger(seen_.size() * 2, -1);
    for (int id : seen_) {
      if (id < 0) continue;
      size_t slot = hash(&nodes_[static_cast<size_t>(id) * stride]) & (bigger.size() - 1);
      while (bigger[slot] >= 0) slot = (slot + 1) & (bigger.size() - 1);
      bigger[slot] = id;
    }
    seen_.swap(bigger);
  }
  const size_t mask = seen_.size() - 1;
  for (size_t slot = hash(node) & mask;; slot = (slot + 1) & mask) {
    const int id = seen_[slot];
    if (id < 0) {
      seen_[slot] = static_cast<int>(index);
      ++seen_count_;
      return true;
    }
    if (std::equal(node, node + stride, &nodes_[static_cast<size_t>(id) * stride])) {
      nodes_.resize(index * stride);
      return false;
    }
  }
}

// The answer is kept while the table stays under its byte budget: a map
// slot plus the key's own allocation.
void CorralDeadlock::Keep(bool dead) {
  const size_t entry = sizeof(std::string) + sizeof(bool) + 1 + answer_key_.size() + 16;
  if (bytes_ + entry > kMaxBytes) return;
  if (answers_.emplace(answer_key_, dead).second) bytes_ += entry;
}

}  // namespace sokoban
