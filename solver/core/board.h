// The board as the solver sees it: only the floor (squares the player can
// reach with every box removed), numbered 0..size()-1 in row-major order.
// Walls, outside squares and decorative boxes vanish; each floor square keeps
// its grid cell, its four neighbours, a goal flag and a dead flag.
//
//   absl::StatusOr<Board> board = Board::Build(level);
//   int right = board->Neighbour(sq, Dir::kRight);   // -1: no floor there
//
// Layout: neighbours are one flat int16 array, 4 entries a square in LURD
// order, so a push looks at two neighbours with two loads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "common/level.h"
#include "common/rules.h"

namespace sokoban {

// Floor squares of one level: at most kMaxFloorSquares (neighbour indices
// are int16_t, with kNoSquare for none).
using Square = uint16_t;
inline constexpr int kNoSquare = -1;
inline constexpr size_t kMaxFloorSquares = 32767;

// Which way a search runs: pushing boxes from the start to the goals, or
// pulling them back from the goals to the start.
enum class Direction : uint8_t { kPush, kPull };

class Board {
 public:
  // Fails when the level does not pass ValidateLevel or has more than
  // kMaxFloorSquares floor squares.
  static absl::StatusOr<Board> Build(const Level& level);
  // The board of a layout before boxes and a player exist (the generator's
  // use): every cell with wall[cell] == 0 is floor, row-major, width *
  // height cells; goal_cells are distinct floor cells, kept in the order
  // given by goals(). Fails when floor touches the grid's edge, a goal is
  // not floor, or there are more than kMaxFloorSquares floor squares.
  static absl::StatusOr<Board> FromWallsAndGoals(int width, int height,
                                                 const std::vector<uint8_t>& wall,
                                                 const std::vector<int>& goal_cells);

  int size() const { return static_cast<int>(cell_.size()); }
  int width() const { return width_; }
  int height() const { return height_; }
  int box_count() const { return static_cast<int>(start_boxes_.size()); }

  // Floor index of the square next to sq in direction d, or kNoSquare.
  int Neighbour(int sq, int d) const { return neighbour_[sq * 4 + d]; }
  // As Neighbour, with size() instead of kNoSquare: a flood fill keeps one
  // square past the floor always blocked, and so needs no test for "none".
  int NeighbourOrEnd(int sq, int d) const { return neighbour_or_end_[sq * 4 + d]; }
  // The same table whole, for loops that walk it: entry sq * 4 + d.
  const uint16_t* NeighboursOrEnd() const { return neighbour_or_end_.data(); }
  // The eight squares round sq (up, up-right, right, down-right, down,
  // down-left, left, up-left), each diagonal reached through an orthogonal
  // floor neighbour (the vertical one first): Ring(sq)[k] is ring square k,
  // or sq itself where there is none; RingFloor(sq) has bit k set where
  // there is one. RingConnected (player_area.h) reads them.
  const uint16_t* Ring(int sq) const { return &ring_[static_cast<size_t>(sq) * 8]; }
  int RingFloor(int sq) const { return ring_floor_[sq]; }
  bool IsGoal(int sq) const { return goal_[sq]; }
  // A box on a dead square can never reach any goal.
  bool IsDead(int sq) const { return dead_[sq]; }
  // Fewest pushes that take a box from sq to its nearest goal, other boxes
  // and the player's way round ignored (pulls from the goals, each needing
  // a free square beyond); kFarFromGoals on dead squares.
  static constexpr int kFarFromGoals = 1 << 20;
  int GoalDistance(int sq) const { return goal_distance_[sq]; }
  // Walls on both sides of sq across direction d: a one-wide passage.
  bool IsTunnel(int sq, int d) const {
    return Neighbour(sq, d ^ 1) == kNoSquare && Neighbour(sq, d ^ 3) == kNoSquare;
  }
  // Grid cell (y * width + x) of a floor square, and back (-1 off the floor).
  int Cell(int sq) const { return cell_[sq]; }
  int FloorIndex(int cell) const { return index_of_[cell]; }

  // Row-major (Build) or in the order given (FromWallsAndGoals).
  const std::vector<Square>& goals() const { return goals_; }
  const std::vector<Square>& start_boxes() const { return start_boxes_; }  // sorted
  int start_player() const { return start_player_; }
  int DeadSquareCount() const;

 private:
  void ComputeNeighbours();
  void ComputeDeadSquares();

  int width_ = 0, height_ = 0;
  std::vector<int> cell_;
  std::vector<int> index_of_;
  std::vector<int16_t> neighbour_;
  std::vector<uint16_t> neighbour_or_end_;
  std::vector<uint16_t> ring_;       // 8 a square, see Ring
  std::vector<uint8_t> ring_floor_;  // see RingFloor
  std::vector<uint8_t> goal_, dead_;
  std::vector<int> goal_distance_;
  std::vector<Square> goals_, start_boxes_;
  int start_player_ = 0;
};

}  // namespace sokoban
