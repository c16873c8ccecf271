// Corral deadlocks.
//
// A corral is a connected area of free floor the player cannot reach. The
// check takes the boxes next to a corral and the boxes next to those, and
// removes every other box. If then, pushing only those boxes, the player
// can neither get into the corral nor put all of them on goals, the
// position is dead: any solution of the whole position, cut down to those
// boxes, would do one or the other (fewer boxes never block a walk or a
// push, and dead squares and freeze deadlocks of the smaller position are
// deadlocks of the larger). The question is answered by a breadth-first
// search over those boxes (solver/deadlock/subset_search.h) with a node budget;
// past the budget the answer is "not dead". A corral with a box the player
// can push now out of it is taken as open and not searched. Answers are
// kept by corral (its first square, the player's square and the boxes), so
// a corral met again costs one lookup.
//
// Each corral proved dead can also become a learned pattern (ShareWith):
// its boxes, less every box whose removal leaves the search still finding
// no way out, with the player's area.
//
// With `walls`, a corral that search leaves open, among
// whose boxes (or the boxes next to them) some stand frozen on goals, is
// searched again with every box on a goal that stays frozen with only those
// boxes on the board kept as a wall rather than taken away: such a box
// never moves in any position that holds them all, so the search over the
// other boxes stays exact, and goals filled around a corral close it. The
// walls are part of the answer's key; a pattern learned from it holds them
// as boxes, less each one whose removal (with the walls only it held
// frozen) leaves the search still exhausted.
//
//   CorralDeadlock corrals(board);
//   if (corrals.IsDead(occupied, reach, player)) { /* prune */ }
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/kept_answers.h"
#include "solver/core/reach.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/deadlock/pi_corral.h"
#include "solver/deadlock/subset_search.h"

namespace sokoban {

class CorralDeadlock {
 public:
  // walls: the frozen goal boxes are walls.
  explicit CorralDeadlock(const Board& board, bool walls = false);

  // occupied[sq] != 0 marks boxes; reach holds the player's area and player
  // is its normalized square; corrals, when given, are the position's
  // (Corrals::Find), else found here.
  bool IsDead(const uint8_t* occupied, const Reach& reach, int player, const Corrals& corrals);
  bool IsDead(const uint8_t* occupied, const Reach& reach, int player);

  // Adds a pattern to `table` (null: none) for each corral proved dead from
  // now on. `table` must outlive this object.
  void ShareWith(LearnedDeadlocks* table) { learned_ = table; }

  // Searches with walls the last IsDead asked, kept
  // answers included.
  int searched_with_walls() const { return searched_with_walls_; }

  // Memory held by the kept answers.
  size_t bytes() const { return answers_.bytes(); }

 private:
  // Searches the corral corral_id_ of corrals_, whose first square is
  // `corral`, with the boxes in boxes_ (sorted).
  bool SearchCorral(int corral, int player);
  // The search of SearchCorral over boxes_ (sorted), the player on
  // start_player (normalized with only those boxes): true when it runs out
  // of positions, within its budget, without the player getting into the
  // corral or all the boxes on goals.
  bool Exhausts(int start_player);
  // Adds the pattern of boxes_, less the boxes it does without, and the
  // walls, the player on `player`, to learned_.
  void Learn(int player);
  // frozen_goals_: the boxes on goals of `occupied` that stay frozen with
  // only those boxes on the board, sorted, marked in is_wall_.
  void FindWalls(const uint8_t* occupied);
  // Drops from `boxes` each box not frozen with only the others left
  // standing, until none drops; sorts the rest.
  void KeepSelfFrozen(std::vector<Square>& boxes);
  int wall_count() const { return static_cast<int>(walls_.size()); }
  static void Key(const Square* boxes, int count, int player, std::string& key);

  static constexpr int kMaxBoxes = 12;
  // Nodes a corral's search may expand. 1,000 rather than 400 once the
  // search got cheaper: XSokoban at 100,000 expansions 44 -> 45 levels
  // (level 40), Microban 155,443 -> 155,431 states.
  static constexpr int kMaxNodes = 1000;
  // Nodes a search with walls may take: the corrals they close are small
  // (XSokoban 18: 1-3 boxes, under 10 positions), and with 1,000 the
  // searches cost Microban II 131 (44 boxes, most of them soon frozen on
  // goals) 0.6 s instead of 0.2; with 100, 0.34 s.
  static constexpr int kWallsNodes = 100;
  static constexpr size_t kMaxBytes = size_t{32} << 20;

  const Board& board_;
  const int box_limit_;
  const bool use_walls_;
  int budget_ = kMaxNodes;          // the positions the corral searched now may take
  std::vector<uint32_t> box_seen_;  // stamp of the corral a box was taken for
  uint32_t stamp_ = 0;
  const Corrals* corrals_ = nullptr;  // the position's, and the corral searched
  int corral_id_ = 0;
  Corrals own_corrals_;  // for IsDead without corrals
  std::vector<Square> boxes_, kept_;
  std::vector<Square> walls_;                     // the walls of the search asked now
  std::vector<Square> kept_walls_, tried_walls_;  // Learn's
  std::vector<Square> frozen_goals_;              // FindWalls, for the position of the IsDead call
  bool walls_found_ = false;                      // frozen_goals_ holds that position's
  int searched_with_walls_ = 0;
  std::vector<uint8_t> frozen_;   // KeepSelfFrozen's board: the boxes left to check
  std::vector<uint8_t> is_wall_;  // frozen_goals_ marked on the board
  LearnedDeadlocks* learned_ = nullptr;
  // Breadth-first, each child normalized when generated (one table of
  // positions): the order the corral searches were measured with.
  static constexpr SubsetSearch::Policy kPolicy{.goals_first = false,
                                                .normalize_when_generated = true};
  SubsetSearch search_;
  KeptAnswers answers_{kMaxBytes};  // corral key -> dead
  std::string answer_key_;
};

}  // namespace sokoban
