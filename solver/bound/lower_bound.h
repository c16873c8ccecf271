// Push distances and the matching lower bound.
//
// distance(sq, g) is the fewest pushes that bring a box from floor square
// sq to goal number g when no other box is on the board, the player having
// to walk around the box to push it from another side (found by pulling a
// box backwards from each goal; boards over 2000 floor squares skip the
// walking and count pushes only). The lower bound of a state is the cost of
// a minimum-cost perfect matching of its boxes to the goals over these
// distances; a state with no perfect matching is dead.
//
// For a search that pulls boxes back from the goals to the start
// (Direction::kPull), the targets are the start squares instead, and
// distance(sq, t) is the fewest pulls that bring a box from sq to start
// square t (the fewest pushes from t to sq).
//
//   LowerBound lb(board);
//   int h = lb.Estimate(boxes);   // LowerBound::kDead: no matching
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/bound/hungarian.h"
#include "solver/core/board.h"

namespace sokoban {

class LowerBound {
 public:
  static constexpr int kDead = Hungarian::kInfinity;
  static constexpr uint16_t kUnreachable = 0xFFFF;

  explicit LowerBound(const Board& board, Direction direction = Direction::kPush);

  uint16_t distance(int sq, int goal) const {
    return dist_[static_cast<size_t>(sq) * goals_ + goal];
  }
  // A box on sq can reach no target.
  bool Hopeless(int sq) const { return nearest_[sq] == kUnreachable; }

  // Lower bound on the pushes left for boxes (box_count() squares).
  int Estimate(const Square* boxes);

  // For the children of one state: SetParent runs the full matching once;
  // EstimateMoved then bounds the state where only the box at index `index`
  // of those boxes stands on `to` instead, after `pushes` pushes, in O(n^2),
  // or at once when the box came that many pushes nearer to the goal it was
  // matched with. The parent must not be dead.
  int SetParent(const Square* boxes);
  int EstimateMoved(int index, int to, int pushes);

  // Slots of last matchings: SetParent re-matches only the boxes that are
  // not where they were in the last state matched in the current slot. A
  // search that takes its states from several queues in turns (the
  // feature-space cells) gives each queue a slot (slot >= 0), so that a
  // state is matched against the last one taken from its own queue, which
  // is usually more like it. Until the first call there is one matching,
  // which then becomes the first slot's. A slot's memory is taken when a
  // matching is first put away in it.
  void UseSlot(int slot);
  // Memory held by the slots.
  size_t bytes() const;

  // The weaker bound without the matching: the sum over boxes of the
  // distance to the nearest goal (kDead if some box reaches none).
  int NearestSum(const Square* boxes) const;

 private:
  int goals_;
  std::vector<uint16_t> dist_;
  std::vector<uint16_t> nearest_;
  void PlainDistances(const Board& board, const std::vector<Square>& targets, Direction direction);
  void PlayerAwareDistances(const Board& board, const std::vector<Square>& targets,
                            Direction direction);
  // The costs of a box on sq to each target, kDead where unreachable.
  const int* Row(int sq) const { return &cost_[static_cast<size_t>(sq) * goals_]; }
  // Keeps boxes as the last matched state (none when h is kDead); returns h.
  int Remember(const Square* boxes, int h);

  // dist_ as the matching's costs, and the rows of the boxes matched.
  std::vector<int> cost_;
  std::vector<const int*> rows_;
  int parent_h_ = kDead;
  // The boxes of the last matching run by SetParent or Estimate in the
  // current slot (empty when it was dead, or none was run), so that the next
  // parent re-matches only its other boxes.
  std::vector<Square> last_boxes_;
  std::vector<int> old_row_;
  std::vector<int> parent_goal_;  // goal matched to each box of the parent
  Hungarian hungarian_;
  struct Slot {
    std::vector<Square> boxes;
    Hungarian::State state;
  };
  std::vector<std::unique_ptr<Slot>> slots_;  // by slot number; null: none yet
  int slot_ = -1;                             // the slot of the matching at hand
  size_t slots_made_ = 0;
};

}  // namespace sokoban
