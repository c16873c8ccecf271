#include "solver/corral_deadlock.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace sokoban {

CorralDeadlock::CorralDeadlock(const Board& board, bool big)
    : board_(board),
      box_limit_(std::min(kMaxBoxes, board.box_count())),
      big_(big),
      box_seen_(board.size(), 0),
      own_corrals_(board),
      search_(board, kPolicy) {}

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
  if (const bool* dead = answers_.Find(answer_key_)) return *dead;
  // The start, normalized: the player's area with only these boxes.
  const int start_player = search_.AreaOf(boxes_.data(), k, nullptr, 0, player);
  if (start_player != player) {
    answer_key(start_player);
    if (const bool* kept = answers_.Find(answer_key_)) {
      const bool dead = *kept;
      answer_key(player);
      answers_.Keep(answer_key_, dead);
      return dead;
    }
  }
  budget_ = big_ && k <= kBigBoxes ? kBigNodes : kMaxNodes;
  const bool dead = Exhausts(start_player);
  if (dead && learned_) Learn(start_player);
  answer_key(start_player);
  answers_.Keep(answer_key_, dead);
  if (start_player != player) {
    answer_key(player);
    answers_.Keep(answer_key_, dead);
  }
  return dead;
}

bool CorralDeadlock::Exhausts(int start_player) {
  return search_.Run(boxes_.data(), static_cast<int>(boxes_.size()), start_player, nullptr, 0,
                     corrals_->squares(corral_id_), corrals_->square_count(corral_id_),
                     budget_) == SubsetSearch::kDead;
}

void CorralDeadlock::Learn(int player) {
  // Each box whose removal leaves the search still exhausted is dropped: a
  // smaller pattern matches more positions.
  kept_ = boxes_;
  for (size_t j = boxes_.size(); j-- > 0 && boxes_.size() > 1;) {
    const Square removed = boxes_[j];
    boxes_.erase(boxes_.begin() + static_cast<std::ptrdiff_t>(j));
    const int start =
        search_.AreaOf(boxes_.data(), static_cast<int>(boxes_.size()), nullptr, 0, player);
    if (!Exhausts(start)) boxes_.insert(boxes_.begin() + static_cast<std::ptrdiff_t>(j), removed);
  }
  learned_->Add(boxes_.data(), static_cast<int>(boxes_.size()), player);
  boxes_.swap(kept_);
}

}  // namespace sokoban
