// Macro: room paths (fast mode, push search, with goal rooms). A box off
// goals that can be pushed all the way into its room's next goal (the
// others standing still) gets that whole move as a child, besides its
// single pushes. A box that cannot get into a room this way cannot by a
// goal-room macro either (GoalRoomMacro asks Found()).
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/parts/search_parts.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

class RoomPaths final : public MoveMacro {
 public:
  // `rooms` (with at least one room) must outlive this.
  RoomPaths(const Board& board, const GoalRooms& rooms);

  int hooks() const override { return kAddMoves; }
  void AddMoves(Expansion& parent, std::vector<Move>* moves) override;
  // Whether, in the state being expanded, box i (off goals) has a room
  // path to room r's next goal.
  bool Found(int i, int r) const {
    return room_bound_[static_cast<size_t>(i) * rooms_.room_count() + r];
  }

 private:
  const Board& board_;
  const GoalRooms& rooms_;
  std::vector<BoxSources> sources_;  // a room's, for its next goal
  // Per box square: the last room path found from it, and to which goal.
  struct PathCache {
    int target = -1;
    std::vector<Push> path;
  };
  std::vector<PathCache> path_cache_;
  // Per (box, room): Found() (0 for boxes on goals, which are not tried).
  std::vector<uint8_t> room_bound_;
  std::vector<Push> path_;
};

}  // namespace sokoban
