// Evaluator: penalty patterns learned during search (`penalty`), after
// Rolling Stone's pattern search (Junghanns & Schaeffer, 2001).
//
// A penalty pattern is a set of boxes on their squares and the player's
// area on the board that holds them only, with its penalty P > 0: the
// least pushes that put those boxes on goals exceed the sum of their
// matching distances by P, for every assignment of them to goals
// (solver/bound/penalty_search.h). Every position holding the boxes, the player
// in that area, needs the matching's pushes plus P (the argument of
// solver/bound/pair_penalty.h), and over disjoint patterns the penalties add up:
//
//   h = matching + the penalties of disjoint patterns found in the child,
//       chosen greedily, largest first (optimal mode: the pair conflicts
//       among them, as patterns of two)
//
// with pathmax (the parent's bound less the pushes made). A pattern whose
// boxes can reach no goals at all makes the position dead.
//
// Learning: at each expanded state, the box the last move put there and the
// boxes around it (its 8 neighbours) are searched; when their solution
// costs nothing more but runs into other boxes of the position, those join
// the set and it is searched again (up to kMaxBoxes boxes, kBudget
// positions an expansion). Sets searched before are not searched again.
// Patterns go to a table of LevelTables shared by the level's searches of
// the same direction (a pull search bounds towards the start squares and
// learns pulls).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "solver/bound/pair_penalty.h"
#include "solver/bound/penalty_search.h"
#include "solver/core/reach.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/eval/eval_matching.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class PenaltyBound final : public Evaluator {
 public:
  static constexpr int kMaxBoxes = 6;
  static constexpr int kBudget = 2000;
  // A pattern table's value for a dead pattern.
  static constexpr uint8_t kDeadValue = 0xFF;

  // `pairs`: optional (null), Enabled(), built for `direction`. `table`
  // holds the patterns (values: the penalties), shared; it must outlive
  // this.
  PenaltyBound(const Board& board, std::unique_ptr<MatchingBound> matching,
               std::unique_ptr<PairPenalty> pairs, LearnedDeadlocks* table, Direction direction);

  int Root(const Square* boxes, int player) override;
  bool WantsMoved() const override { return true; }
  void SetParent(const Expansion& parent) override;
  int Child(const Expansion& parent, const ChildView& child) override;
  void UseSlot(int slot) override { matching_->UseSlot(slot); }
  size_t bytes() const override;

 private:
  // Learns around the box on `moved` of the position (occupied marking its
  // boxes; the player on `player`).
  void Learn(const uint8_t* occupied, int player, int moved);
  // The patterns all of whose boxes are among boxes[0..n) (occupied marking
  // them), each once (by its first box), into *out.
  void Held(const Square* boxes, int n, const uint8_t* occupied, std::vector<uint32_t>* out) const;
  struct Pick {
    int value;
    int pattern;  // pattern id, or -1 for a pair
    int a, b;     // a pair's squares
  };
  // The penalty of the greedy choice among picks_: the largest first, each
  // on boxes no pattern chosen before holds.
  int Choose();
  // Adds the pair conflicts of the position to picks_; false when one is
  // dead.
  bool AddPairs(const Square* boxes, int player);

  const Board& board_;
  std::unique_ptr<MatchingBound> matching_;
  std::unique_ptr<PairPenalty> pairs_;
  const size_t pairs_bytes_;
  LearnedDeadlocks* table_;
  const Direction direction_;
  PenaltySearch search_;
  // The sets searched, by their sorted boxes: the smallest square of each
  // player's area searched with them, and whether the boxes leave one area.
  struct Searched {
    std::vector<Square> firsts;
    bool one_area = false;
  };
  absl::flat_hash_map<std::string, Searched> searched_;
  size_t searched_bytes_ = 0;
  std::vector<uint32_t> present_;  // patterns whose boxes the parent holds
  std::vector<Pick> picks_;
  std::vector<uint8_t> used_;
  std::vector<Square> marked_;  // Choose's boxes marked in used_
  std::vector<Square> set_, key_boxes_;
  std::string key_;
  Reach reach_;
  std::vector<uint8_t> marks_;  // scratch: all clear between calls
};

}  // namespace sokoban
