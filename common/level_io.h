// Reading and writing level collections in every format users bring.
//
// Readers are liberal: XSB (with ';' titles or Title:/Author:/Comment: blocks,
// '-' '_' floor, p P b B letters, ragged rows), SOK (file notes, '::' lines,
// Collection:, run-length rows and '|' row separators, solution sections),
// the seed digit grid ('0 1 2 3 5 6', '</end>'), the seed ActionScript
// arrays, and Mario Sokoban's niveaux.lvl (144 digits a line). Writers are
// strict: XSB and SOK without RLE, titles and metadata kept, solutions under
// each level.
//
// Reading rules of the XSB/SOK reader (details in xsb_sok_reader.cc):
// - A board starts at a line of board characters (# @ + $ * . space - _ p P
//   b B; digits, parentheses and '|' for run-length rows) that holds a '#',
//   and runs while lines stay board lines; a row without '#' (such as "-")
//   only continues a board. A line of spaces is blank; a line without any
//   square character ("1", "; 1", "Title: 1") is text. A line that starts
//   like a board row but holds stray characters is reported as a bad row.
// - Title: the last non-blank text line before a board when the line before
//   it is blank, or the ';' line directly above the board; "Title:" wins.
//   Text after a board belongs to that level; text before the first board is
//   the file's notes. A text line followed by a move line opens a solution.
// - Every level is normalized: canonical XSB squares, all-floor rows and
//   columns around the board trimmed, so the same level read from any format
//   compares equal (title, notes and source_line aside).
// - Lines over 1 MiB are an error for the level they belong to.
//
//   absl::StatusOr<Collection> c = ReadCollectionFile("levels.sok");
//   if (!c.ok()) { /* unreadable file: missing, directory, binary, ... */ }
//   for (const LevelEntry& e : c->levels) {
//     if (!e.status.ok()) { /* e.status.message() names line and reason */ }
//   }
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/level.h"

namespace sokoban {

enum class Format { kAuto, kXsb, kSok, kDigits, kActionScript, kNiveaux };

// "auto", "xsb", "sok", "digits", "actionscript", "niveaux".
std::string_view FormatName(Format f);
absl::StatusOr<Format> ParseFormatName(std::string_view name);
// Every name ParseFormatName takes, in that order (for the shell completion).
std::vector<std::string_view> FormatNames();

// One level of a collection and whether it can be used. A level with a bad
// status is still listed (with whatever could be read of it) so that a batch
// reports it and goes on.
struct LevelEntry {
  int index = 0;  // 1-based position in the collection
  Level level;
  // OK, or InvalidArgument whose message reads "line N: reason" (the line
  // of the source where the problem is, or where the board starts).
  absl::Status status;
};

struct Collection {
  std::string source;              // file name as given, "-" for standard input
  Format format = Format::kAuto;   // the format the text was read as
  std::string name;                // Collection: header (SOK), or empty
  std::vector<std::string> notes;  // file notes before the first level
  std::vector<LevelEntry> levels;
};

// Guesses the format from the text (and the file name, when it helps).
Format DetectFormat(std::string_view text, std::string_view file_name = "");

// Parses text already in memory. Fails only when the text as a whole cannot
// be read (binary data, no level at all); per-level problems go in
// LevelEntry::status. Every level that parses is also checked with
// ValidateLevel.
absl::StatusOr<Collection> ReadCollection(std::string_view text, Format format = Format::kAuto,
                                          std::string_view source = "");

// Reads a file ("-" for standard input) and parses it. Errors name the file:
// missing, a directory, unreadable, empty, or not level text.
absl::StatusOr<Collection> ReadCollectionFile(const std::string& path,
                                              Format format = Format::kAuto);

// Writers. The XSB writer puts "; title" above each board and Author/notes
// as "; " lines below it; XSB carries no solutions. The SOK writer writes
// Collection:, file notes, then per level the title line, the board,
// Author:/notes, and each solution as a title line followed by the move
// string wrapped at 70 columns (no run-length encoding). An empty interior
// row is written as "-". Notes that would read back as something else (a
// board row, a key, a blank line) are wrapped in a Comment:/Comment-End:
// block, and a title that would is written as "Title:" below the board, so
// reading the output gives the same levels back (normalized levels, as the
// readers produce them; a solution note that would read as moves is kept
// as a "::" remark only).
std::string WriteXsb(const Collection& collection);
std::string WriteSok(const Collection& collection);

// Writes text to path safely: a temporary file in the same folder, fsync,
// then rename over the target. The target is never left half-written. A
// target that is a device or a pipe (/dev/null, a FIFO) is written in place.
absl::Status WriteFileAtomically(const std::string& path, std::string_view text);

}  // namespace sokoban
