// Floor a level's solution never uses: the squares that neither the player
// nor a box ever stands on while the solution is replayed from the start.
// Hand-made levels have next to none; dead-end pockets and wide margins in a
// generated level show up here.
//
//   absl::StatusOr<UnusedFloor> u = MeasureUnusedFloor(level, moves);
//   if (u.ok()) std::cout << u->unused << " of " << u->floor << "\n";
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "common/level.h"

namespace sokoban::generator {

struct UnusedFloor {
  int unused = 0;  // floor squares never stood on
  int floor = 0;   // the level's floor (ReachableFloor)
  // width * height flags of the level: 1 on the unused floor squares.
  std::vector<uint8_t> unused_at;
  // unused / floor, 0 for a level without floor.
  double share() const { return floor > 0 ? static_cast<double>(unused) / floor : 0.0; }
};

// Replays `moves` (ParseMoves output) from the level's start with the rules
// engine. Fails when the level does not pass ValidateLevel or a step is
// illegal; the moves need not solve the level.
absl::StatusOr<UnusedFloor> MeasureUnusedFloor(const Level& level, std::string_view moves);

}  // namespace sokoban::generator
