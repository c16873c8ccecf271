// Deadlock sets of two and three boxes, proved once per level, for fast
// mode: the precomputed deadlock sets of YASS and Festival.
//
// A set S of boxes, the player in an area A of the board that holds only
// the boxes of S, is dead when a search that pushes only the boxes of S,
// from A, runs out of positions without meeting one with every box of S on
// a goal (distinct goals: two boxes never share a square). Every position
// holding S (and any other boxes) with the player in A is then dead: a
// solution, cut down to the boxes of S, would be such a sequence of pushes
// (fewer boxes never block a walk or a push, and the player's area in the
// larger position lies inside A). Each dead set goes into the level's table
// of deadlock patterns (solver/deadlock/learned_deadlocks.h), which every push
// search of the level prunes with.
//
// The candidates are compact: sets of live squares that lie, each box
// within kSpread squares (along both axes) of another, so that they can
// hold or block each other. A set is skipped, with the player in a given
// area, when it adds nothing: a box is frozen off a goal already (freeze
// deadlocks), all its boxes are on goals, or a smaller set in it is dead
// with the player there (pairs are searched first; a dead pair is a pattern
// of its own). Each search (solver/deadlock/subset_search.h) is goal-directed
// (fewest pushes to the nearest goals first), so that live sets, the
// most, end soon; it gives up past kPairNodes or kTripleNodes positions,
// and the whole build past kTotalNodes, so the work per level is bounded
// and, counted in positions, deterministic.
//
//   DeadSets sets(board);
//   sets.Build(&table);   // adds the dead sets to `table`
#pragma once

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/deadlock/subset_search.h"

namespace sokoban {

class DeadSets {
 public:
  // Squares of a candidate's boxes lie within this many rows and columns of
  // another box of the set.
  static constexpr int kSpread = 1;
  // Positions one set's search may expand before giving up: a pair's, and a
  // triple's (the dead triples found take a few, the dead pairs up to a
  // few hundred).
  static constexpr int kPairNodes = 300;
  static constexpr int kTripleNodes = 60;
  // Positions all the searches of a level may expand.
  static constexpr uint64_t kTotalNodes = 400'000;

  explicit DeadSets(const Board& board);

  // Proves the dead pairs and triples among the candidates and adds each to
  // `table` (sets already matched by the table are skipped). Deterministic:
  // the same board and table give the same patterns.
  void Build(LearnedDeadlocks* table);

  // What the build did: positions expanded, sets searched, dead pairs and
  // triples added to the table.
  uint64_t nodes() const { return nodes_; }
  int searched() const { return searched_; }
  int dead_pairs() const { return dead_pairs_; }
  int dead_triples() const { return dead_triples_; }

 private:
  using Verdict = SubsetSearch::Verdict;
  // The search over the boxes boxes[0..k) (sorted), the player on `player`
  // (normalized: the smallest square of its area with only these boxes).
  Verdict Search(const Square* boxes, int k, int player);
  // Whether the pair (a < b) is dead with the player anywhere in the area
  // of `player` with only the pair on the board; searched once, then kept.
  bool PairDead(int a, int b, int player);
  // Adds the dead set to `table`, counting it unless the table held it.
  void Add(const Square* boxes, int k, int player, LearnedDeadlocks* table);
  // Calls visit(sq) for each live square near `sq` (within kSpread), larger
  // than `above`.
  template <typename Visit>
  void ForNear(int sq, int above, Visit visit) const;
  uint64_t Key(const Square* boxes, int k, int player) const;
  // Tries the set boxes[0..k) (sorted) with the player in each area of the
  // board that holds only it; adds the dead ones to table.
  void TrySet(const Square* boxes, int k, LearnedDeadlocks* table);

  const Board& board_;
  bool enabled_;
  std::vector<int> x_, y_;  // grid coordinates of each square
  std::vector<uint8_t> occupied_;
  Reach area_reach_;
  std::vector<uint32_t> area_seen_;  // stamp of the set whose areas marked it
  uint32_t area_stamp_ = 0;
  // Goal-directed, a child on goals answering when generated.
  static constexpr SubsetSearch::Policy kPolicy{.goals_when_generated = true};
  SubsetSearch search_;
  absl::flat_hash_map<uint64_t, bool> pairs_;  // pair key -> dead
  uint64_t nodes_ = 0;
  int searched_ = 0, dead_pairs_ = 0, dead_triples_ = 0;
};

}  // namespace sokoban
