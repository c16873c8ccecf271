#include "solver/out_of_plan.h"

namespace sokoban {

OutOfPlan::OutOfPlan(const Board& board, const GoalRooms& rooms)
    : board_(board), rooms_(rooms), sealed_(rooms.room_count()) {
  const int n = board.size();
  int64_t work = 0;
  std::vector<int> part(n);
  std::vector<int> stack, sizes;
  for (int r = 0; r < rooms.room_count(); ++r) {
    const std::vector<Square>& order = rooms.order(r);
    sealed_[r].resize(order.size());
    std::vector<uint8_t> wall(n, 0), cut(n, 0);
    for (size_t k = 0; k < order.size() && work <= kMaxWork; ++k) {
      wall[order[k]] = 1;
      // The parts of the floor left; the largest is the main floor.
      std::fill(part.begin(), part.end(), -1);
      sizes.clear();
      for (int first = 0; first < n; ++first) {
        if (wall[first] || part[first] >= 0) continue;
        const int id = static_cast<int>(sizes.size());
        sizes.push_back(0);
        part[first] = id;
        stack.assign(1, first);
        while (!stack.empty()) {
          const int sq = stack.back();
          stack.pop_back();
          ++sizes[id];
          for (int d = 0; d < 4; ++d) {
            const int m = board.Neighbour(sq, d);
            if (m == kNoSquare || wall[m] || part[m] >= 0) continue;
            part[m] = id;
            stack.push_back(m);
          }
        }
      }
      work += n;
      if (sizes.size() < 2) continue;
      int main = 0;
      for (size_t id = 1; id < sizes.size(); ++id) {
        if (sizes[id] > sizes[main]) main = static_cast<int>(id);
      }
      for (int sq = 0; sq < n; ++sq) {
        if (wall[sq] || part[sq] == main || cut[sq]) continue;
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
    const std::vector<Square>& order = rooms_.order(r);
    size_t k = 0;
    while (k < order.size() && occupied[order[k]]) ++k;
    if (k == order.size()) continue;
    for (Square sq : sealed_[r][k]) count += occupied[sq] && !board_.IsGoal(sq);
  }
  return count;
}

}  // namespace sokoban
