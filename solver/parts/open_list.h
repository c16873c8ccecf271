// The open list: state ids in buckets by an integer priority and, within a
// priority, by the lower bound h, taken lowest first; within one (priority,
// h) bucket the newest id comes first (depth first among equals), or with
// kOldestFirst the oldest (optimal mode, `optbound`: solver/order/order_best_first.h).
// Every choice depends only on the numbers pushed, so the order is the same
// on every run.
//
//   OpenList open;  // or OpenList open(OpenList::kOldestFirst);
//   open.Push(f, h, id);
//   while (!open.empty()) { StateId id = open.Pop(&f, &h); ... }
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solver/core/state_store.h"

namespace sokoban {

class OpenList {
 public:
  // Within one (priority, h) bucket: the newest id first, or the oldest.
  enum Within : uint8_t { kNewestFirst, kOldestFirst };
  explicit OpenList(Within within = kNewestFirst) : oldest_first_(within == kOldestFirst) {}

  void Push(int priority, int h, StateId id) {
    if (priority >= static_cast<int>(buckets_.size())) {
      bytes_ -= buckets_.capacity() * (sizeof(buckets_[0]) + sizeof(first_h_[0]));
      buckets_.resize(priority + 1);
      first_h_.resize(priority + 1, INT_MAX);
      bytes_ += buckets_.capacity() * (sizeof(buckets_[0]) + sizeof(first_h_[0]));
      if (oldest_first_) heads_.resize(priority + 1);
    }
    std::vector<std::vector<StateId>>& by_h = buckets_[priority];
    if (h >= static_cast<int>(by_h.size())) {
      bytes_ -= by_h.capacity() * sizeof(by_h[0]);
      by_h.resize(h + 1);
      bytes_ += by_h.capacity() * sizeof(by_h[0]);
      if (oldest_first_) {
        bytes_ -= heads_[priority].capacity() * sizeof(uint32_t);
        heads_[priority].resize(h + 1, 0);
        bytes_ += heads_[priority].capacity() * sizeof(uint32_t);
      }
    }
    std::vector<StateId>& ids = by_h[h];
    const size_t capacity = ids.capacity();
    ids.push_back(id);
    bytes_ += (ids.capacity() - capacity) * sizeof(StateId);
    if (priority < min_priority_) min_priority_ = priority;
    first_h_[priority] = std::min(first_h_[priority], h);
    ++size_;
  }

  // The memory the list holds (vectors' capacities; popping frees none).
  size_t bytes() const { return bytes_; }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  // Removes and returns the first id; must not be empty.
  StateId Pop(int* priority, int* h) {
    for (;; ++min_priority_) {
      std::vector<std::vector<StateId>>& by_h = buckets_[min_priority_];
      // Every h below first_h_ is empty in this bucket.
      for (int& i = first_h_[min_priority_]; i < static_cast<int>(by_h.size()); ++i) {
        if (by_h[i].empty()) continue;
        if (oldest_first_) {
          *priority = min_priority_;
          *h = i;
          return PopOldest(by_h[i], heads_[min_priority_][i]);
        }
        const StateId id = by_h[i].back();
        by_h[i].pop_back();
        --size_;
        *priority = min_priority_;
        *h = i;
        return id;
      }
    }
  }

 private:
  // The bucket's ids before `head` are taken; the bucket is emptied once
  // all are, and its taken prefix dropped once it is most of it.
  StateId PopOldest(std::vector<StateId>& ids, uint32_t& head) {
    const StateId id = ids[head++];
    --size_;
    if (head == ids.size()) {
      ids.clear();
      head = 0;
    } else if (head >= 1024 && head * 2 >= ids.size()) {
      ids.erase(ids.begin(), ids.begin() + head);
      head = 0;
    }
    return id;
  }

  const bool oldest_first_;
  std::vector<std::vector<std::vector<StateId>>> buckets_;
  // kOldestFirst: per priority and h, the first id not yet taken.
  std::vector<std::vector<uint32_t>> heads_;
  // Per priority, the lowest h that may hold ids (Pop starts there).
  std::vector<int> first_h_;
  int min_priority_ = 1 << 30;
  size_t size_ = 0;
  size_t bytes_ = 0;
};

// Feature-space open list: states fall into cells by their features (the
// search's choice: boxes on goals and areas of free floor), and the cells
// take turns: each Pop takes from the next non-empty cell its first state
// in OpenList's order (priority, then h, then newest). The cells with
// states form a cycle; a cell found empty leaves it (the last cell of the
// cycle takes its place) and a cell that gets a state joins at the end.
// Every cell gets the same share however many states it holds, so the
// search spreads over the different kinds of position instead of sinking
// into the one with the most states.
class CellOpenList {
 public:
  void Push(int cell, int priority, int h, StateId id) {
    if (cell >= static_cast<int>(cells_.size())) {
      cells_.resize(cell + 1);
      listed_.resize(cell + 1, 0);
    }
    if (!listed_[cell]) {
      listed_[cell] = 1;
      active_.push_back(cell);
    }
    std::vector<Entry>& heap = cells_[cell];
    const size_t capacity = heap.capacity();
    heap.push_back(
        {static_cast<uint64_t>(static_cast<uint32_t>(priority)) << 32 | static_cast<uint32_t>(h),
         ++sequence_, id});
    std::push_heap(heap.begin(), heap.end(), Later());
    cell_bytes_ += (heap.capacity() - capacity) * sizeof(Entry);
    ++size_;
  }

  // The memory the list holds.
  size_t bytes() const {
    return cell_bytes_ + cells_.capacity() * sizeof(cells_[0]) + active_.capacity() * sizeof(int) +
           listed_.capacity();
  }

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

  // Removes and returns the next cell's first id; must not be empty.
  StateId Pop(int* cell, int* priority, int* h) {
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
      std::vector<Entry>& heap = cells_[c];
      std::pop_heap(heap.begin(), heap.end(), Later());
      const Entry first = heap.back();
      heap.pop_back();
      *priority = static_cast<int>(first.order >> 32);
      *h = static_cast<int>(static_cast<uint32_t>(first.order));
      return first.id;
    }
  }

 private:
  // A cell is a binary heap, 16 bytes an entry: lowest priority first, then
  // lowest h, then the newest (the order of OpenList). `order` holds the
  // priority in its high half and h in its low half, so one comparison
  // orders both.
  struct Entry {
    uint64_t order;
    uint32_t sequence;
    StateId id;
  };
  // A function object, not a function: the heap's calls to it inline.
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.order != b.order) return a.order > b.order;
      return a.sequence < b.sequence;
    }
  };

  std::vector<std::vector<Entry>> cells_;
  // Pushes so far: the feature-space search pushes a state once, and a
  // store holds fewer than 2^27 states.
  uint32_t sequence_ = 0;
  std::vector<int> active_;      // cells that may hold states, in cycle order
  std::vector<uint8_t> listed_;  // whether a cell is in active_
  size_t cell_bytes_ = 0;        // the heaps' capacity
  size_t next_ = 0;
  size_t size_ = 0;
};

}  // namespace sokoban
