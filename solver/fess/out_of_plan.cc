#include "solver/fess/out_of_plan.h"

namespace sokoban {

OutOfPlan::OutOfPlan(const Board& board, const GoalRooms& rooms)
    : board_(board), rooms_(rooms), sealed_(rooms.room_count()) {
  const int n = board.size();
  int64_t work = 0;
  std::vector<uint8_t> main_floor(n);
  for (int r = 0; r < rooms.room_count(); ++r) {
    const std::vector<Square>& order = rooms.order(r);
    sealed_[r].resize(order.size());
    std::vector<uint8_t> wall(n, 0), cut(n, 0);
    for (size_t k = 0; k < order.size() && work <= kMaxWork; ++k) {
      wall[order[k]] = 1;
      // The parts of the floor left; the largest is the main floor.
      work += n;
      if (!MarkMainFloor(board, wall, &main_floor)) continue;
      for (int sq = 0; sq < n; ++sq) {
        if (wall[sq] || main_floor[sq] || cut[sq]) continue;
        cut[sq] = 1;
        sealed_[r][k].push_back(static_cast<Square>(sq));
      }
      any_ |= !sealed_[r][k].empty();
    }
  }
}

int OutOfPlan::Count(const uint8_t* occupied) const {
  int count = 0;
  for (int r = 0; r < rooms_.room_count(); ++r) {
    const size_t k = rooms_.Next(r, occupied);
    if (k == rooms_.order(r).size()) continue;
    for (Square sq : sealed_[r][k]) count += occupied[sq] && !board_.IsGoal(sq);
  }
  return count;
}

}  // namespace sokoban
