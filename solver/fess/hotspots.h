// Hotspots (an advisor of the feature-space search, after FESS, Shoham and
// Schaeffer): boxes that stand in each other's way. A box off goals is
// pinned when it cannot be pushed along either axis (on each, a wall or a
// box on one side or the other) and a box is among its neighbours: other
// boxes, not only walls, hold it. The boxes next to it are its hotspots. A
// move that leaves fewer boxes pinned is advised (costs nothing in the
// cell's order); the count is kept from the parent, looking only at the
// squares around the moved box.
//
//   Hotspots hot(board);
//   hot.SetParent(occupied, boxes, n);
//   int pinned = hot.AfterMove(from, to, child_occupied);
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"

namespace sokoban {

class Hotspots {
 public:
  explicit Hotspots(const Board& board);

  // Whether the box on sq (occupied[sq] != 0) is pinned.
  bool Pinned(const uint8_t* occupied, int sq) const;
  int Count(const uint8_t* occupied, const Square* boxes, int n) const;

  void SetParent(const uint8_t* occupied, const Square* boxes, int n);
  int parent() const { return parent_count_; }
  // The boxes pinned once a box went from `from` to `to`; `occupied` marks
  // the child's boxes.
  int AfterMove(int from, int to, const uint8_t* occupied) const;
  // AfterMove for the moves of one box, the half around `from` found once:
  // Leave(from, occupied without the box on `from`), then AfterLeave(to,
  // the child's occupied) for each `to` equals AfterMove(from, to, ...).
  void Leave(int from, const uint8_t* occupied);
  int AfterLeave(int to, const uint8_t* occupied) const;

 private:
  const Board& board_;
  std::vector<uint8_t> pinned_;  // per square, in the parent
  std::vector<Square> marked_;   // the parent's pinned squares, to clear
  int parent_count_ = 0;
  // Leave's: the box's square, the count with it gone, and the squares
  // within two steps of it (near_ == near_stamp_), whose pinning a box on
  // them changes around `from`.
  int leave_from_ = -1, leave_count_ = 0;
  std::vector<uint32_t> near_;
  uint32_t near_stamp_ = 0;
};

}  // namespace sokoban
