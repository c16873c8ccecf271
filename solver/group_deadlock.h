// Group deadlocks: a group of boxes touching each other that cannot all
// reach goals, whatever the other boxes do.
//
// The group of a box is the boxes joined to it through the 8-neighbourhood
// (boxes side by side or corner to corner hold each other), less the boxes
// frozen on goals, which never move again: those next to the group are
// walls. The check takes every other box off the board and searches,
// pushing only the group's boxes from the player's area
// (solver/subset_search.h), for a position with all of them on goals,
// giving up once they come apart. Running out of positions proves the
// whole position dead: a solution, cut down to the group, would be such a
// sequence of pushes (fewer boxes never block a walk or a push, and the
// walls stand where they stand in every solution). The
// precomputed dead sets (solver/dead_sets.h) hold pairs and triples; a
// group of four to ten boxes, or one whose dead pair lies further than a
// square apart, only this finds. Answers are kept by group and player's
// area, so a group met again costs a lookup; each dead group without
// walls can become a learned pattern (ShareWith), pruning the level's
// other push searches.
//
// Measured with bench/dead_scan.cc on the XSokoban levels no member solves:
// a group of 2-8 touching boxes is the most common dead set that a search
// of a part of the position proves (level 41: a third of the states the
// `features` member expands).
//
//   GroupDeadlock groups(board);
//   if (groups.IsDead(occupied, moved_to, player)) { /* prune */ }
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "solver/board.h"
#include "solver/kept_answers.h"
#include "solver/learned_deadlocks.h"
#include "solver/reach.h"
#include "solver/subset_search.h"

namespace sokoban {

class GroupDeadlock {
 public:
  // Groups of more boxes are not searched.
  static constexpr int kMaxBoxes = 6;
  // Positions one group's search may expand.
  static constexpr int kMaxNodes = 300;

  explicit GroupDeadlock(const Board& board);

  // Whether the group of the box on `sq` is dead: occupied[sq] != 0 marks
  // the boxes (given back unchanged), `player` is any square of the
  // player's area. The boxes frozen on goals next to the group are walls
  // to its search. Groups of one box (dead squares, freeze deadlocks) and
  // of more than kMaxBoxes are not searched.
  bool IsDead(uint8_t* occupied, int sq, int player);

  // Adds a pattern to `table` (null: none) for each group proved dead from
  // now on. `table` must outlive this object.
  void ShareWith(LearnedDeadlocks* table) { learned_ = table; }

  // The last group's boxes (sorted), and the positions its search expanded
  // (0 when answered from the kept answers).
  const std::vector<Square>& group() const { return group_; }
  int expanded() const { return expanded_; }
  // Memory held by the kept answers.
  size_t bytes() const { return answers_.bytes(); }

 private:
  static constexpr size_t kMaxBytes = size_t{32} << 20;

  // Goal-directed, giving up once the group comes apart.
  static constexpr SubsetSearch::Policy kPolicy{.stop_when_apart = true};

  const Board& board_;
  SubsetSearch search_;
  LearnedDeadlocks* learned_ = nullptr;
  std::vector<uint8_t> taken_;
  std::vector<Square> group_, walls_;
  std::string key_;
  KeptAnswers answers_{kMaxBytes};  // group and player -> dead
  int expanded_ = 0;
};

}  // namespace sokoban
