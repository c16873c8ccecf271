#include "solver/macro/box_advice.h"

#include <cassert>
#include <tuple>

#include "solver/macro/advise_connectivity.h"
#include "solver/macro/advise_explorer.h"
#include "solver/macro/advise_hotspots.h"
#include "solver/macro/advise_opener.h"
#include "solver/macro/advise_packing.h"
#include "solver/macro/advise_room_connectivity.h"

namespace sokoban {

bool BetterMove(const AdvisedMove& a, const AdvisedMove& b) {
  const AdviceValues &x = a.after, &y = b.after;
  return std::make_tuple(-x.packed, x.areas, x.links, x.plan, x.pinned, a.dest.pushes) <
         std::make_tuple(-y.packed, y.areas, y.links, y.plan, y.pinned, b.dest.pushes);
}

AdviceFeatures::AdviceFeatures(const Board& board, const GoalRooms* rooms)
    : board_(board), rooms_(rooms), hotspots_(board) {
  links_ = std::make_unique<RoomConnectivity>(board);
  if (links_->link_count() == 0) links_.reset();
  if (rooms && rooms->room_count() > 0) {
    plan_ = std::make_unique<OutOfPlan>(board, *rooms);
    if (!plan_->any()) plan_.reset();
  }
}

void AdviceFeatures::SetParent(Expansion& parent) {
  const uint8_t* occupied = parent.occupied.data();
  const int n = board_.box_count();
  parent_on_goals_ = parent.OnGoals();
  parent_.packed = Packed(occupied, parent_on_goals_);
  parent_.areas = parent.NumberFloor();
  if (links_) {
    links_->SetParent(parent.boxes.data(), n);
    parent_.links = links_->parent();
  }
  if (plan_) parent_.plan = plan_->Count(occupied);
  hotspots_.SetParent(occupied, parent.boxes.data(), n);
  parent_.pinned = hotspots_.parent();
}

void AdviceFeatures::SetBox(Expansion& parent, int box) {
  const int from = parent.boxes[box];
  parent.occupied[from] = 0;
  hotspots_.Leave(from, parent.occupied.data());
  // Packed boxes stand on goals or parking squares: the count after a move
  // to a square off them is the count with the box gone.
  leave_packed_ = board_.IsGoal(from) || Parking(from)
                      ? Packed(parent.occupied.data(), parent_on_goals_ - board_.IsGoal(from))
                      : parent_.packed;
  parent.occupied[from] = 1;
}

void AdviceFeatures::Fill(Expansion& parent, AdvisedMove* m) const {
  const int from = parent.boxes[m->box], to = m->dest.to;
  std::vector<uint8_t>& occupied = parent.occupied;
  occupied[from] = 0;
  occupied[to] = 1;
  AdviceValues& v = m->after;
  v.packed =
      !board_.IsGoal(to) && !Parking(to)
          ? leave_packed_
          : Packed(occupied.data(), parent_on_goals_ - board_.IsGoal(from) + board_.IsGoal(to));
  assert(v.packed ==
         Packed(occupied.data(), parent_on_goals_ - board_.IsGoal(from) + board_.IsGoal(to)));
  v.areas = parent_.areas + m->dest.areas_change;
  assert(v.areas == parent.floor()->AreasAfterMove(from, to));
  v.links = links_ ? links_->AfterMove(from, to) : 0;
  v.plan = plan_ ? plan_->Count(occupied.data()) : 0;
  v.pinned = hotspots_.AfterLeave(to, occupied.data());
  occupied[to] = 0;
  occupied[from] = 1;
}

std::vector<std::unique_ptr<BoxMoveAdvisor>> MakeFessAdvisors(const Board& board) {
  std::vector<std::unique_ptr<BoxMoveAdvisor>> advisors;
  advisors.push_back(std::make_unique<PackingAdvisor>());
  advisors.push_back(std::make_unique<ConnectivityAdvisor>());
  advisors.push_back(std::make_unique<RoomConnectivityAdvisor>());
  advisors.push_back(std::make_unique<HotspotsAdvisor>());
  advisors.push_back(std::make_unique<ExplorerAdvisor>(board));
  advisors.push_back(std::make_unique<OpenerAdvisor>(board));
  return advisors;
}

}  // namespace sokoban
