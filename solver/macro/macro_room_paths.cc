#include "solver/macro/macro_room_paths.h"

namespace sokoban {

RoomPaths::RoomPaths(const Board& board, const GoalRooms& rooms)
    : board_(board), rooms_(rooms), path_cache_(board.size()) {
  for (int r = 0; r < rooms_.room_count(); ++r) sources_.emplace_back(board_);
}

void RoomPaths::AddMoves(Expansion& parent, std::vector<Move>* moves) {
  const int box_count = board_.box_count();
  room_bound_.assign(static_cast<size_t>(box_count) * rooms_.room_count(), 0);
  for (int r = 0; r < rooms_.room_count(); ++r) {
    const int target = rooms_.Target(r, parent.occupied.data());
    if (target < 0) continue;
    sources_[r].Mark(parent.occupied.data(), target);
    for (int i = 0; i < box_count; ++i) {
      const int from = parent.boxes[i];
      if (board_.IsGoal(from) || !sources_[r].Marked(from)) continue;
      // The path this box square last had to the same goal, if it still
      // works; else a new one.
      PathCache& cached = path_cache_[from];
      if (cached.target == target &&
          parent.mover.Works(parent.occupied, from, cached.path, parent.reach)) {
        path_ = cached.path;
      } else {
        path_.clear();
        if (!parent.mover.Find(parent.occupied, from, target, parent.player, &path_, &parent.reach,
                               &sources_[r], -1, parent.floor())) {
          continue;
        }
        cached.target = target;
        cached.path = path_;
      }
      room_bound_[static_cast<size_t>(i) * rooms_.room_count() + r] = 1;
      moves->push_back({i, target, static_cast<int>(path_.size()), path_.back().from, false});
    }
  }
}

}  // namespace sokoban
