#include "solver/board.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace sokoban {

absl::StatusOr<Board> Board::Build(const Level& level) {
  if (absl::Status s = ValidateLevel(level); !s.ok()) return s;
  Board b;
  b.width_ = level.width;
  b.height_ = level.height;
  const std::vector<uint8_t> floor = ReachableFloor(level);
  b.index_of_.assign(floor.size(), -1);
  for (size_t cell = 0; cell < floor.size(); ++cell) {
    if (!floor[cell]) continue;
    b.index_of_[cell] = static_cast<int>(b.cell_.size());
    b.cell_.push_back(static_cast<int>(cell));
  }
  // Neighbour indices are int16_t with -1 for "none": 32767 squares at most.
  if (b.cell_.size() > kMaxFloorSquares) {
    return absl::InvalidArgumentError(
        absl::StrCat("board has ", b.cell_.size(), " floor squares; at most ", kMaxFloorSquares));
  }
  const int n = b.size();
  b.neighbour_.assign(static_cast<size_t>(n) * 4, kNoSquare);
  b.goal_.assign(n, 0);
  for (int sq = 0; sq < n; ++sq) {
    const int cell = b.cell_[sq];
    const int x = cell % b.width_, y = cell / b.width_;
    for (int d = 0; d < 4; ++d) {
      // The floor is closed (validated), so neighbours stay on the grid.
      const int nc = (y + kDy[d]) * b.width_ + (x + kDx[d]);
      b.neighbour_[sq * 4 + d] = static_cast<int16_t>(b.index_of_[nc]);
    }
    const char c = level.squares[cell];
    if (IsGoalChar(c)) {
      b.goal_[sq] = 1;
      b.goals_.push_back(static_cast<Square>(sq));
    }
    if (IsBoxChar(c)) b.start_boxes_.push_back(static_cast<Square>(sq));
    if (IsPlayerChar(c)) b.start_player_ = sq;
  }
  b.ComputeDeadSquares();
  return b;
}

// A square is live when a box on it can be pulled to some goal: pull boxes
// backwards from every goal (a pull needs two free squares in a row) and
// mark what they reach. Everything else is dead.
void Board::ComputeDeadSquares() {
  const int n = size();
  std::vector<uint8_t> live(n, 0);
  std::vector<int> stack(goals_.begin(), goals_.end());
  for (int g : goals_) live[g] = 1;
  while (!stack.empty()) {
    const int sq = stack.back();
    stack.pop_back();
    for (int d = 0; d < 4; ++d) {
      const int to = Neighbour(sq, d);
      if (to == kNoSquare || live[to]) continue;
      if (Neighbour(to, d) == kNoSquare) continue;  // no room for the puller
      live[to] = 1;
      stack.push_back(to);
    }
  }
  dead_.assign(n, 0);
  for (int sq = 0; sq < n; ++sq) dead_[sq] = !live[sq];
}

int Board::DeadSquareCount() const {
  return static_cast<int>(std::count(dead_.begin(), dead_.end(), 1));
}

}  // namespace sokoban
