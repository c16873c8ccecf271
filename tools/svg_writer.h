// One level as an SVG picture: top-down or isometric, still or animated.
//
//   absl::StatusOr<Track> track = TrackMoves(level, "dlUrrrdLull...");  // rules engine replay
//   if (!track.ok()) { /* "step 4 'l': walks into a wall" */ }
//   std::string svg = WriteSvg(level, View::kIso, &*track);            // plays in a loop
//   std::string still = WriteSvg(level, View::kTop, nullptr);
//
// What the picture holds, so that programs can read it back:
// - the root <svg> carries class "sokoban-board top|iso", data-width and
//   data-height (the board in squares) and data-tile (the pixels of one square
//   across: 32, in both views);
// - every goal is an element of class "goal" with data-x and data-y (0-based
//   column and row), every box one of class "box" (plus "on-goal" when it
//   starts on a goal) with data-id, data-x and data-y, and the player one of
//   class "player" (plus "on-goal") with data-x and data-y: where they stand
//   at the start;
// - animated, each box and the player move by an <animateTransform> of type
//   translate whose values are the offsets of their square from the square
//   they start on, in pixels: (dx * 32, dy * 32) in the top view, and
//   ((dx - dy) * 16, (dx + dy) * 8) in the iso view. The last value is where
//   they stand when the moves end. The isometric view draws a moving object
//   once per diagonal row it visits (elements of class "box-layer" and
//   "player-layer" besides the one of class "box"/"player"), each shown only
//   while the object is in that row, so that the back-to-front order holds
//   at every moment. In the iso view every box and player element carries
//   data-row, the diagonal row x + y it is drawn in.
// Floor outside the walls is not drawn. Animations are SMIL only (no
// script): they play in browsers and in viewers that support SVG animation;
// viewers without it show the start position.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "common/level.h"

namespace sokoban::tools {

enum class View { kTop, kIso };
inline constexpr View kAllViews[] = {View::kTop, View::kIso};

// "top" or "iso"; anything else is InvalidArgument naming the choices.
absl::StatusOr<View> ParseView(std::string_view name);
const char* ViewName(View view);

// Where the player and each box (numbered as common/rules.h's Game::BoxId
// numbers them) stand at the start and after every step of a move string.
struct Track {
  std::string moves;                    // the moves, pushes in capitals
  std::vector<int> player;              // moves.size() + 1 squares (y * width + x)
  std::vector<std::vector<int>> boxes;  // per box: moves.size() + 1 squares
  bool solved = false;                  // every box on a goal at the end
};

// Replays parsed moves (common/moves.h's ParseMoves output) with the rules
// engine. The level must pass ValidateLevel. An illegal step is
// InvalidArgument naming it: "step 4 'l': walks into a wall".
absl::StatusOr<Track> TrackMoves(const Level& level, std::string_view moves);

// The picture of a valid level, animated when track is given (a Track of
// this level).
std::string WriteSvg(const Level& level, View view, const Track* track);

}  // namespace sokoban::tools
