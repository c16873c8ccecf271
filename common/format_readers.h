// The per-format readers behind ReadCollection, and the pieces they share:
// line splitting with a length cap, and turning board rows into a
// normalized, validated LevelEntry.
//
//   std::vector<TextLine> lines = SplitLines(text);
//   LevelEntry e = MakeLevelEntry(index, rows, first_line, parse_error);
//
// Each reader fills Collection::levels (possibly empty) and never fails as a
// whole: ReadCollection decides what "no level found" means.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "common/level_io.h"

namespace sokoban {

// Lines longer than this are not read: the level they belong to gets an
// error instead. Real boards are at most a few hundred characters wide.
inline constexpr size_t kMaxLineLength = size_t{1} << 20;  // 1 MiB

struct TextLine {
  std::string_view text;  // without the line break and trailing white space
  int number = 0;         // 1-based
  bool too_long = false;  // over kMaxLineLength; text is then empty
  // For a line that is too long: its first kTooLongHead characters, so that
  // readers can tell what kind of line it is (a board row belongs to a new
  // board, not to the level before it).
  std::string_view head;
};

inline constexpr size_t kTooLongHead = 256;

// Splits on "\n", "\r\n" or a lone "\r" and drops trailing spaces and tabs.
std::vector<TextLine> SplitLines(std::string_view text);

// Builds a level from rows in canonical XSB characters: pads ragged rows,
// trims all-floor rows and columns around the board, sets source_line, then
// validates. parse_error (if not OK) wins over validation; its message and
// the validation reason are prefixed with "line N: " (N = error_line, or
// first_line when error_line is 0). Boards over kMaxBoardSide are reported
// without building the grid.
LevelEntry MakeLevelEntry(int index, const std::vector<std::string>& rows, int first_line,
                          absl::Status parse_error = absl::OkStatus(), int error_line = 0);

// "line N: message" as InvalidArgument.
absl::Status LineError(int line, std::string_view message);

// True when the XSB/SOK reader takes this line, met after a board, as a
// plain note kept as it stands: not a board row, move line, blank line, "::"
// remark, metadata key (Title:, Author:, Comment:, Comment-End:,
// Collection:) or solution title at the end of a file. A ';' line is judged
// by its text after the ';'. Writers fall back to a Comment: block for notes
// that fail this test. With solution_title set, a solution title such as
// "Best Solution" passes (it is followed by its moves, never cut off).
bool IsPlainNoteLine(std::string_view line, bool solution_title = false);

// Readers. XSB and SOK share one reader (XSB is a subset of SOK).
Collection ReadXsbSok(std::string_view text);
Collection ReadDigits(std::string_view text);
Collection ReadActionScript(std::string_view text);
Collection ReadNiveaux(std::string_view text);

}  // namespace sokoban
