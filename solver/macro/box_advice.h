// FESS's advisors over box moves (after Shoham and Schaeffer's FESS): each
// advisor looks at every move of the expanded position (one box to a square
// it can be pushed to, the others standing still; BoxMover::Destinations)
// and proposes at most one, which the feature-space order weighs 0
// (Move::advised). The advisors read the features of the position each
// move leads to, found once for all of them here: boxes packed (goal rooms,
// else boxes on goals), areas of free floor (FloorCuts), blocked links
// between rooms (RoomConnectivity), boxes out of plan (OutOfPlan) and boxes
// pinned by other boxes (Hotspots). One advisor a file (solver/advise_*):
// packing, connectivity, room connectivity, hotspots, explorer and opener.
//
//   AdviceFeatures features(board, rooms);
//   features.SetParent(parent);
//   features.SetBox(parent, box);
//   AdvisedMove m{box, destination};
//   features.Fill(parent, &m);
//   AdviceContext ctx{parent, moves, features};
//   int k = advisor.Propose(ctx);  // an index in moves, or -1
#pragma once

#include <memory>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/fess/hotspots.h"
#include "solver/fess/out_of_plan.h"
#include "solver/fess/room_connectivity.h"
#include "solver/parts/search_parts.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

// The features of a position (FESS's feature space, and the pinned boxes
// the hotspots advisor lowers).
struct AdviceValues {
  int packed = 0;  // boxes packed: more is better
  int areas = 0;   // areas of free floor
  int links = 0;   // blocked links between rooms
  int plan = 0;    // boxes out of plan
  int pinned = 0;  // boxes pinned by other boxes
};

// One move an advisor may propose, and the features after it.
struct AdvisedMove {
  int box;  // index in Expansion::boxes
  BoxDestination dest;
  AdviceValues after;
};

// FESS's comparison of two moves by the position each leads to: more boxes
// packed, then fewer areas, fewer blocked links, fewer boxes out of plan,
// fewer pinned, then fewer pushes.
bool BetterMove(const AdvisedMove& a, const AdvisedMove& b);

// The features of the expanded position and of the position after each
// move. The features a level cannot have (no links between rooms, no goal
// room walling squares in) stay 0.
class AdviceFeatures {
 public:
  // `rooms` (null: none; boxes on goals count as packed) must outlive this.
  AdviceFeatures(const Board& board, const GoalRooms* rooms);

  // The expanded position (its floor numbered: Expansion::NumberFloor).
  void SetParent(Expansion& parent);
  const AdviceValues& parent() const { return parent_; }
  // The box whose moves Fill is given next (an index in parent.boxes):
  // what does not depend on its destination is found once here.
  void SetBox(Expansion& parent, int box);
  // Fills m->after (m->box the one SetBox was given; m->dest as
  // BoxMover::Destinations gives it, on the parent's numbering of the
  // floor); parent.occupied is left as it was.
  void Fill(Expansion& parent, AdvisedMove* m) const;
  const Hotspots& hotspots() const { return hotspots_; }

 private:
  bool Parking(int sq) const { return rooms_ && rooms_->IsParking(sq); }
  int Packed(const uint8_t* occupied, int on_goals) const {
    return rooms_ ? rooms_->Packed(occupied) : on_goals;
  }
  const Board& board_;
  const GoalRooms* rooms_;
  std::unique_ptr<RoomConnectivity> links_;  // null: no link on this board
  std::unique_ptr<OutOfPlan> plan_;          // null: nothing ever out of plan
  Hotspots hotspots_;
  AdviceValues parent_;
  int parent_on_goals_ = 0;
  int leave_packed_ = 0;  // SetBox's: boxes packed with its box gone
};

// What an advisor sees: the expanded position, its moves with the features
// after each, and the features before.
struct AdviceContext {
  Expansion& parent;
  const std::vector<AdvisedMove>& moves;
  const AdviceFeatures& features;
};

class BoxMoveAdvisor {
 public:
  virtual ~BoxMoveAdvisor() = default;
  // The index in ctx.moves of the move it proposes; -1 for none.
  virtual int Propose(AdviceContext& ctx) = 0;
};

// The index of the best move (BetterMove) among those `keep` accepts; -1
// when none.
template <typename Keep>
int BestMove(const std::vector<AdvisedMove>& moves, Keep keep) {
  int best = -1;
  for (int k = 0; k < static_cast<int>(moves.size()); ++k) {
    if (keep(moves[k]) && (best < 0 || BetterMove(moves[k], moves[best]))) best = k;
  }
  return best;
}

// The advisors of FESS, in the order they propose.
std::vector<std::unique_ptr<BoxMoveAdvisor>> MakeFessAdvisors(const Board& board);

}  // namespace sokoban
