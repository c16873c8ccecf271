// The board the reverse pulls run on: a finished Layout plus goals, with
// the geometry precomputed (neighbours, dead squares) and the few position
// queries the pull engines and the start-position checks need.
//
//   PullBoard board(layout, goals);
//   std::vector<uint8_t> box_at(board.size());     // 1 where a box stands
//   int area_min = board.Reach(player, box_at);   // fills board.reached()
#pragma once

#include <cstdint>
#include <vector>

#include "generator/layout.h"

namespace sokoban::generator {

class PullBoard {
 public:
  // goals: distinct floor squares (index y * width + x).
  PullBoard(const Layout& layout, std::vector<int> goals);

  int width() const { return width_; }
  int height() const { return height_; }
  int size() const { return width_ * height_; }
  bool IsFloor(int sq) const { return floor_[sq] != 0; }
  bool IsGoal(int sq) const { return goal_[sq] != 0; }
  const std::vector<int>& goals() const { return goals_; }
  // The floor square next to sq in direction d (LURD order), or -1.
  int Neighbour(int sq, int d) const { return next_[sq * 4 + d]; }
  // A box on sq can never reach any goal, even with no other box on the
  // board: sq is not pull-reachable from any goal.
  bool IsDead(int sq) const { return dead_[sq] != 0; }
  // Fewest pushes that take a box from sq to the nearest goal, other boxes
  // ignored (a large number on dead squares).
  int GoalDistance(int sq) const { return goal_distance_[sq]; }

  // Flood-fills the squares the player can walk to from `player` with boxes
  // (box_at[sq] != 0) as obstacles. Returns the smallest square reached,
  // the normalized player of that position; reached(sq) tells the area
  // until the next call.
  int Reach(int player, const std::vector<uint8_t>& box_at);
  bool reached(int sq) const { return reach_mark_[sq] == reach_stamp_; }

  // A box on sq that cannot move along either axis, now or ever: on each
  // axis a wall, a dead square on both sides, or a box that is itself
  // frozen blocks it. With no goals involved this is a deadlock; tested on
  // start positions.
  bool IsFrozen(int sq, const std::vector<uint8_t>& box_at) const;

 private:
  bool BlockedOnAxis(int sq, int axis, const std::vector<uint8_t>& box_at,
                     std::vector<uint8_t>& visiting) const;

  int width_, height_;
  std::vector<uint8_t> floor_, goal_, dead_;
  std::vector<int> goals_, next_, goal_distance_;
  std::vector<uint32_t> reach_mark_;
  uint32_t reach_stamp_ = 0;
  std::vector<int> stack_;
};

}  // namespace sokoban::generator
