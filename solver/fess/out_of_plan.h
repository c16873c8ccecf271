// Out of plan (a feature of the feature-space search, after FESS, Shoham
// and Schaeffer): the boxes off goals that stand where the packing plan is
// about to wall them in. For each goal room with an order (GoalRooms), and
// each point of its order, the squares that filling the room's next goal
// cuts off from the main floor (the largest part of the floor left once
// the goals filled so far, that one included, are walls), and that the
// goals filled before it had not cut off, are found once; a box off goals
// on such a square must leave before the room's next goal is filled, or
// never can. (Boxes walled in already are no longer counted: they are past
// advice.)
//
//   OutOfPlan plan(board, rooms);
//   int boxes = plan.Count(occupied);  // occupied[sq] != 0 marks boxes
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

class OutOfPlan {
 public:
  OutOfPlan(const Board& board, const GoalRooms& rooms);

  // True when some point of some room's order walls squares in.
  bool any() const { return any_; }
  // The squares cut off once room r's goals order(r)[0..k] hold boxes, and
  // not before.
  const std::vector<Square>& Sealed(int r, int k) const { return sealed_[r][k]; }
  // The boxes off goals on the squares sealed by each room's next goal.
  int Count(const uint8_t* occupied) const;

 private:
  // Squares visited by the fills; rooms past kMaxWork get no sealed squares
  // (a bound for boards of thousands of boxes).
  static constexpr int64_t kMaxWork = 20'000'000;

  const Board& board_;
  const GoalRooms& rooms_;
  std::vector<std::vector<std::vector<Square>>> sealed_;  // [room][k]
  bool any_ = false;
};

}  // namespace sokoban
