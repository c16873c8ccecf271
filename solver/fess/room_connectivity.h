// Room connectivity (a feature of the feature-space search, after FESS,
// Shoham and Schaeffer): the floor falls into rooms joined by passages, and
// the feature counts the passages between two different rooms that hold a
// box. A passage square is a floor square one square wide: a dead end (one
// floor neighbour), or one with two floor neighbours, straight between two
// walls or a corner whose inner diagonal is a wall. The passage squares joined to
// each other form a passage; the other floor squares joined to each other
// form a room. A passage that touches two rooms or more is a link; a box
// anywhere in it blocks the way between them, even where the floor still
// joins them by another way (which the areas of free floor do not see).
//
//   RoomConnectivity rc(board);
//   rc.SetParent(boxes, box_count);       // the expanded position
//   int blocked = rc.AfterMove(from, to); // a child's blocked links
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

class RoomConnectivity {
 public:
  explicit RoomConnectivity(const Board& board);

  int room_count() const { return rooms_; }
  int link_count() const { return links_; }
  // The link that sq lies in; -1 for a room square or a dead-end passage.
  int LinkAt(int sq) const { return link_at_[sq]; }
  // The blocked links of the position with boxes on boxes[0..n).
  int Count(const Square* boxes, int n) const;

  // The position being expanded; then AfterMove reads from it the blocked
  // links once a box went from `from` to `to`.
  void SetParent(const Square* boxes, int n);
  int parent() const { return parent_blocked_; }
  int AfterMove(int from, int to) const {
    const int lf = link_at_[from], lt = link_at_[to];
    if (lf == lt) return parent_blocked_;
    int blocked = parent_blocked_;
    if (lf >= 0 && boxes_in_[lf] == 1) --blocked;
    if (lt >= 0 && boxes_in_[lt] == 0) ++blocked;
    return blocked;
  }

 private:
  std::vector<int> link_at_;
  int rooms_ = 0, links_ = 0;
  std::vector<int> boxes_in_;  // per link, in the parent
  int parent_blocked_ = 0;
};

}  // namespace sokoban
