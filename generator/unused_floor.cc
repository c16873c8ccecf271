#include "generator/unused_floor.h"

#include "absl/strings/str_cat.h"
#include "common/rules.h"

namespace sokoban::generator {

absl::StatusOr<UnusedFloor> MeasureUnusedFloor(const Level& level, std::string_view moves) {
  if (absl::Status s = ValidateLevel(level); !s.ok()) return s;
  Game game(level);
  const size_t cells = static_cast<size_t>(level.width) * level.height;
  std::vector<uint8_t> used(cells, 0);
  used[game.player()] = 1;
  for (size_t sq = 0; sq < cells; ++sq) used[sq] |= game.HasBox(static_cast<int>(sq)) ? 1 : 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const char c = moves[i];
    int d = 0;
    while (d < 4 && kDirLetters[d] != (c | 0x20)) ++d;
    if (d == 4) return absl::InvalidArgumentError(absl::StrCat("step ", i + 1, ": not a move"));
    const StepResult r = game.Step(static_cast<Dir>(d));
    if (r != StepResult::kMoved && r != StepResult::kPushed) {
      return absl::InvalidArgumentError(absl::StrCat("step ", i + 1, ": blocked"));
    }
    // A push puts the box on the square beyond the player's new one.
    used[game.player()] = 1;
    if (r == StepResult::kPushed) {
      const int x = game.player() % level.width + kDx[d], y = game.player() / level.width + kDy[d];
      used[static_cast<size_t>(y) * level.width + x] = 1;
    }
  }
  UnusedFloor u;
  const std::vector<uint8_t> floor = ReachableFloor(level);
  u.unused_at.assign(cells, 0);
  for (size_t sq = 0; sq < cells; ++sq) {
    if (!floor[sq]) continue;
    ++u.floor;
    if (!used[sq]) {
      u.unused_at[sq] = 1;
      ++u.unused;
    }
  }
  return u;
}

}  // namespace sokoban::generator
