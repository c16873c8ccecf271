#include "solver/fess/fess_features.h"

#include <algorithm>

namespace sokoban {

FessFeatures::FessFeatures(const Board& board, const GoalRooms* rooms, FessFeatureSet features) {
  if (features & kFessRoomConnectivity) {
    connectivity_ = std::make_unique<RoomConnectivity>(board);
    if (connectivity_->link_count() == 0) connectivity_.reset();
  }
  if ((features & kFessOutOfPlan) && rooms && rooms->room_count() > 0) {
    plan_ = std::make_unique<OutOfPlan>(board, *rooms);
    if (!plan_->any()) plan_.reset();
  }
  if (features & kFessHotspots) hotspots_ = std::make_unique<Hotspots>(board);
}

void FessFeatures::SetParent(const uint8_t* occupied, const Square* boxes, int n) {
  if (hotspots_) hotspots_->SetParent(occupied, boxes, n);
  if (connectivity_) connectivity_->SetParent(boxes, n);
  if (plan_) parent_plan_ = plan_->Count(occupied);
}

uint32_t FessFeatures::ParentKey() const {
  uint32_t key = 0;
  if (connectivity_) key = static_cast<uint32_t>(std::min(connectivity_->parent(), 0xFFFF));
  if (plan_) key |= static_cast<uint32_t>(std::min(parent_plan_, 0xFFFF)) << 16;
  return key;
}

FessFeatures::Child FessFeatures::AfterMove(int from, int to, const uint8_t* occupied) const {
  Child child{0, false};
  if (connectivity_) {
    const int blocked = connectivity_->AfterMove(from, to);
    child.key = static_cast<uint32_t>(std::min(blocked, 0xFFFF));
    child.advised |= blocked < connectivity_->parent();
  }
  if (plan_) {
    const int out = plan_->Count(occupied);
    child.key |= static_cast<uint32_t>(std::min(out, 0xFFFF)) << 16;
    child.advised |= out < parent_plan_;
  }
  if (hotspots_) child.advised |= hotspots_->AfterMove(from, to, occupied) < hotspots_->parent();
  return child;
}

}  // namespace sokoban
