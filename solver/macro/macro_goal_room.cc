#include "solver/macro/macro_goal_room.h"

#include <algorithm>

namespace sokoban {

// The push of box i in direction d that ends on move->to after
// move->pushes pushes (tunnel included) becomes a room move when it brings
// the box from outside a room into it or next to it and the room's next
// goal in its order is move->to or reachable from there. With room paths, a
// box off goals that had none is not tried (the macro would be one).
void GoalRoomMacro::Extend(Expansion& parent, int d, Move* move) {
  const int from = parent.boxes[move->box];
  const int room = rooms_.RoomAt(move->to);
  if (room < 0 || rooms_.InRoom(from, room)) return;
  if (room_paths_ && !board_.IsGoal(from) && !room_paths_->Found(move->box, room)) return;
  std::vector<uint8_t>& occupied = parent.occupied;
  const int target = rooms_.Target(room, occupied.data());
  if (target < 0) return;
  if (target == move->to) {
    move->cut = true;
    return;
  }
  occupied[from] = 0;
  path_.clear();
  const bool found =
      parent.mover.Find(occupied, move->to, target, board_.Neighbour(move->to, d ^ 2), &path_);
  occupied[move->to] = 0;
  occupied[from] = 1;
  if (!found) return;
  move->to = target;
  move->pushes += static_cast<int>(path_.size());
  move->player_after = path_.back().from;
  move->cut = true;
  parent.incomplete = true;  // the single push it replaces is not searched
}

// Goal cut: where a box can go into a room, nothing else is tried.
void GoalRoomMacro::Filter(Expansion& parent, std::vector<Move>* moves) {
  if (std::none_of(moves->begin(), moves->end(), [](const Move& m) { return m.cut; })) return;
  const auto kept =
      std::remove_if(moves->begin(), moves->end(), [](const Move& m) { return !m.cut; });
  if (kept != moves->end()) parent.incomplete = true;
  moves->erase(kept, moves->end());
}

}  // namespace sokoban
