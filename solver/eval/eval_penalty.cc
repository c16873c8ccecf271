#include "solver/eval/eval_penalty.h"

#include <algorithm>
#include <cstring>

namespace sokoban {

namespace {
// The sets already searched, by their boxes and areas.
constexpr size_t kSearchedBytes = size_t{16} << 20;
}  // namespace

PenaltyBound::PenaltyBound(const Board& board, std::unique_ptr<MatchingBound> matching,
                           std::unique_ptr<PairPenalty> pairs, LearnedDeadlocks* table,
                           Direction direction)
    : board_(board),
      matching_(std::move(matching)),
      pairs_(std::move(pairs)),
      pairs_bytes_(pairs_ ? pairs_->bytes() : 0),
      table_(table),
      direction_(direction),
      search_(board, matching_->bound(), direction),
      used_(board.size(), 0),
      reach_(board.size()),
      marks_(board.size(), 0) {}

size_t PenaltyBound::bytes() const {
  return matching_->bytes() + pairs_bytes_ + searched_bytes_ +
         present_.capacity() * sizeof(uint32_t);
}

bool PenaltyBound::AddPairs(const Square* boxes, int player) {
  if (!pairs_) return true;
  return pairs_->ForEachConflict(boxes, player, [&](int value, int i, int j) {
    picks_.push_back({value, -1, boxes[i], boxes[j]});
  });
}

int PenaltyBound::Choose() {
  if (picks_.empty()) return 0;
  // Largest first; ties by pattern id, pairs (id -1) first by squares, so
  // the sum is the same on every run.
  std::sort(picks_.begin(), picks_.end(), [](const Pick& l, const Pick& r) {
    if (l.value != r.value) return l.value > r.value;
    if (l.pattern != r.pattern) return l.pattern < r.pattern;
    return l.a != r.a ? l.a < r.a : l.b < r.b;
  });
  int sum = 0;
  marked_.clear();
  for (const Pick& p : picks_) {
    if (p.pattern < 0) {
      if (used_[p.a] || used_[p.b]) continue;
      used_[p.a] = used_[p.b] = 1;
      marked_.push_back(static_cast<Square>(p.a));
      marked_.push_back(static_cast<Square>(p.b));
    } else {
      int count;
      const Square* b = table_->BoxesOf(p.pattern, &count);
      bool free = true;
      for (int j = 0; j < count && free; ++j) free = !used_[b[j]];
      if (!free) continue;
      for (int j = 0; j < count; ++j) used_[b[j]] = 1;
      marked_.insert(marked_.end(), b, b + count);
    }
    sum += p.value;
  }
  for (Square sq : marked_) used_[sq] = 0;
  return sum;
}

int PenaltyBound::Root(const Square* boxes, int player) {
  const int h = matching_->Root(boxes, player);
  // A pull search's roots (the solved position, the player in each of its
  // areas) keep the matching: the penalties count from their children on.
  if (h == kDead || direction_ == Direction::kPull) return h;
  picks_.clear();
  if (!AddPairs(boxes, player)) return kDead;
  const int n = board_.box_count();
  for (int i = 0; i < n; ++i) marks_[boxes[i]] = 1;
  std::vector<uint32_t> held;  // a root's: present_ stays the parent's
  Held(boxes, n, marks_.data(), &held);
  for (int i = 0; i < n; ++i) marks_[boxes[i]] = 0;
  bool dead = false;
  for (uint32_t id : held) {
    if (!table_->InArea(static_cast<int>(id), player)) continue;
    if (table_->value(static_cast<int>(id)) == kDeadValue) dead = true;
    picks_.push_back({table_->value(static_cast<int>(id)), static_cast<int>(id), 0, 0});
  }
  return dead ? kDead : h + Choose();
}

void PenaltyBound::SetParent(const Expansion& parent) {
  matching_->SetParent(parent);
  if (parent.moved != kNoSquare) {
    Learn(parent.occupied.data(), parent.player, parent.moved);
  }
  Held(parent.boxes.data(), board_.box_count(), parent.occupied.data(), &present_);
}

void PenaltyBound::Held(const Square* boxes, int n, const uint8_t* occupied,
                        std::vector<uint32_t>* out) const {
  out->clear();
  for (int i = 0; i < n; ++i) {
    for (uint32_t id : table_->OnSquare(boxes[i])) {
      int count;
      const Square* b = table_->BoxesOf(static_cast<int>(id), &count);
      if (b[0] != boxes[i]) continue;
      int j = 1;
      while (j < count && occupied[b[j]]) ++j;
      if (j == count) out->push_back(id);
    }
  }
}

int PenaltyBound::Child(const Expansion& parent, const ChildView& child) {
  const int h = matching_->Child(parent, child);
  if (h == kDead) return h;
  picks_.clear();
  if (!AddPairs(child.boxes, child.player)) return kDead;
  auto take = [&](uint32_t id) {
    const int value = table_->value(static_cast<int>(id));
    if (value == kDeadValue) return false;
    picks_.push_back({value, static_cast<int>(id), 0, 0});
    return true;
  };
  // The parent's patterns that keep their boxes, then those with the moved
  // box (parent.occupied marks the parent's boxes).
  for (uint32_t id : present_) {
    int count;
    const Square* b = table_->BoxesOf(static_cast<int>(id), &count);
    if (std::find(b, b + count, child.from) != b + count) continue;
    if (!table_->InArea(static_cast<int>(id), child.player)) continue;
    if (!take(id)) return kDead;
  }
  for (uint32_t id : table_->OnSquare(child.to)) {
    if (!table_->InArea(static_cast<int>(id), child.player)) continue;
    int count;
    const Square* b = table_->BoxesOf(static_cast<int>(id), &count);
    int j = 0;
    while (j < count && (b[j] == child.to || (parent.occupied[b[j]] && b[j] != child.from))) ++j;
    if (j < count) continue;
    if (!take(id)) return kDead;
  }
  const int penalty = Choose();
  // Pathmax: the parent's bound less the pushes made is a bound too.
  return std::max(h + penalty, parent.h - child.pushes);
}

void PenaltyBound::Learn(const uint8_t* occupied, int player, int moved) {
  // 1. The moved box and the boxes around it.
  set_.assign(1, static_cast<Square>(moved));
  const int cell = board_.Cell(moved), w = board_.width();
  const int cells = board_.width() * board_.height();
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int c = cell + dy * w + dx;
      if ((dx == 0 && dy == 0) || c < 0 || c >= cells) continue;
      const int sq = board_.FloorIndex(c);
      if (sq >= 0 && occupied[sq] && static_cast<int>(set_.size()) < kMaxBoxes) {
        set_.push_back(static_cast<Square>(sq));
      }
    }
  }
  // 2. Search the set; grow it by the boxes its solution runs into. A set
  // searched before, with the player in the same area (the one holding the
  // smallest square of an area searched), is not searched again.
  int budget = kBudget;
  while (budget > 0) {
    const int k = static_cast<int>(set_.size());
    key_boxes_.assign(set_.begin(), set_.end());
    std::sort(key_boxes_.begin(), key_boxes_.end());
    key_.assign(reinterpret_cast<const char*>(key_boxes_.data()),
                sizeof(Square) * static_cast<size_t>(k));
    for (Square b : key_boxes_) marks_[b] = 1;
    Searched* kept = nullptr;
    bool seen = false;
    if (auto it = searched_.find(key_); it != searched_.end()) {
      kept = &it->second;
      seen = kept->one_area;
      for (size_t j = 0; j < kept->firsts.size() && !seen; ++j) {
        seen = reach_.Joined(board_, marks_.data(), player, kept->firsts[j]);
      }
    }
    const Square first = seen ? 0 : static_cast<Square>(reach_.Fill(board_, marks_.data(), player));
    for (Square b : key_boxes_) marks_[b] = 0;
    if (seen) return;
    // Counted as a map entry of the boxes and the area's square.
    const size_t entry =
        sizeof(std::string) + sizeof(bool) + 1 + sizeof(Square) * (static_cast<size_t>(k) + 1) + 16;
    if (searched_bytes_ + entry <= kSearchedBytes) {
      if (!kept) kept = &searched_[key_];
      kept->firsts.push_back(first);
      // The player's area is all the floor the boxes leave: the only one.
      kept->one_area = reach_.count() == board_.size() - k;
      searched_bytes_ += entry;
    }
    PenaltySearch::Result r = search_.Run(set_.data(), k, player, occupied, budget);
    budget -= r.expanded;
    if (r.penalty == kDead || r.penalty > 0) {
      const uint8_t value =
          r.penalty == kDead ? kDeadValue : static_cast<uint8_t>(std::min(r.penalty, 254));
      table_->Add(key_boxes_.data(), k, player, value);
      return;
    }
    if (r.conflicts.empty() || k >= kMaxBoxes) return;
    for (Square c : r.conflicts) {
      if (static_cast<int>(set_.size()) >= kMaxBoxes) break;
      if (std::find(set_.begin(), set_.end(), c) == set_.end()) set_.push_back(c);
    }
    if (static_cast<int>(set_.size()) == k) return;
  }
}

}  // namespace sokoban
