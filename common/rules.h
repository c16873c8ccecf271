// The rules of Sokoban, exactly: a position (walls, goals, boxes, player) and
// the one operation the game has, a step in one of four directions.
//
//   Game game(level);                 // level must pass ValidateLevel
//   StepResult r = game.Step(Dir::kRight);
//   if (r == StepResult::kPushed) ...
//   bool done = game.Solved();
//
// This is the reference the solver's answers are checked against: it is kept
// simple and obviously right rather than fast.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/level.h"

namespace sokoban {

// Directions in LURD order; the LURD letter of d is kDirLetters[d].
enum class Dir : uint8_t { kLeft = 0, kUp = 1, kRight = 2, kDown = 3 };
inline constexpr char kDirLetters[] = "lurd";
inline constexpr int kDx[4] = {-1, 0, 1, 0};
inline constexpr int kDy[4] = {0, -1, 0, 1};
inline Dir Opposite(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 2) & 3); }

enum class StepResult : uint8_t {
  kMoved,        // the player walked onto free floor
  kPushed,       // the player pushed a box one square
  kBlockedWall,  // a wall (or the board's edge) is in the way
  kBlockedBox,   // a box is in the way and cannot move (wall or box behind)
};

class Game {
 public:
  // The level must have exactly one player (see ValidateLevel).
  explicit Game(const Level& level);

  int width() const { return width_; }
  int height() const { return height_; }
  int player() const { return player_; }  // square index y * width + x
  bool IsWall(int sq) const { return wall_[sq]; }
  bool IsGoal(int sq) const { return goal_[sq]; }
  bool HasBox(int sq) const { return box_id_[sq] >= 0; }
  // Stable identity of the box on sq (0..boxes-1, by first appearance in
  // row-major order), or -1.
  int BoxId(int sq) const { return box_id_[sq]; }
  int box_count() const { return box_count_; }

  // Attempts one step; on kMoved / kPushed the position changes.
  StepResult Step(Dir d);
  // Every box stands on a goal.
  bool Solved() const { return boxes_off_goal_ == 0; }
  // The current position as a Level (title and notes copied from the start).
  Level ToLevel() const;

 private:
  int Neighbour(int sq, Dir d) const;  // -1 off the board

  Level base_;
  int width_, height_;
  std::vector<uint8_t> wall_, goal_;
  std::vector<int> box_id_;
  int player_ = -1;
  int box_count_ = 0;
  int boxes_off_goal_ = 0;
};

}  // namespace sokoban
