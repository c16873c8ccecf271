// The Sokoban level as users write it: a rectangular grid of XSB squares plus
// the text that travels with it (title, author, comments, stored solutions).
//
// A Level is format-neutral: every reader in common/ produces one and every
// writer consumes one. Squares use the canonical XSB characters only:
//   '#' wall, ' ' floor (or outside), '.' goal, '$' box, '*' box on goal,
//   '@' player, '+' player on goal.
// Readers translate every other notation ('-', '_', 'p', digits, ...) into
// these before a Level exists.
//
//   Level level = ...;
//   if (absl::Status s = ValidateLevel(level); !s.ok()) { ... }
//   Grid grid = Grid::FromLevel(level);   // walls / goals / boxes / player
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace sokoban {

// Largest board the tool accepts, in squares per side. Real collections reach
// 49x44; the state encodings in solver/ assume a board of at most 65535
// squares.
inline constexpr int kMaxBoardSide = 255;

// One stored move string under a level (SOK "Solution" sections).
struct Solution {
  std::string title;               // e.g. "Solution", "Best Solution"
  std::string moves;               // LURD, already RLE-expanded, no spaces
  std::vector<std::string> notes;  // lines after the move string
  friend bool operator==(const Solution&, const Solution&) = default;
};

struct Level {
  std::string title;
  std::string author;
  // Free text that belongs to the level: Comment: blocks, other Key: Value
  // lines and loose notes, in file order, without the "Comment:" wrapper.
  std::vector<std::string> notes;
  int width = 0;
  int height = 0;
  std::vector<char> squares;  // row-major, width * height
  std::vector<Solution> solutions;
  // Where the board starts in its source (1-based), for error messages.
  int source_line = 0;

  char at(int x, int y) const { return squares[static_cast<size_t>(y) * width + x]; }
  char& at(int x, int y) { return squares[static_cast<size_t>(y) * width + x]; }

  // Rows as XSB text, trailing floor dropped (outside squares print as ' ').
  std::vector<std::string> Rows() const;

  // Builds a level from XSB rows (canonical characters only; ragged rows are
  // padded with floor). Meant for tests and generators.
  static Level FromRows(const std::vector<std::string>& rows, std::string title = "");

  friend bool operator==(const Level&, const Level&) = default;
};

inline bool IsBoxChar(char c) { return c == '$' || c == '*'; }
inline bool IsGoalChar(char c) { return c == '.' || c == '*' || c == '+'; }
inline bool IsPlayerChar(char c) { return c == '@' || c == '+'; }
inline bool IsBoardChar(char c) {
  return c == '#' || c == ' ' || c == '.' || c == '$' || c == '*' || c == '@' || c == '+';
}

// Checks that a level can be played: exactly one player, at least one box,
// as many boxes as goals, a closed boundary (the player cannot walk off the
// grid, boxes ignored), and every box outside the player's floor standing on
// a goal (decoration). Returns InvalidArgument with the reason.
absl::Status ValidateLevel(const Level& level);

// Squares the player can reach from its start with every box removed: the
// level's floor. Row-major flags, width * height. Assumes one player.
std::vector<uint8_t> ReachableFloor(const Level& level);

}  // namespace sokoban
