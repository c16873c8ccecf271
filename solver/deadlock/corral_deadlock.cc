#include "solver/deadlock/corral_deadlock.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "solver/deadlock/freeze.h"

namespace sokoban {

CorralDeadlock::CorralDeadlock(const Board& board, bool walls)
    : board_(board),
      box_limit_(std::min(kMaxBoxes, board.box_count())),
      use_walls_(walls),
      box_seen_(board.size(), 0),
      own_corrals_(board),
      frozen_(walls ? board.size() : 0, 0),
      is_wall_(walls ? board.size() : 0, 0),
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
  walls_found_ = false;
  searched_with_walls_ = 0;
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
    std::sort(boxes_.begin(), boxes_.end());
    walls_.clear();
    if (static_cast<int>(boxes_.size()) <= box_limit_ && SearchCorral(corrals.first(id), player)) {
      return true;
    }
    // 4. With walls: when frozen goal boxes are among them, again with
    // those boxes, and every other frozen goal box, as walls.
    if (!use_walls_) continue;
    if (!walls_found_) FindWalls(occupied);
    const size_t before = boxes_.size();
    std::erase_if(boxes_, [&](Square b) { return is_wall_[b] != 0; });
    if (boxes_.size() == before || boxes_.empty() || static_cast<int>(boxes_.size()) > box_limit_) {
      continue;
    }
    walls_ = frozen_goals_;
    ++searched_with_walls_;
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
    // The walls, then their count: read from the end, the key names one
    // split into boxes, corral and walls.
    const Square walls = static_cast<Square>(walls_.size());
    answer_key_.append(reinterpret_cast<const char*>(walls_.data()),
                       sizeof(Square) * walls_.size());
    answer_key_.append(reinterpret_cast<const char*>(&walls), sizeof(Square));
  };
  answer_key(player);
  if (const bool* dead = answers_.Find(answer_key_)) return *dead;
  // The start, normalized: the player's area with only these boxes.
  const int start_player = search_.AreaOf(boxes_.data(), k, walls_.data(), wall_count(), player);
  if (start_player != player) {
    answer_key(start_player);
    if (const bool* kept = answers_.Find(answer_key_)) {
      const bool dead = *kept;
      answer_key(player);
      answers_.Keep(answer_key_, dead);
      return dead;
    }
  }
  budget_ = !walls_.empty() ? kWallsNodes : kMaxNodes;
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
  return search_.Run(boxes_.data(), static_cast<int>(boxes_.size()), start_player, walls_.data(),
                     wall_count(), corrals_->squares(corral_id_),
                     corrals_->square_count(corral_id_), budget_) == SubsetSearch::kDead;
}

void CorralDeadlock::Learn(int player) {
  // Each box whose removal leaves the search still exhausted is dropped: a
  // smaller pattern matches more positions.
  kept_ = boxes_;
  kept_walls_ = walls_;
  for (size_t j = boxes_.size(); j-- > 0 && boxes_.size() > 1;) {
    const Square removed = boxes_[j];
    boxes_.erase(boxes_.begin() + static_cast<std::ptrdiff_t>(j));
    const int start = search_.AreaOf(boxes_.data(), static_cast<int>(boxes_.size()), walls_.data(),
                                     wall_count(), player);
    if (!Exhausts(start)) boxes_.insert(boxes_.begin() + static_cast<std::ptrdiff_t>(j), removed);
  }
  // So is each wall whose removal, with the walls it alone held frozen,
  // leaves the search exhausted; the rest join the pattern as boxes:
  // wherever they all stand they hold each other frozen, so they are walls
  // there too.
  for (size_t j = walls_.size(); j-- > 0;) {
    if (j >= walls_.size()) continue;
    tried_walls_ = walls_;
    walls_.erase(walls_.begin() + static_cast<std::ptrdiff_t>(j));
    KeepSelfFrozen(walls_);
    const int start = search_.AreaOf(boxes_.data(), static_cast<int>(boxes_.size()), walls_.data(),
                                     wall_count(), player);
    if (!Exhausts(start)) walls_.swap(tried_walls_);
  }
  if (!walls_.empty()) {
    const size_t own = boxes_.size();
    boxes_.insert(boxes_.end(), walls_.begin(), walls_.end());
    std::inplace_merge(boxes_.begin(), boxes_.begin() + static_cast<std::ptrdiff_t>(own),
                       boxes_.end());
  }
  learned_->Add(boxes_.data(), static_cast<int>(boxes_.size()), player);
  boxes_.swap(kept_);
  walls_.swap(kept_walls_);
}

void CorralDeadlock::FindWalls(const uint8_t* occupied) {
  walls_found_ = true;
  for (Square w : frozen_goals_) is_wall_[w] = 0;
  frozen_goals_.clear();
  for (Square g : board_.goals()) {
    if (occupied[g]) frozen_goals_.push_back(g);
  }
  KeepSelfFrozen(frozen_goals_);
  for (Square w : frozen_goals_) is_wall_[w] = 1;
}

void CorralDeadlock::KeepSelfFrozen(std::vector<Square>& boxes) {
  for (Square b : boxes) frozen_[b] = 1;
  // Drop each box that is not frozen with only the ones left standing,
  // until none drops.
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (size_t j = 0; j < boxes.size();) {
      if (IsFrozen(board_, frozen_.data(), boxes[j])) {
        ++j;
        continue;
      }
      frozen_[boxes[j]] = 0;
      boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(j));
      dropped = true;
    }
  }
  for (Square b : boxes) frozen_[b] = 0;
  std::sort(boxes.begin(), boxes.end());
}

}  // namespace sokoban
