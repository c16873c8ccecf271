#include "solver/deadlock/dead_sets.h"

#include <algorithm>
#include <cstdlib>

#include "solver/deadlock/freeze.h"

namespace sokoban {

namespace {
// Search keys pack the player and up to four boxes, 12 bits each.
constexpr int kKeyBits = 12;
constexpr int kMaxKeyedSquares = 1 << kKeyBits;
}  // namespace

DeadSets::DeadSets(const Board& board)
    : board_(board),
      enabled_(board.size() < kMaxKeyedSquares && board.box_count() >= 2),
      x_(board.size()),
      y_(board.size()),
      occupied_(board.size(), 0),
      area_reach_(board.size()),
      area_seen_(board.size(), 0),
      search_(board, kPolicy) {
  for (int sq = 0; sq < board.size(); ++sq) {
    x_[sq] = board.Cell(sq) % board.width();
    y_[sq] = board.Cell(sq) / board.width();
  }
}

uint64_t DeadSets::Key(const Square* boxes, int k, int player) const {
  uint64_t key = static_cast<uint64_t>(player);
  for (int i = 0; i < k; ++i) key = key << kKeyBits | boxes[i];
  return key;
}

template <typename Visit>
void DeadSets::ForNear(int sq, int above, Visit visit) const {
  for (int dy = -kSpread; dy <= kSpread; ++dy) {
    for (int dx = -kSpread; dx <= kSpread; ++dx) {
      const int x = x_[sq] + dx, y = y_[sq] + dy;
      if (x < 0 || y < 0 || x >= board_.width() || y >= board_.height()) continue;
      const int near = board_.FloorIndex(y * board_.width() + x);
      if (near > above && !board_.IsDead(near)) visit(near);
    }
  }
}

void DeadSets::Build(LearnedDeadlocks* table) {
  if (!enabled_) return;
  auto near = [&](int a, int b) {
    return std::abs(x_[a] - x_[b]) <= kSpread && std::abs(y_[a] - y_[b]) <= kSpread;
  };
  // 1. Pairs: a dead one is a pattern, and makes the triples holding it
  // (with the player in its area) add nothing.
  Square set[3];
  for (int a = 0; a < board_.size() && nodes_ < kTotalNodes; ++a) {
    if (board_.IsDead(a)) continue;
    ForNear(a, a, [&](int b) {
      set[0] = static_cast<Square>(a);
      set[1] = static_cast<Square>(b);
      TrySet(set, 2, table);
    });
  }
  if (board_.box_count() < 3) return;
  // 2. Triples a < b < c whose squares are joined by two of the three
  // nearness links (the third box may be near either of the others).
  std::vector<int> window;
  for (int a = 0; a < board_.size() && nodes_ < kTotalNodes; ++a) {
    if (board_.IsDead(a)) continue;
    window.clear();
    ForNear(a, a, [&](int b) {
      window.push_back(b);
      ForNear(b, a, [&](int c) { window.push_back(c); });
    });
    std::sort(window.begin(), window.end());
    window.erase(std::unique(window.begin(), window.end()), window.end());
    for (size_t i = 0; i < window.size(); ++i) {
      for (size_t j = i + 1; j < window.size(); ++j) {
        const int b = window[i], c = window[j];
        if (near(a, b) + near(a, c) + near(b, c) < 2) continue;
        set[0] = static_cast<Square>(a);
        set[1] = static_cast<Square>(b);
        set[2] = static_cast<Square>(c);
        TrySet(set, 3, table);
      }
    }
  }
}

void DeadSets::TrySet(const Square* boxes, int k, LearnedDeadlocks* table) {
  bool all_on_goals = true;
  for (int i = 0; i < k; ++i) all_on_goals = all_on_goals && board_.IsGoal(boxes[i]);
  if (all_on_goals) return;
  for (int i = 0; i < k; ++i) occupied_[boxes[i]] = 1;
  bool frozen = false;
  for (int i = 0; i < k && !frozen; ++i) {
    frozen = IsFreezeDeadlock(board_, occupied_.data(), boxes[i]);
  }
  // The areas of the free floor, each by its smallest square.
  int players[64];
  int areas = 0;
  if (!frozen) {
    if (++area_stamp_ == 0) {
      std::fill(area_seen_.begin(), area_seen_.end(), 0);
      area_stamp_ = 1;
    }
    for (int sq = 0; sq < board_.size() && areas < 64; ++sq) {
      if (occupied_[sq] || area_seen_[sq] == area_stamp_) continue;
      players[areas++] = area_reach_.Fill(board_, occupied_.data(), sq);
      for (int s = sq; s < board_.size(); ++s) {
        if (area_reach_.Reached(s)) area_seen_[s] = area_stamp_;
      }
    }
  }
  // Sets the table holds already (learned, or a pair below).
  bool known[64] = {};
  for (int p = 0; p < areas; ++p) {
    for (int i = 0; i < k && !known[p]; ++i) {
      known[p] = table->Matches(occupied_.data(), players[p], boxes[i]);
    }
  }
  for (int i = 0; i < k; ++i) occupied_[boxes[i]] = 0;
  for (int p = 0; p < areas; ++p) {
    if (known[p]) continue;
    if (k == 2) {
      if (PairDead(boxes[0], boxes[1], players[p])) Add(boxes, 2, players[p], table);
      continue;
    }
    // A dead pair in the set, the player in this area: nothing to add.
    bool pair_dead = false;
    for (int i = 0; i < k && !pair_dead; ++i) {
      for (int j = i + 1; j < k && !pair_dead; ++j) {
        occupied_[boxes[i]] = occupied_[boxes[j]] = 1;
        const int pair_player = area_reach_.Fill(board_, occupied_.data(), players[p]);
        occupied_[boxes[i]] = occupied_[boxes[j]] = 0;
        pair_dead = PairDead(boxes[i], boxes[j], pair_player);
        if (pair_dead) {
          const Square pair[2] = {boxes[i], boxes[j]};
          Add(pair, 2, pair_player, table);
        }
      }
    }
    if (pair_dead || nodes_ >= kTotalNodes) continue;
    if (Search(boxes, k, players[p]) == Verdict::kDead) Add(boxes, k, players[p], table);
  }
}

void DeadSets::Add(const Square* boxes, int k, int player, LearnedDeadlocks* table) {
  const int before = table->size();
  table->Add(boxes, k, player);
  if (table->size() == before) return;  // held already, or past its budget
  ++(k == 2 ? dead_pairs_ : dead_triples_);
}

bool DeadSets::PairDead(int a, int b, int player) {
  const Square pair[2] = {static_cast<Square>(a), static_cast<Square>(b)};
  const uint64_t key = Key(pair, 2, player);
  if (auto it = pairs_.find(key); it != pairs_.end()) return it->second;
  if (nodes_ >= kTotalNodes) return false;  // not kept: unknown
  const bool dead = Search(pair, 2, player) == Verdict::kDead;
  pairs_.emplace(key, dead);
  return dead;
}

DeadSets::Verdict DeadSets::Search(const Square* boxes, int k, int player) {
  ++searched_;
  // The set's budget, and what is left of the level's.
  const uint64_t left = kTotalNodes - nodes_;
  const int budget = k == 2 ? kPairNodes : kTripleNodes;
  const SubsetSearch::Verdict verdict =
      search_.Run(boxes, k, player, nullptr, 0, nullptr, 0,
                  left < static_cast<uint64_t>(budget) ? static_cast<int>(left) : budget);
  nodes_ += static_cast<uint64_t>(search_.expanded());
  return verdict;
}

}  // namespace sokoban
