// Open list: best-first on f = g + weight * h (OpenList's buckets: lowest
// f, then lowest h, then newest). Weight 1 is A*.
#pragma once

#include "solver/open_list.h"
#include "solver/search_parts.h"

namespace sokoban {

class BestFirstOrder final : public SearchOpenList {
 public:
  explicit BestFirstOrder(int weight) : weight_(weight) {}

  void PushRoot(const Square* boxes, int h, StateId id) override {
    (void)boxes;
    open_.Push(Priority(0, h), h, id);
  }
  void Push(Expansion& parent, const ChildView& child, int g, int h, StateId id) override {
    (void)parent;
    (void)child;
    open_.Push(Priority(g, h), h, id);
  }
  bool empty() const override { return open_.empty(); }
  StateId Pop(int* h) override {
    const StateId id = open_.Pop(&popped_priority_, h);
    return id;
  }
  // A stale entry: the state was reached again with fewer pushes and
  // re-queued under its new priority.
  bool Take(StateId id, int g, int h) override {
    (void)id;
    return Priority(g, h) == popped_priority_;
  }
  size_t bytes() const override { return open_.bytes(); }

 private:
  int Priority(int g, int h) const { return g + weight_ * h; }

  const int weight_;
  OpenList open_;
  int popped_priority_ = 0;
};

}  // namespace sokoban
