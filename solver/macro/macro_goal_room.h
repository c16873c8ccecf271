// Macro: goal-room moves and the goal cut (fast mode, push search;
// solver/rooms/goal_room.h). A box pushed into or next to a room from outside
// goes on to the room's next goal in its order; a state where that can
// happen has no other children. Both leave states out
// (Expansion::incomplete): a search using them that runs out of states
// proves nothing.
#pragma once

#include <vector>

#include "solver/core/board.h"
#include "solver/macro/macro_room_paths.h"
#include "solver/parts/search_parts.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

class GoalRoomMacro final : public MoveMacro {
 public:
  // `rooms` and `room_paths` (null: none; registered before this macro)
  // must outlive this.
  GoalRoomMacro(const Board& board, const GoalRooms& rooms, const RoomPaths* room_paths)
      : board_(board), rooms_(rooms), room_paths_(room_paths) {}

  int hooks() const override { return kExtend | kFilter; }
  void Extend(Expansion& parent, int d, Move* move) override;
  void Filter(Expansion& parent, std::vector<Move>* moves) override;

 private:
  const Board& board_;
  const GoalRooms& rooms_;
  const RoomPaths* room_paths_;
  std::vector<Push> path_;
};

}  // namespace sokoban
