#include "solver/floor_areas.h"

#include <algorithm>

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

FloorAreas::FloorAreas(const Board& board)
    : board_(board), label_(board.size(), 0), scratch_(board.size(), 0), queue_(board.size()) {}

int FloorAreas::Label(const uint8_t* occupied) {
  labelled_ = Count(occupied, label_);
  return labelled_;
}

int FloorAreas::Count(const uint8_t* occupied, std::vector<uint32_t>& mark) {
  // A board has fewer areas than squares, so ids wrap only after 2^32 / n
  // counts; then both label arrays start again.
  if (last_id_ > UINT32_MAX - static_cast<uint32_t>(board_.size()) - 1) {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(scratch_.begin(), scratch_.end(), 0);
    last_id_ = 0;
  }
  const uint32_t first = last_id_ + 1;
  first_id_ = first;
  int areas = 0;
  for (int sq = 0; sq < board_.size(); ++sq) {
    if (occupied[sq] || mark[sq] >= first) continue;
    ++areas;
    const uint32_t id = ++last_id_;
    int head = 0, tail = 0;
    queue_[tail++] = static_cast<Square>(sq);
    mark[sq] = id;
    while (head < tail) {
      const int at = queue_[head++];
      for (int d = 0; d < 4; ++d) {
        const int n = board_.Neighbour(at, d);
        if (n == kNoSquare || occupied[n] || mark[n] >= first) continue;
        mark[n] = id;
        queue_[tail++] = static_cast<Square>(n);
      }
    }
  }
  return areas;
}

int FloorAreas::AfterMove(const uint8_t* occupied, int from, int to) {
  // Freeing `from` joins the areas around it (free before the move: `to`
  // was) into one, or makes a new one when none touches it.
  uint32_t ids[4];
  int joined = 0;
  for (int d = 0; d < 4; ++d) {
    const int n = board_.Neighbour(from, d);
    if (n == kNoSquare || (occupied[n] && n != to)) continue;
    const uint32_t id = label_[n];
    if (std::find(ids, ids + joined, id) == ids + joined) ids[joined++] = id;
  }
  const int areas = labelled_ + 1 - joined;
  // The box on `to` removes an area it filled alone, leaves its area whole
  // when it is a dead end or the ring around it is connected, and otherwise
  // may split it: then count again.
  int open = 0;
  for (int d = 0; d < 4; ++d) {
    const int n = board_.Neighbour(to, d);
    open += n != kNoSquare && !occupied[n];
  }
  if (open == 0) return areas - 1;
  if (open == 1 || RingConnected(board_, occupied, to)) return areas;
  return Count(occupied, scratch_);
}

}  // namespace sokoban
