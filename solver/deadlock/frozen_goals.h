// Bipartite deadlocks with frozen boxes as walls.
//
// A box frozen on a goal never moves again: it is a wall for the rest of
// the game. With those walls, some goals left may be out of reach of every
// box left (a goal at the far end of a corridor behind two boxes frozen in
// it), or some box may reach no goal left. The check finds the boxes frozen
// on goals, and with them as walls looks for a perfect matching of the
// other boxes to the goals left, over which goals each box can still be
// pushed to. No matching: the position is dead. The reachability tables
// (a byte per square and goal) are kept per set of frozen boxes, so a set
// met again costs one lookup; boards where one table would pass 4 MiB are
// not checked.
//
//   FrozenGoals frozen(board);
//   if (frozen.IsDead(occupied, boxes, count, pushed_to)) { /* prune */ }
#pragma once

#include <cstdint>
#include <vector>

#include "absl/container/node_hash_map.h"
#include "solver/core/board.h"

namespace sokoban {

class FrozenGoals {
 public:
  explicit FrozenGoals(const Board& board);

  // occupied[sq] != 0 marks the boxes (given back unchanged), also listed
  // in boxes; the box on `pushed_to` has just been pushed onto a goal.
  bool IsDead(uint8_t* occupied, const Square* boxes, int count, int pushed_to);

  size_t bytes() const { return bytes_; }

 private:
  // For one set of frozen boxes: can_reach[sq * goals + k] when a box on
  // sq can be pushed to goal k (k over all goals; frozen goals unused).
  const std::vector<uint8_t>& Table(const std::vector<Square>& frozen);
  // Kuhn's augmenting path from free box `box` over box_of_goal_/visited_.
  bool Augment(int box);

  static constexpr size_t kMaxBytes = size_t{64} << 20;
  static constexpr size_t kMaxTableBytes = size_t{4} << 20;

  const Board& board_;
  const int goals_;
  const bool enabled_;
  // By frozen set (the hash map only finds; it is never iterated).
  absl::node_hash_map<std::vector<Square>, std::vector<uint8_t>> tables_;
  size_t bytes_ = 0;
  std::vector<uint8_t> scratch_table_, wall_;
  std::vector<int> queue_;
  std::vector<Square> frozen_, free_boxes_;
  std::vector<int> free_goals_;
  std::vector<int> box_of_goal_;  // free box matched to each free goal, or -1
  std::vector<int> unmatched_;    // free boxes the greedy pass left
  std::vector<uint8_t> visited_;
  const std::vector<uint8_t>* table_ = nullptr;
};

}  // namespace sokoban
