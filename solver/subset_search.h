// An exhaustive search over a subset of a position's boxes, for deadlock
// proofs.
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
// kUnknown. Goal-directed (fewest pushes to the nearest goals first), so
// that live subsets, the most, end soon.
//
//   SubsetSearch search(board);
//   if (search.Run(boxes, k, player, walls, nullptr, 20000) == SubsetSearch::kDead) ...
#pragma once

#include <cstdint>
#include <vector>

#include "solver/board.h"
#include "solver/reach.h"

namespace sokoban {

class SubsetSearch {
 public:
  enum Verdict : uint8_t { kDead, kAlive, kUnknown };

  explicit SubsetSearch(const Board& board);

  // Searches from boxes[0..k) (any order, k >= 1), the player on `player`
  // (a free square). walls[sq] != 0 (null: none) marks squares held by
  // boxes that never move (not among `boxes`); escape[sq] != 0 (null: none)
  // marks squares whose reaching by the player counts as alive. Expands at
  // most max_nodes positions.
  Verdict Run(const Square* boxes, int k, int player, const uint8_t* walls, const uint8_t* escape,
              int max_nodes);
  // As Run, with the escape squares listed (escape[0..escapes)).
  Verdict Run(const Square* boxes, int k, int player, const uint8_t* walls, const Square* escape,
              int escapes, int max_nodes);

  // From the next Run on: whether a position in which the boxes no longer
  // form one group (touching in the 8-neighbourhood, at most 32 boxes) ends
  // the search as kUnknown (it looks for boxes holding each other; once
  // apart, proving them dead would take long, and a give-up is never
  // wrong).
  void StopWhenApart(bool on) { stop_when_apart_ = on; }

  // Positions the last Run expanded.
  int expanded() const { return expanded_; }

 private:
  bool Together() const;  // the boxes of node_ form one group
  Verdict Search(const Square* boxes, int k, int player, const uint8_t* walls, int max_nodes);
  // Adds the node at the end of `nodes` to `table` (open addressing into
  // `nodes`, -1 empty, `count` entries); false (and the node is dropped)
  // when an equal one is there.
  bool AddLastNode(std::vector<Square>& nodes, std::vector<int>& table, size_t& count);

  const Board& board_;
  size_t stride_ = 0;
  std::vector<uint8_t> occupied_;
  Reach reach_;
  // Nodes generated: the square the player pushed from, then the sorted
  // boxes; normalized (the player's area by its smallest square) only when
  // expanded, by the fill the expansion makes anyway, into expanded_.
  std::vector<Square> nodes_, expanded_nodes_;
  std::vector<int> seen_, expanded_seen_;
  size_t seen_count_ = 0, expanded_count_ = 0;
  std::vector<std::vector<int>> buckets_;  // open nodes by their sum of goal distances
  std::vector<Square> node_, child_, escape_, wall_squares_;
  int expanded_ = 0;
  bool stop_when_apart_ = false;
  std::vector<int> x_, y_;  // grid coordinates of each square
};

}  // namespace sokoban
