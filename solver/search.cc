#include "solver/search.h"

#include <algorithm>
#include <cassert>

#include "solver/freeze.h"
#include "solver/pi_corral.h"

namespace sokoban {
namespace {

constexpr int kFastWeight = 5;  // fast mode: f = g + 5 h

bool IsClosed(const std::vector<uint8_t>& bits, StateId id) {
  return id / 8 < bits.size() && (bits[id / 8] >> (id % 8) & 1);
}

void SetClosed(std::vector<uint8_t>& bits, StateId id) {
  if (id / 8 >= bits.size()) bits.resize(std::max<size_t>(id / 8 + 1, bits.size() * 2), 0);
  bits[id / 8] |= static_cast<uint8_t>(1u << (id % 8));
}

}  // namespace

Search::Search(const Board& board, const SolveOptions& options)
    : board_(board),
      options_(options),
      box_count_(board.box_count()),
      bound_(board),
      codec_(board.size(), board.box_count()),
      zobrist_(board.size()),
      store_(codec_, zobrist_),
      reach_(board.size()),
      child_reach_(board.size()),
      pi_corral_(board),
      occupied_(board.size(), 0),
      boxes_(board.box_count()),
      child_(board.box_count()),
      packed_(codec_.stride()) {}

int Search::Priority(int g, int h) const {
  return options_.mode == SolveMode::kOptimal ? g + h : g + kFastWeight * h;
}

bool Search::OutOfBudget() {
  if (options_.max_expansions && expanded_ >= options_.max_expansions) {
    stop_ = SolveStatus::kTimeout;
    return true;
  }
  if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) {
    stop_ = SolveStatus::kCancelled;
    return true;
  }
  if ((expanded_ & 255) == 0 && options_.time_limit_seconds > 0) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (elapsed >= options_.time_limit_seconds) {
      stop_ = SolveStatus::kTimeout;
      return true;
    }
  }
  return false;
}

SolveStatus Search::Run() {
  start_ = std::chrono::steady_clock::now();
  std::copy(board_.start_boxes().begin(), board_.start_boxes().end(), boxes_.begin());
  for (Square b : boxes_) occupied_[b] = 1;
  const int player = reach_.Fill(board_, occupied_.data(), board_.start_player());
  for (Square b : boxes_) occupied_[b] = 0;
  const int h = bound_.Estimate(boxes_.data());
  if (h == LowerBound::kDead) return SolveStatus::kUnsolvable;
  codec_.Pack(player, boxes_.data(), packed_.data());
  const StateId root =
      store_.Insert(packed_.data(), zobrist_.Key(player, boxes_.data(), box_count_), kNoState, 0)
          .first;
  if (h == 0) {
    TracePushes(root);
    return SolveStatus::kSolved;
  }
  open_.Push(Priority(0, h), h, root);

  while (!open_.empty()) {
    if (OutOfBudget()) return stop_;
    int priority, popped_h;
    const StateId id = open_.Pop(&priority, &popped_h);
    if (IsClosed(closed_, id)) continue;
    // A stale entry: the state was reached again with fewer pushes and
    // re-queued under its new priority.
    if (Priority(store_.G(id), popped_h) != priority) continue;
    SetClosed(closed_, id);
    ++expanded_;
    const StateId solved = Expand(id);
    if (stop_ != SolveStatus::kSolved) return stop_;
    if (solved != kNoState) {
      TracePushes(solved);
      return SolveStatus::kSolved;
    }
  }
  return SolveStatus::kUnsolvable;
}

