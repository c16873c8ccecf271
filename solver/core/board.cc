#include "solver/core/board.h"

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
  b.ComputeNeighbours();
  b.goal_.assign(n, 0);
  for (int sq = 0; sq < n; ++sq) {
    const int cell = b.cell_[sq];
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

absl::StatusOr<Board> Board::FromWallsAndGoals(int width, int height,
                                               const std::vector<uint8_t>& wall,
                                               const std::vector<int>& goal_cells) {
  Board b;
  b.width_ = width;
  b.height_ = height;
  const int cells = width * height;
  if (width < 1 || height < 1 || static_cast<int>(wall.size()) != cells) {
    return absl::InvalidArgumentError(absl::StrCat("bad grid ", width, "x", height));
  }
  b.index_of_.assign(cells, -1);
  for (int cell = 0; cell < cells; ++cell) {
    if (wall[cell]) continue;
    const int x = cell % width, y = cell / width;
    if (x == 0 || y == 0 || x == width - 1 || y == height - 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("floor at row ", y + 1, ", column ", x + 1, " touches the edge"));
    }
    b.index_of_[cell] = static_cast<int>(b.cell_.size());
    b.cell_.push_back(cell);
  }
  if (b.cell_.size() > kMaxFloorSquares) {
    return absl::InvalidArgumentError(
        absl::StrCat("board has ", b.cell_.size(), " floor squares; at most ", kMaxFloorSquares));
  }
  b.ComputeNeighbours();
  b.goal_.assign(b.size(), 0);
  for (int cell : goal_cells) {
    if (cell < 0 || cell >= cells || b.index_of_[cell] < 0 || b.goal_[b.index_of_[cell]]) {
      return absl::InvalidArgumentError(absl::StrCat("goal at cell ", cell, " is not free floor"));
    }
    b.goal_[b.index_of_[cell]] = 1;
    b.goals_.push_back(static_cast<Square>(b.index_of_[cell]));
  }
  b.start_player_ = kNoSquare;
  b.ComputeDeadSquares();
  return b;
}

void Board::ComputeNeighbours() {
  const int n = size();
  neighbour_.assign(static_cast<size_t>(n) * 4, kNoSquare);
  for (int sq = 0; sq < n; ++sq) {
    const int cell = cell_[sq];
    const int x = cell % width_, y = cell / width_;
    for (int d = 0; d < 4; ++d) {
      // The floor is closed (validated), so neighbours stay on the grid.
      const int nc = (y + kDy[d]) * width_ + (x + kDx[d]);
      neighbour_[sq * 4 + d] = static_cast<int16_t>(index_of_[nc]);
    }
  }
  neighbour_or_end_.resize(neighbour_.size());
  for (size_t k = 0; k < neighbour_.size(); ++k) {
    neighbour_or_end_[k] = static_cast<uint16_t>(neighbour_[k] == kNoSquare ? n : neighbour_[k]);
  }
  // Ring order up, up-right, ..., up-left; LURD indices 0 left, 1 up,
  // 2 right, 3 down: orthogonal k is kOrth[k], the diagonal after it lies
  // towards kOrth[k + 1].
  static constexpr int kOrth[4] = {1, 2, 3, 0};
  ring_.assign(static_cast<size_t>(n) * 8, 0);
  ring_floor_.assign(n, 0);
  for (int sq = 0; sq < n; ++sq) {
    int squares[8];
    for (int k = 0; k < 4; ++k) {
      const int a = kOrth[k], b = kOrth[(k + 1) & 3];
      const int orth = Neighbour(sq, a);
      int diag = orth != kNoSquare ? Neighbour(orth, b) : kNoSquare;
      if (diag == kNoSquare) {
        const int side = Neighbour(sq, b);
        if (side != kNoSquare) diag = Neighbour(side, a);
      }
      squares[2 * k] = orth;
      squares[2 * k + 1] = diag;
    }
    for (int k = 0; k < 8; ++k) {
      const bool floor = squares[k] != kNoSquare;
      ring_[static_cast<size_t>(sq) * 8 + k] = static_cast<uint16_t>(floor ? squares[k] : sq);
      ring_floor_[sq] |= static_cast<uint8_t>(floor) << k;
    }
  }
}

// A square is live when a box on it can be pulled to some goal: pull boxes
// backwards from every goal at once, breadth first (a pull needs two free
// squares in a row), and count the pulls. Everything not reached is dead.
void Board::ComputeDeadSquares() {
  const int n = size();
  goal_distance_.assign(n, kFarFromGoals);
  std::vector<int> queue(goals_.begin(), goals_.end());
  for (int g : goals_) goal_distance_[g] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const int sq = queue[head];
    for (int d = 0; d < 4; ++d) {
      const int to = Neighbour(sq, d);
      if (to == kNoSquare || goal_distance_[to] != kFarFromGoals) continue;
      if (Neighbour(to, d) == kNoSquare) continue;  // no room for the puller
      goal_distance_[to] = goal_distance_[sq] + 1;
      queue.push_back(to);
    }
  }
  dead_.assign(n, 0);
  for (int sq = 0; sq < n; ++sq) dead_[sq] = goal_distance_[sq] == kFarFromGoals;
}

int Board::DeadSquareCount() const {
  return static_cast<int>(std::count(dead_.begin(), dead_.end(), 1));
}

}  // namespace sokoban
