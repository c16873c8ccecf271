// Move strings in LURD notation: parsing, replay on a level, metrics, and
// formatting for files.
//
//   absl::StatusOr<std::string> moves = ParseMoves("3r 2(uL)D");
//   ReplayResult r = Replay(level, *moves);
//   if (r.valid && r.solved) Print(r.metrics);
//
// 'l u r d' are steps, 'L U R D' are pushes. A string with no capital letter
// is read case-blind: replay works out which steps push.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "common/level.h"
#include "common/rle.h"

namespace sokoban {

// The six counts users compare solutions by, in the order tools print them.
struct MoveMetrics {
  int moves = 0;             // steps of the player
  int pushes = 0;            // steps that pushed a box
  int box_lines = 0;         // runs of pushes of one box in one direction
  int box_changes = 0;       // pushes of a box other than the one pushed before (A,B,A = 3)
  int pushing_sessions = 0;  // runs of pushes not broken by a plain step
  int player_lines = 0;      // runs of steps (pushes included) in one direction
  friend bool operator==(const MoveMetrics&, const MoveMetrics&) = default;
};

// Expands RLE (counts, nested groups) and drops white space and line breaks.
// Fails on any character other than lurdLURD, digits, parentheses, space,
// and when the moves would be longer than max_moves (readers pass what is
// left of a per-file budget, so that a small file cannot expand to
// gigabytes).
absl::StatusOr<std::string> ParseMoves(std::string_view text, size_t max_moves = kMaxRleOutput);

struct ReplayResult {
  bool valid = false;   // every step was legal
  bool solved = false;  // every box is on a goal at the end
  // On an invalid replay: the 1-based step that failed and why.
  size_t failed_step = 0;
  std::string error;
  // The moves with the case of each step set by what it did (pushes upper).
  std::string normalized;
  MoveMetrics metrics;  // of the valid prefix
};

// Replays parsed moves (ParseMoves output) from the level's start. The level
// must pass ValidateLevel. A capital letter that pushes nothing, or a small
// one that pushes in a string that has capitals, is an error at that step.
ReplayResult Replay(const Level& level, std::string_view moves);

// "moves/pushes/box lines/box changes/pushing sessions/player lines".
std::string FormatMetrics(const MoveMetrics& m);

// Splits a move string into lines of at most width characters (no RLE).
std::vector<std::string> WrapMoves(std::string_view moves, size_t width = 70);

}  // namespace sokoban
