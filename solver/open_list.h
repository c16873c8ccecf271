// The open list: state ids in buckets by an integer priority and, within a
// priority, by the lower bound h, taken lowest first; within one (priority,
// h) bucket the newest id comes first (depth first among equals). Every
// choice depends only on the numbers pushed, so the order is the same on
// every run.
//
//   OpenList open;
//   open.Push(f, h, id);
//   while (!open.empty()) { StateId id = open.Pop(&f, &h); ... }
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "solver/state_store.h"

namespace sokoban {

class OpenList {
 public:
  void Push(int priority, int h, StateId id) {
    if (priority >= static_cast<int>(buckets_.size())) buckets_.resize(priority + 1);
    std::vector<std::vector<StateId>>& by_h = buckets_[priority];
    if (h >= static_cast<int>(by_h.size())) by_h.resize(h + 1);
    by_h[h].push_back(id);
    if (priority < min_priority_) min_priority_ = priority;
    ++size_;
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  // Removes and returns the first id; must not be empty.
  StateId Pop(int* priority, int* h) {
    for (;; ++min_priority_) {
      std::vector<std::vector<StateId>>& by_h = buckets_[min_priority_];
      for (size_t i = 0; i < by_h.size(); ++i) {
        if (by_h[i].empty()) continue;
        const StateId id = by_h[i].back();
        by_h[i].pop_back();
        --size_;
        *priority = min_priority_;
        *h = static_cast<int>(i);
        return id;
      }
    }
  }

 private:
  std::vector<std::vector<std::vector<StateId>>> buckets_;
  int min_priority_ = 1 << 30;
  size_t size_ = 0;
};

// Feature-space open list: states fall into cells by their features (boxes
// packed, player regions), and the cells take turns: each Pop takes from the
// next non-empty cell, in a fixed cycle, its first state by (weight, h).
// Every cell gets the same share however many states it holds, so the
// search spreads over the different kinds of position instead of sinking
// into the one with the most states.
class CellOpenList {
 public:
  void Push(int cell, int weight, int h, StateId id) {
    if (cell >= static_cast<int>(cells_.size())) {
      cells_.resize(cell + 1);
      listed_.resize(cell + 1, 0);
    }
    if (!listed_[cell]) {
      listed_[cell] = 1;
      active_.push_back(cell);
    }
    cells_[cell].Push(weight, h, id);
    ++size_;
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  // Removes and returns the next cell's first id; must not be empty.
  StateId Pop(int* cell, int* weight, int* h) {
    for (;;) {
      if (next_ >= active_.size()) next_ = 0;
      const int c = active_[next_];
      if (cells_[c].empty()) {
        listed_[c] = 0;
        active_[next_] = active_.back();
        active_.pop_back();
        continue;
      }
      ++next_;
      --size_;
      *cell = c;
      return cells_[c].Pop(weight, h);
    }
  }

 private:
  std::vector<OpenList> cells_;
  std::vector<int> active_;      // cells that may hold states, in cycle order
  std::vector<uint8_t> listed_;  // whether a cell is in active_
  size_t next_ = 0;
  size_t size_ = 0;
};

}  // namespace sokoban
