// The feature-space search's features beyond boxes packed and areas of free
// floor (after FESS, Shoham and Schaeffer): room connectivity
// (solver/fess/room_connectivity.h) and out of plan (solver/fess/out_of_plan.h), and
// the hotspots advisor (solver/fess/hotspots.h), each asked for by the member
// (SearchSpec::fess_features). A child's values of the features join its cell in the
// feature-space order, and a move that lowers one of them, or leaves fewer
// boxes pinned, is advised (costs nothing in the cell's order), as a move
// that packs a box or leaves fewer areas is.
//
//   FessFeatures extra(board, rooms, kFessRoomConnectivity | kFessHotspots);
//   if (extra.enabled()) {
//     extra.SetParent(occupied, boxes, n);       // the expanded position
//     FessFeatures::Child c = extra.AfterMove(from, to, child_occupied);
//   }
#pragma once

#include <cstdint>
#include <memory>

#include "solver/core/board.h"
#include "solver/fess/hotspots.h"
#include "solver/fess/out_of_plan.h"
#include "solver/fess/room_connectivity.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

// Which of the features a search takes, one bit each.
using FessFeatureSet = uint8_t;
enum FessFeature : FessFeatureSet {
  kFessRoomConnectivity = 1 << 0,
  kFessOutOfPlan = 1 << 1,
  kFessHotspots = 1 << 2,
};

class FessFeatures {
 public:
  // `rooms` may be null (no out-of-plan feature then); it must outlive this.
  FessFeatures(const Board& board, const GoalRooms* rooms, FessFeatureSet features);

  // False when no feature is on or none can ever differ on this level.
  bool enabled() const { return connectivity_ || plan_ || hotspots_; }

  void SetParent(const uint8_t* occupied, const Square* boxes, int n);
  // The parent's values, packed as Child::key.
  uint32_t ParentKey() const;
  struct Child {
    uint32_t key;  // the features' values, packed: part of the cell
    bool advised;  // one of them went down
  };
  // The child where a box went from `from` to `to`; `occupied` marks its
  // boxes.
  Child AfterMove(int from, int to, const uint8_t* occupied) const;

 private:
  std::unique_ptr<RoomConnectivity> connectivity_;
  std::unique_ptr<OutOfPlan> plan_;
  std::unique_ptr<Hotspots> hotspots_;
  int parent_plan_ = 0;
};

}  // namespace sokoban
