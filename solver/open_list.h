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

}  // namespace sokoban
