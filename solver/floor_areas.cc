#include "solver/floor_areas.h"

#include <algorithm>
#include <cassert>

namespace sokoban {

bool RingConnected(const Board& board, const uint8_t* occupied, int sq) {
  // Ring order: up, up-right, right, down-right, down, down-left, left,
  // up-left. LURD indices: 0 left, 1 up, 2 right, 3 down.
  static constexpr int kOrth[4] = {1, 2, 3, 0};
  int ring[8];
  for (int k = 0; k < 4; ++k) {
    const int a = kOrth[k], b = kOrth[(k + 1) & 3];
    ring[2 * k] = board.Neighbour(sq, a);
    int diag = ring[2 * k] != kNoSquare ? board.Neighbour(ring[2 * k], b) : kNoSquare;
    if (diag == kNoSquare) {
      const int side = board.Neighbour(sq, b);
      if (side != kNoSquare) diag = board.Neighbour(side, a);
    }
    ring[2 * k + 1] = diag;
  }
  auto free = [&](int c) { return c != kNoSquare && !occupied[c]; };
  // Count the runs of free ring squares that hold an orthogonal neighbour.
  int start = 0;
  while (start < 8 && free(ring[start])) ++start;
  if (start == 8) return true;  // the whole ring is free
  int runs_with_orth = 0;
  bool in_run = false, has_orth = false;
  for (int k = 1; k <= 8; ++k) {
    const int idx = (start + k) & 7;
    if (free(ring[idx])) {
      if (!in_run) in_run = true, has_orth = false;
      if ((idx & 1) == 0) has_orth = true;
    } else if (in_run) {
      runs_with_orth += has_orth;
      in_run = false;
    }
  }
  return runs_with_orth <= 1;
}

int PlayerAfterMove(const Board& board, const uint8_t* occupied, const Reach& before, int from,
                    int to, int player, Reach& scratch) {
  // `from` joins the area: the player stands on it (a push), or (a pull)
  // it has another free neighbour, in the area (else a fill below); a pull
  // whose `from` has none leaves it alone beside `to`, and the ring around
  // `to` is then not connected.
  for (int d = 0; d < 4; ++d) {
    const int n = board.Neighbour(from, d);
    if (n == kNoSquare || n == to || occupied[n]) continue;
    if (!before.Reached(n)) return scratch.Fill(board, occupied, player);  // a new area joins
  }
  assert(before.min() != kNoSquare);  // a Fill, not a Mark
  int min_sq = before.min();
  if (before.Reached(to)) {
    if (!RingConnected(board, occupied, to)) return scratch.Fill(board, occupied, player);
    if (to == min_sq) {
      // The area held `to` and the player's square besides.
      min_sq = before.second();
      assert(min_sq != kNoSquare);
    }
  }
  const int area_min = std::min(min_sq, from);
  assert(area_min == scratch.Fill(board, occupied, player));
  return area_min;
}

FloorAreas::FloorAreas(const Board& board)
    : board_(board), label_(board.size(), 0), scratch_(board.size(), 0), queue_(board.size()) {
  for (auto& q : queues_) q.resize(board.size());
}

int FloorAreas::Label(const uint8_t* occupied) {
  player_area_ = nullptr;
  return LabelOthers(occupied);
}

int FloorAreas::Label(const uint8_t* occupied, const Reach& player_area) {
  player_area_ = &player_area;
  return 1 + LabelOthers(occupied);
}

int FloorAreas::LabelOthers(const uint8_t* occupied) {
  // A board has fewer areas than squares, so the ids wrap only after 2^32 / n
  // labellings; then the labels start again.
  if (last_label_ > UINT32_MAX - static_cast<uint32_t>(board_.size()) - 1) {
    std::fill(label_.begin(), label_.end(), 0);
    last_label_ = 0;
  }
  const uint32_t first = last_label_ + 1;
  int areas = 0;
  for (int sq = 0; sq < board_.size(); ++sq) {
    if (occupied[sq] || label_[sq] >= first || (player_area_ && player_area_->Reached(sq)))
      continue;
    ++areas;
    Spread(occupied, sq, ++last_label_);
  }
  labelled_ = areas + (player_area_ ? 1 : 0);
  return areas;
}

void FloorAreas::Spread(const uint8_t* occupied, int start, uint32_t id) {
  int head = 0, tail = 0;
  queue_[tail++] = static_cast<Square>(start);
  label_[start] = id;
  while (head < tail) {
    const int at = queue_[head++];
    for (int d = 0; d < 4; ++d) {
      const int n = board_.Neighbour(at, d);
      if (n == kNoSquare || occupied[n] || label_[n] == id) continue;
      label_[n] = id;
      queue_[tail++] = static_cast<Square>(n);
    }
  }
}

int FloorAreas::AfterMove(const uint8_t* occupied, int from, int to) {
  // Freeing `from` joins the areas around it (free before the move: `to`
  // was) into one, or makes a new one when none touches it.
  uint32_t ids[4];
  int joined = 0;
  for (int d = 0; d < 4; ++d) {
    const int n = board_.Neighbour(from, d);
    if (n == kNoSquare || (occupied[n] && n != to)) continue;
    const uint32_t id = Id(n);
    if (std::find(ids, ids + joined, id) == ids + joined) ids[joined++] = id;
  }
  const int areas = labelled_ + 1 - joined;
  // The box on `to` removes an area it filled alone, leaves its area whole
  // when it is a dead end or the ring around it is connected, and otherwise
  // leaves as many pieces of it as its free neighbours fall into (Pieces).
  int open[4];
  int count = 0;
  for (int d = 0; d < 4; ++d) {
    const int n = board_.Neighbour(to, d);
    if (n != kNoSquare && !occupied[n]) open[count++] = n;
  }
  if (count == 0) return areas - 1;
  if (count == 1 || RingConnected(board_, occupied, to)) return areas;
  return areas + Pieces(occupied, open, count) - 1;
}

int FloorAreas::Pieces(const uint8_t* occupied, const int* open, int count) {
  // One search from each square, in turns of one square each; searches
  // that meet join a group. It ends when one group is left, or when all
  // groups but one have run out of squares: each of those is a piece and
  // the last is the rest. So a small piece cut off costs its own size, not
  // the size of the large area beside it.
  if (last_scratch_ > UINT32_MAX - 4) {
    std::fill(scratch_.begin(), scratch_.end(), 0);
    last_scratch_ = 0;
  }
  const uint32_t base = last_scratch_ + 1;
  last_scratch_ += 4;
  int group[4], head[4], tail[4];
  auto find = [&](int k) {
    while (group[k] != k) k = group[k];
    return k;
  };
  for (int k = 0; k < count; ++k) {
    group[k] = k;
    head[k] = tail[k] = 0;
    scratch_[open[k]] = base + k;
    queues_[k][tail[k]++] = static_cast<Square>(open[k]);
  }
  // The groups and how many of them can still grow change only when two
  // searches meet or one runs out of squares: counted again then.
  int groups = count, live_groups = count;
  for (;;) {
    if (groups == 1 || live_groups <= 1) return groups;
    bool changed = false;
    for (int k = 0; k < count; ++k) {
      if (head[k] == tail[k]) continue;
      const int at = queues_[k][head[k]++];
      for (int d = 0; d < 4; ++d) {
        const int n = board_.Neighbour(at, d);
        if (n == kNoSquare || occupied[n]) continue;
        if (scratch_[n] >= base) {
          const int a = find(k), b = find(static_cast<int>(scratch_[n] - base));
          if (a != b) {
            group[std::max(a, b)] = std::min(a, b);
            changed = true;
          }
          continue;
        }
        scratch_[n] = base + k;
        queues_[k][tail[k]++] = static_cast<Square>(n);
      }
      changed |= head[k] == tail[k];
    }
    if (!changed) continue;
    groups = live_groups = 0;
    bool live[4] = {false, false, false, false};
    for (int k = 0; k < count; ++k) live[find(k)] |= head[k] < tail[k];
    for (int k = 0; k < count; ++k) {
      if (find(k) != k) continue;
      ++groups;
      live_groups += live[k];
    }
  }
}

}  // namespace sokoban
