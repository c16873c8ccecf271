#include "solver/deadlock/learned_deadlocks.h"

#include <cstring>

namespace sokoban {

LearnedDeadlocks::LearnedDeadlocks(const Board& board)
    : board_(board),
      words_per_area_(static_cast<uint32_t>((board.size() + 63) / 64)),
      by_square_(board.size()),
      occupied_(board.size(), 0),
      reach_(board.size()) {}

void LearnedDeadlocks::Add(const Square* boxes, int count, int player, uint8_t value) {
  const size_t entry = sizeof(Pattern) + 1 + sizeof(Square) * static_cast<size_t>(count) * 3 +
                       sizeof(uint64_t) * words_per_area_ + sizeof(std::string) + 16;
  if (bytes_ + entry > kMaxBytes) return;
  for (int j = 0; j < count; ++j) occupied_[boxes[j]] = 1;
  const Square first = static_cast<Square>(reach_.Fill(board_, occupied_.data(), player));
  for (int j = 0; j < count; ++j) occupied_[boxes[j]] = 0;
  // The key: the area's first square, then the boxes (bytes as in memory;
  // compared only with keys made here).
  key_.resize(sizeof(Square) * (static_cast<size_t>(count) + 1));
  std::memcpy(key_.data(), &first, sizeof(Square));
  std::memcpy(key_.data() + sizeof(Square), boxes, sizeof(Square) * static_cast<size_t>(count));
  if (!keys_.insert(key_).second) return;
  bytes_ += entry;
  const uint32_t id = static_cast<uint32_t>(patterns_.size());
  patterns_.push_back({static_cast<uint32_t>(squares_.size()), static_cast<uint32_t>(words_.size()),
                       static_cast<uint16_t>(count)});
  values_.push_back(value);
  squares_.insert(squares_.end(), boxes, boxes + count);
  words_.resize(words_.size() + words_per_area_, 0);
  uint64_t* area = &words_[patterns_.back().area];
  for (int sq = 0; sq < board_.size(); ++sq) {
    if (reach_.Reached(sq)) area[sq / 64] |= uint64_t{1} << (sq % 64);
  }
  for (int j = 0; j < count; ++j) by_square_[boxes[j]].push_back(id);
}

bool LearnedDeadlocks::Matches(const uint8_t* occupied, int player, int moved) const {
  for (uint32_t id : by_square_[moved]) {
    const Pattern& p = patterns_[id];
    if (!InArea(p, player)) continue;
    const Square* b = &squares_[p.first];
    int j = 0;
    while (j < p.count && occupied[b[j]]) ++j;
    if (j == p.count) return true;
  }
  return false;
}

std::vector<Square> LearnedDeadlocks::Boxes(int k) const {
  const Pattern& p = patterns_[k];
  return std::vector<Square>(squares_.begin() + p.first, squares_.begin() + p.first + p.count);
}

}  // namespace sokoban
