#include "solver/order/order_features.h"

#include <cassert>
#include <utility>
#include <vector>

#include "solver/core/floor_cuts.h"

namespace sokoban {

int FeatureOrder::Cell(int packed, int areas, uint32_t extra) {
  // A board has fewer than 2^16 squares, so fewer areas and boxes.
  const uint64_t key = static_cast<uint64_t>(extra) << 32 | static_cast<uint64_t>(packed) << 16 |
                       static_cast<uint64_t>(areas);
  return cell_ids_.try_emplace(key, static_cast<int>(cell_ids_.size())).first->second;
}

void FeatureOrder::PushRoot(const Square* boxes, int h, StateId id) {
  std::vector<uint8_t> occupied(board_.size(), 0);
  int on_goals = 0;
  for (int i = 0; i < board_.box_count(); ++i) {
    occupied[boxes[i]] = 1;
    on_goals += board_.IsGoal(boxes[i]);
  }
  FloorCuts cuts(board_);
  if (extra_) extra_->SetParent(occupied.data(), boxes, board_.box_count());
  cells_.Push(Cell(Packed(occupied.data(), on_goals), cuts.Number(occupied.data()),
                   extra_ ? extra_->ParentKey() : 0),
              weight_first_ ? 0 : h, h, id);
}

void FeatureOrder::SetParent(Expansion& parent) {
  parent_on_goals_ = parent.OnGoals();
  parent_areas_ = parent.NumberFloor();
  if (extra_) extra_->SetParent(parent.occupied.data(), parent.boxes.data(), board_.box_count());
}

void FeatureOrder::Push(Expansion& parent, const ChildView& child, int g, int h, StateId id) {
  (void)g;
  const int from = child.from, to = child.to;
  const int on_goals = parent_on_goals_ - board_.IsGoal(from) + board_.IsGoal(to);
  std::vector<uint8_t>& occupied = parent.occupied;
  occupied[from] = 0;
  occupied[to] = 1;
  const int areas = parent.floor()->AreasAfterMove(from, to);
  assert(areas == FloorCuts(board_).Number(occupied.data()));
  const int packed = Packed(occupied.data(), on_goals);
  const FessFeatures::Child extra =
      extra_ ? extra_->AfterMove(from, to, occupied.data()) : FessFeatures::Child{0, false};
  occupied[to] = 0;
  occupied[from] = 1;
  // The advice stays with boxes on goals: counting packed boxes instead (a
  // box put on a room's goal out of turn then costs 1) solved fewer
  // XSokoban levels (41 against 43 at 100,000 expansions).
  const bool advised =
      on_goals > parent_on_goals_ || areas < parent_areas_ || extra.advised || child.advised;
  const int weight = parent_weight_ + (advised ? 0 : 1);
  cells_.Push(Cell(packed, areas, extra.key), weight_first_ ? weight : weight + h, h, id);
}

StateId FeatureOrder::Pop(int* h) { return cells_.Pop(&popped_cell_, &popped_priority_, h); }

bool FeatureOrder::Take(StateId id, int g, int h) {
  (void)id;
  (void)g;
  parent_weight_ = weight_first_ ? popped_priority_ : popped_priority_ - h;
  evaluator_->UseSlot(popped_cell_);
  return true;
}

size_t FeatureOrder::bytes() const {
  return cells_.bytes() + cell_ids_.capacity() * (sizeof(std::pair<const uint64_t, int>) + 1);
}

}  // namespace sokoban
