// Deadlock patterns learned during search.
//
// A pattern is a set of boxes and an area of the floor: the area the player
// is in when only those boxes stand on the board. It says that every
// position holding those boxes (and any others), with the player anywhere in
// that area, is dead. CorralDeadlock adds one whenever its search proves a
// corral dead: that search pushed only the pattern's boxes, from the
// player's area, through every position it could reach, and met none with
// all of them on goals. A solution of a larger position, cut down to those
// boxes, would be such a sequence of pushes (fewer boxes never block a walk
// or a push; the player's area in the larger position lies inside the
// pattern's area), so there is none.
//
// One table serves all the push searches of a level (Solve owns it): a
// pattern one search proves prunes the others' states too. A pull search
// never meets one (each of its states leads to the goal by construction).
// Patterns are indexed by each of their box squares; a search asks about
// the box it has just moved, since a pattern without that box matched the
// parent already.
//
// A table of penalty patterns (solver/eval/eval_penalty.h) is a table of the
// same kind whose patterns carry a value: the pushes they add to the bound.
//
//   LearnedDeadlocks learned(board);
//   learned.Add(boxes, count, player);   // proved dead
//   if (learned.Matches(occupied, child_player, to)) { /* prune */ }
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "solver/core/board.h"
#include "solver/core/reach.h"

namespace sokoban {

class LearnedDeadlocks {
 public:
  explicit LearnedDeadlocks(const Board& board);

  // Adds the pattern of boxes[0..count) (sorted, count >= 1) with the
  // player on `player` (any square of its area once only these boxes stand
  // on the board). The caller guarantees it is dead. A pattern already held,
  // or one past the byte budget, is dropped.
  void Add(const Square* boxes, int count, int player) { Add(boxes, count, player, 0); }
  // The same with a value kept beside the pattern (a penalty table).
  void Add(const Square* boxes, int count, int player, uint8_t value);

  // Whether a pattern with a box on `moved` matches the position:
  // occupied[sq] != 0 marks its boxes, `player` is any square of the
  // player's area.
  bool Matches(const uint8_t* occupied, int player, int moved) const;

  int size() const { return static_cast<int>(patterns_.size()); }
  // Pattern k's boxes, and whether `sq` lies in its player area (tests).
  std::vector<Square> Boxes(int k) const;
  bool InArea(int k, int sq) const { return InArea(patterns_[k], sq); }
  // Pattern k's value, its boxes (sorted; *count of them), and the
  // patterns with a box on sq.
  uint8_t value(int k) const { return values_[k]; }
  const Square* BoxesOf(int k, int* count) const {
    *count = patterns_[k].count;
    return &squares_[patterns_[k].first];
  }
  const std::vector<uint32_t>& OnSquare(int sq) const { return by_square_[sq]; }
  // Memory held by the patterns and their index.
  size_t bytes() const { return bytes_; }

 private:
  // Layout: the boxes at squares_[first, first + count), the area's bits at
  // words_[area, area + words_per_area_).
  struct Pattern {
    uint32_t first;
    uint32_t area;
    uint16_t count;
  };
  bool InArea(const Pattern& p, int sq) const {
    return words_[p.area + static_cast<uint32_t>(sq) / 64] >> (sq % 64) & 1;
  }

  static constexpr size_t kMaxBytes = size_t{64} << 20;

  const Board& board_;
  const uint32_t words_per_area_;
  std::vector<Pattern> patterns_;
  std::vector<uint8_t> values_;
  std::vector<Square> squares_;
  std::vector<uint64_t> words_;
  std::vector<std::vector<uint32_t>> by_square_;  // pattern ids per box square
  absl::flat_hash_set<std::string> keys_;         // boxes and area's first square
  std::vector<uint8_t> occupied_;
  Reach reach_;
  std::string key_;
  size_t bytes_ = 0;
};

}  // namespace sokoban
