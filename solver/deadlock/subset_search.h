// An exhaustive search over a subset of a position's boxes, for deadlock
// proofs: the one search behind the corral deadlocks
// (solver/deadlock/corral_deadlock.h) and the dead sets (solver/deadlock/dead_sets.h).
//
// The search pushes only the boxes it is given, from the player's square,
// with every other box taken off the board except those the caller names
// as walls (boxes frozen on goals: they never move in any solution). It
// runs out of positions without one in which all its boxes stand on goals
// (distinct goals: two boxes never share a square), or in which the player
// reaches an `escape` square (a corral's floor, say): then the whole
// position is dead. A solution of the whole position, cut down to these
// boxes, would be such a sequence of pushes: fewer boxes never block a walk
// or a push, the boxes named as walls stand where they stand in every
// solution, and dead squares and freeze deadlocks of the smaller position
// are deadlocks of the larger. Past its budget of positions the answer is
// kUnknown. A push after which the player stands next to a free escape
// square answers kAlive at once.
//
// What differs between its users is a Policy, fixed at construction: the
// order (goal-directed, fewest pushes to the nearest goals first, so that
// live subsets, the most, end soon; or breadth-first), when a child is
// normalized and when its goals are looked at, and whether boxes that come
// apart end the search.
//
//   SubsetSearch search(board);
//   if (search.Run(boxes, k, player, walls, wall_count, nullptr, 0, 20000) ==
//       SubsetSearch::kDead) ...
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/core/row_index.h"

namespace sokoban {

// How a SubsetSearch runs: the small differences between its users.
struct SubsetPolicy {
  // Goal-directed: the open position of the least sum of goal distances
  // first, the last generated among equals. Else breadth-first.
  bool goals_first = true;
  // A child's player normalized (the smallest square of its area) when
  // the child is generated, from its parent's area (one table of
  // positions, each expanded once). Else the child is kept by the square
  // the player pushed from and normalized when taken, by the fill its
  // expansion makes anyway (most children are never taken when a search
  // ends on goals early), in a second table.
  bool normalize_when_generated = false;
  // A child with all its boxes on goals answers kAlive when generated
  // (the root too), rather than when expanded.
  bool goals_when_generated = false;
  // A position in which the boxes no longer form one group (touching in
  // the 8-neighbourhood, at most 32 boxes) ends the search as kUnknown
  // (the search looks for boxes holding each other; once apart, proving
  // them dead would take long, and a give-up is never wrong).
  bool stop_when_apart = false;
};

class SubsetSearch {
 public:
  enum Verdict : uint8_t { kDead, kAlive, kUnknown };

  using Policy = SubsetPolicy;

  explicit SubsetSearch(const Board& board, const Policy& policy = Policy());

  // Searches from boxes[0..k) (any order, k >= 1), the player on `player`
  // (a free square; normalized when normalize_when_generated).
  // walls[0..wall_count) are squares held by boxes that never move (not
  // among `boxes`); reaching one of escape[0..escapes) counts as alive.
  // Expands at most max_nodes positions.
  Verdict Run(const Square* boxes, int k, int player, const Square* walls, int wall_count,
              const Square* escape, int escapes, int max_nodes);

  // The normalized player (smallest square of its area) with only
  // boxes[0..k) and walls[0..wall_count) on the board.
  int AreaOf(const Square* boxes, int k, const Square* walls, int wall_count, int player);

  // Positions the last Run expanded.
  int expanded() const { return expanded_; }

 private:
  bool Together() const;  // the boxes of node_ form one group
  Verdict Search(int k, int max_nodes);
  // Adds the node at the end of `nodes` to `index`; false (and the node is
  // dropped) when an equal one is there.
  bool AddLastNode(std::vector<Square>& nodes, RowIndex& index);

  const Board& board_;
  const Policy policy_;
  size_t stride_ = 0;
  std::vector<uint8_t> occupied_, escape_mark_;
  Reach reach_, child_reach_;
  // Nodes generated: the player (normalized, or the square it pushed from),
  // then the sorted boxes; with normalization when taken, the normalized
  // ones expanded go into expanded_nodes_.
  std::vector<Square> nodes_, expanded_nodes_;
  RowIndex seen_, expanded_seen_;
  std::vector<std::vector<int>> buckets_;  // open nodes by their sum of goal distances
  size_t head_ = 0;                        // breadth-first: the next node to expand
  std::vector<Square> node_, child_, escape_;
  int expanded_ = 0;
  std::vector<int> x_, y_;  // grid coordinates of each square
};

}  // namespace sokoban
