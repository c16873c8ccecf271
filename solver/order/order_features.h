// Open list: the feature-space order (fast mode, push search; after FESS,
// Shoham and Schaeffer). Each state falls into a cell by two features: its
// boxes packed (GoalRooms::Packed; with no goal rooms, its boxes on goals)
// and its areas of free floor (FloorCuts). The cells take turns
// (CellOpenList); within a cell the first state is the one with the least
// weight + h, where the weight counts the moves (pushes, or macros) on its
// path that neither put one more box on a goal nor left fewer areas. Each
// cell's states are bounded against the last state taken from that cell
// (Evaluator::UseSlot). With a FessFeatures (solver/fess/fess_features.h:
// room connectivity, out of plan, hotspots), its features join the cell and
// its advice the weight. With `weight_first`, as in FESS, the first state of
// a cell is the one with the least weight, h only breaking ties.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "solver/core/board.h"
#include "solver/fess/fess_features.h"
#include "solver/parts/open_list.h"
#include "solver/parts/search_parts.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

class FeatureOrder final : public SearchOpenList {
 public:
  // `rooms` (null: none) and `evaluator` must outlive this list. `extra`
  // (null: none) adds its features to the cells.
  FeatureOrder(const Board& board, const GoalRooms* rooms, Evaluator* evaluator,
               std::unique_ptr<FessFeatures> extra = nullptr, bool weight_first = false)
      : board_(board),
        rooms_(rooms),
        evaluator_(evaluator),
        extra_(std::move(extra)),
        weight_first_(weight_first) {}

  void PushRoot(const Square* boxes, int h, StateId id) override;
  void SetParent(Expansion& parent) override;
  void Push(Expansion& parent, const ChildView& child, int g, int h, StateId id) override;
  bool empty() const override { return cells_.empty(); }
  StateId Pop(int* h) override;
  bool Take(StateId id, int g, int h) override;
  size_t bytes() const override;

 private:
  // The boxes packed when occupied[] marks the boxes, `on_goals` of them on
  // goals: with no goal rooms, those.
  int Packed(const uint8_t* occupied, int on_goals) const {
    return rooms_ ? rooms_->Packed(occupied) : on_goals;
  }
  // The cell of a state with `packed` boxes packed and `areas` areas of
  // free floor: a small number, given to each pair when first seen. Every
  // pair is a cell of its own: lumping the states of 15 areas or more into
  // one cell, as once, left Microban II 131 (44 boxes; half its states have
  // 15 to 44 areas) unsolved in 10 s: 974,325 expansions of this search in
  // 77 s, against 11,820 with the cells apart. `extra`:
  // FessFeatures::Child::key, 0 without them.
  int Cell(int packed, int areas, uint32_t extra);

  const Board& board_;
  const GoalRooms* rooms_;
  Evaluator* evaluator_;
  CellOpenList cells_;
  // (extra << 32 | packed << 16 | areas) -> cell
  absl::flat_hash_map<uint64_t, int> cell_ids_;
  std::unique_ptr<FessFeatures> extra_;  // null when none is on
  // A cell's priority: the weight alone (true) or weight + h.
  const bool weight_first_;
  // The popped entry, and the parent's weight and features.
  int popped_cell_ = 0, popped_priority_ = 0;
  int parent_weight_ = 0, parent_on_goals_ = 0, parent_areas_ = 0;
};

}  // namespace sokoban
