#include "solver/macro/macro_box_moves.h"

#include <algorithm>

namespace sokoban {

BoxMovesMacro::BoxMovesMacro(const Board& board, const GoalRooms* rooms)
    : board_(board),
      tried_(board.box_count(), 0),
      features_(board, rooms),
      advisors_(MakeFessAdvisors(board)) {}

void BoxMovesMacro::MarkTried(const Expansion& parent) {
  std::fill(tried_.begin(), tried_.end(), parent.restricted ? 0 : 1);
  if (parent.restricted) {
    for (const auto& [i, d] : parent.pushes) tried_[i] = 1;
  }
}

void BoxMovesMacro::AddMoves(Expansion& parent, std::vector<Move>* moves) {
  parent.NumberFloor();
  const FloorCuts* floor = parent.floor();
  MarkTried(parent);
  features_.SetParent(parent);
  offered_.clear();
  for (int i = 0; i < board_.box_count(); ++i) {
    if (!tried_[i]) continue;
    destinations_.clear();
    parent.mover.Destinations(parent.occupied, parent.boxes[i], parent.reach, floor,
                              &destinations_);
    if (!destinations_.empty()) features_.SetBox(parent, i);
    for (const BoxDestination& d : destinations_) {
      offered_.push_back({i, d, {}});
      features_.Fill(parent, &offered_.back());
    }
  }
  AdviceContext context{parent, offered_, features_};
  proposed_.clear();
  for (const auto& advisor : advisors_) {
    const int k = advisor->Propose(context);
    if (k < 0 || std::find(proposed_.begin(), proposed_.end(), k) != proposed_.end()) continue;
    proposed_.push_back(k);
    const AdvisedMove& m = offered_[k];
    // A single push made here comes before the search's own, which then
    // finds its child stored already.
    moves->push_back({m.box, m.dest.to, m.dest.pushes, m.dest.player_after, false, true});
  }
  // And every move of two pushes or more that packs a box or leaves fewer
  // areas of free floor (the feature-space order weighs it 0): the
  // connectivity and packing advisors' moves beyond the one each proposes.
  const int areas = features_.parent().areas;
  for (int k = 0; k < static_cast<int>(offered_.size()); ++k) {
    const AdvisedMove& m = offered_[k];
    if (m.dest.pushes < 2) continue;
    const int from = parent.boxes[m.box];
    const bool packs = !board_.IsGoal(from) && board_.IsGoal(m.dest.to);
    if (!packs && m.after.areas >= areas) continue;
    if (std::find(proposed_.begin(), proposed_.end(), k) != proposed_.end()) continue;
    moves->push_back({m.box, m.dest.to, m.dest.pushes, m.dest.player_after, false});
  }
}

}  // namespace sokoban
