// Positions dead only as a whole, and the patterns learned from them.
//
// Some positions are dead although no corral and no group of touching boxes
// proves it: only a search of the whole position does (measured with
// bench/dead_scan.cc: 19-74% of the states the search expands on XSokoban
// 23, 29 and 90). The check searches the whole position, pushing every box
// from the player's area (solver/subset_search.h) within a budget of
// positions; when it runs out of positions without one with all the boxes
// on goals, the position is dead. It then shrinks the dead set: drops one
// box at a time and searches again without it (off the board, not a wall:
// fewer boxes never block a walk or a push, so a set dead without the box
// is dead with it), keeping each box whose removal leaves the search short
// of a proof. The smallest dead set found, with the player's area once only
// its boxes stand on the board, becomes a learned pattern
// (solver/learned_deadlocks.h) that prunes every position holding those
// boxes, with the player in that area, in the level's push searches: the
// variants of the dead position that differ in boxes it does without.
//
// The boxes of a set frozen on goals with only the set on the board
// (solver/freeze.h) are walls to its search: they are frozen in every
// position holding the set (more boxes never free a box), so they never
// move in any solution of one. Festival's deadlock search and YASS's
// learned deadlock sets are the models.
//
//   WholeDeadlock whole(board);
//   whole.ShareWith(&table);
//   if (whole.IsDead(boxes, count, player)) { /* prune */ }
#pragma once

#include <cstdint>
#include <vector>

#include "solver/board.h"
#include "solver/learned_deadlocks.h"
#include "solver/subset_search.h"

namespace sokoban {

class WholeDeadlock {
 public:
  // Positions the search of a whole position may expand, and each search
  // of a smaller set while the dead set shrinks.
  static constexpr int kMaxNodes = 1000;
  // Positions all the searches of one shrinking may expand together.
  static constexpr int kMaxShrinkNodes = 20000;

  explicit WholeDeadlock(const Board& board, int max_nodes = kMaxNodes,
                         int max_shrink_nodes = kMaxShrinkNodes);

  // Whether the position of boxes[0..count) with the player on `player` (a
  // free square) is proved dead. When it is, its smallest dead set found
  // becomes a pattern of the table given to ShareWith.
  bool IsDead(const Square* boxes, int count, int player);

  // Adds a pattern to `table` (null: none) for each position proved dead
  // from now on. `table` must outlive this object.
  void ShareWith(LearnedDeadlocks* table) { learned_ = table; }

  // The last dead set (sorted; empty when the last position was not proved
  // dead), and the positions the last call's searches expanded.
  const std::vector<Square>& dead_set() const { return set_; }
  int expanded() const { return expanded_; }

 private:
  // Searches the position of set_ alone (its boxes frozen on goals as
  // walls), the player on `player`, within max_nodes positions.
  SubsetSearch::Verdict Prove(int player, int max_nodes);
  // Drops from set_ each box without which it stays dead; the whole set's
  // proof took first_nodes positions.
  void Shrink(int player, int first_nodes);

  const Board& board_;
  const int max_nodes_, max_shrink_nodes_;
  SubsetSearch search_;
  LearnedDeadlocks* learned_ = nullptr;
  std::vector<uint8_t> sub_occupied_;
  std::vector<Square> set_, moving_, walls_, order_;
  int expanded_ = 0;
};

}  // namespace sokoban
