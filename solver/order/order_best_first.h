// Open list: best-first on f = g + weight * h (OpenList's buckets: lowest
// f, then lowest h, then newest). Weight 1 is A*.
//
// `optbound` (optimal mode): of states with the same f and h, the oldest
// first. An A* with an admissible bound proves the optimum a lower bound
// once it takes a state of that f, and any solution it then finds of that
// length is optimal, so the order among equals is free. Most of a level's
// work can lie in that last layer: Microban 153 (336 pushes) proves 336
// after 78,230 expansions of the push search, and newest first (depth first
// among equals) then needs 3.2 million more to find a solution of that
// length, oldest first 1.1 million; the other levels of Microban change by
// under 0.1% in all. The gain comes from which sibling goes first: oldest
// first takes a parent's children in the order they were made (boxes by
// square, top left first); newest first with the children made in the
// reverse order does as well (1,259,685 expansions in all), and oldest
// first with them reversed as badly (3,326,230). Taking first the push of
// the box nearest a goal (2,721,918) or furthest (3,443,265) does worse.
#pragma once

#include "solver/parts/open_list.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class BestFirstOrder final : public SearchOpenList {
 public:
  explicit BestFirstOrder(int weight, OpenList::Within within = OpenList::kNewestFirst)
      : weight_(weight), open_(within) {}

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