StateId Search::Expand(StateId id) {
  // 1. Unpack the state and find where the player can go.
  int player;
  codec_.Unpack(store_.Packed(id), &player, boxes_.data());
  const int g = store_.G(id) + 1;
  for (Square b : boxes_) occupied_[b] = 1;
  reach_.Fill(board_, occupied_.data(), player);
  const uint64_t boxes_key =
      zobrist_.Key(player, boxes_.data(), box_count_) ^ zobrist_.player(player);

  bound_.SetParent(boxes_.data());

  // 2. The pushes to try: all of them, or only those into a PI-corral.
  moves_.clear();
  PiCorral::Verdict corral = PiCorral::kNone;
  if (options_.prune & kPruneCorral) corral = pi_corral_.Find(occupied_.data(), reach_);
  if (corral == PiCorral::kDead) {
    for (Square b : boxes_) occupied_[b] = 0;
    return kNoState;
  }
  if (corral == PiCorral::kFound) {
    for (const auto& [sq, d] : pi_corral_.pushes()) {
      const int i =
          static_cast<int>(std::lower_bound(boxes_.begin(), boxes_.end(), sq) - boxes_.begin());
      moves_.emplace_back(i, d);
    }
  } else {
    for (int i = 0; i < box_count_; ++i) {
      for (int d = 0; d < 4; ++d) moves_.emplace_back(i, d);
    }
  }

  StateId solved = kNoState;
  for (const auto& [i, d] : moves_) {
    const int from = boxes_[i];
    // 3. Legal push: the player stands behind the box, the square ahead is
    // free floor and not dead.
    const int to = board_.Neighbour(from, d);
    if (to == kNoSquare || occupied_[to]) continue;
    if ((options_.prune & kPruneDeadSquares) && board_.IsDead(to)) continue;
    const int behind = board_.Neighbour(from, d ^ 2);
    if (behind == kNoSquare || !reach_.Reached(behind)) continue;

    // 4. Deadlock checks on the position after the push.
    occupied_[from] = 0;
    occupied_[to] = 1;
    bool dead = (options_.prune & kPruneFreeze) && IsFreezeDeadlock(board_, occupied_.data(), to);
    int child_player = 0;
    if (!dead) child_player = child_reach_.Fill(board_, occupied_.data(), from);
    occupied_[to] = 0;
    occupied_[from] = 1;
    if (dead) continue;

    // 5. The child state, boxes kept sorted.
    std::copy(boxes_.begin(), boxes_.end(), child_.begin());
    int j = i;
    child_[j] = static_cast<Square>(to);
    while (j > 0 && child_[j - 1] > child_[j]) std::swap(child_[j - 1], child_[j]), --j;
    while (j + 1 < box_count_ && child_[j + 1] < child_[j])
      std::swap(child_[j + 1], child_[j]), ++j;
    const uint64_t key =
        boxes_key ^ zobrist_.box(from) ^ zobrist_.box(to) ^ zobrist_.player(child_player);
    assert(key == zobrist_.Key(child_player, child_.data(), box_count_));

    // 6. Store it once; queue it when new or reached with fewer pushes.
    if (options_.memory_limit_bytes &&
        store_.bytes_after_growth() + open_.size() * sizeof(StateId) * 2 >
            options_.memory_limit_bytes) {
      stop_ = SolveStatus::kMemory;
      break;
    }
    codec_.Pack(child_player, child_.data(), packed_.data());
    auto [child, added] = store_.Insert(packed_.data(), key, id, static_cast<uint16_t>(g));
    int h;
    if (added) {
      h = bound_.Estimate(child_.data());
      if (h == LowerBound::kDead) {
        SetClosed(closed_, child);
        continue;
      }
    } else {
      if (IsClosed(closed_, child) || store_.G(child) <= g) continue;
      if (options_.mode != SolveMode::kOptimal) continue;
      store_.SetParent(child, id, static_cast<uint16_t>(g));
      h = bound_.Estimate(child_.data());
    }
    if (h == 0) {
      solved = child;
      break;
    }
    open_.Push(Priority(g, h), h, child);
  }
  for (Square b : boxes_) occupied_[b] = 0;
  peak_bytes_ = std::max(peak_bytes_,
                         store_.bytes() + open_.size() * sizeof(StateId) * 2 + closed_.capacity());
  return solved;
}

void Search::TracePushes(StateId goal) {
  std::vector<StateId> chain;
  for (StateId s = goal; s != kNoState; s = store_.Parent(s)) chain.push_back(s);
  std::reverse(chain.begin(), chain.end());
  std::vector<Square> before(box_count_), after(box_count_);
  int player;
  pushes_.clear();
  for (size_t k = 1; k < chain.size(); ++k) {
    codec_.Unpack(store_.Packed(chain[k - 1]), &player, before.data());
    codec_.Unpack(store_.Packed(chain[k]), &player, after.data());
    // The moved box is the one square in `before` missing from `after`.
    int from = -1, to = -1;
    std::vector<Square> gone, came;
    std::set_difference(before.begin(), before.end(), after.begin(), after.end(),
                        std::back_inserter(gone));
    std::set_difference(after.begin(), after.end(), before.begin(), before.end(),
                        std::back_inserter(came));
    assert(gone.size() == 1 && came.size() == 1);
    from = gone[0];
    to = came[0];
    for (int d = 0; d < 4; ++d) {
      int sq = from, length = 0;
      while (sq != kNoSquare && sq != to && length < 255) sq = board_.Neighbour(sq, d), ++length;
      if (sq == to) {
        pushes_.push_back(
            {static_cast<Square>(from), static_cast<uint8_t>(d), static_cast<uint8_t>(length)});
        break;
      }
    }
  }
}

}  // namespace sokoban
