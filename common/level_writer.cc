// XSB and SOK writers. Both write what the reader reads back unchanged:
// every line is checked against the reader's own rules (IsPlainNoteLine),
// and notes that would read as something else go into a Comment: block.
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "common/format_readers.h"
#include "common/level_io.h"
#include "common/moves.h"

namespace sokoban {
namespace {

// Line prefix: "; " for XSB comments, "" for SOK.
struct Style {
  std::string_view prefix;
  bool sok;
};

std::string Line(const Style& style, std::string_view text) {
  if (style.prefix.empty()) return std::string(text);
  if (text.empty())
    return std::string(absl::StripTrailingAsciiWhitespace(
        absl::string_view(style.prefix.data(), style.prefix.size())));
  return absl::StrCat(absl::string_view(style.prefix.data(), style.prefix.size()),
                      absl::string_view(text.data(), text.size()));
}

// A SOK line starting with ';' would lose its ';' on reading.
bool Plain(const Style& style, std::string_view text, bool solution_title = false) {
  if (style.sok) {
    const size_t first = text.find_first_not_of(' ');
    if (first == std::string_view::npos || text[first] == ';') return false;
  }
  return IsPlainNoteLine(Line(style, text), solution_title);
}

void WriteNotes(const Style& style, const std::vector<std::string>& notes, std::string& out) {
  bool plain = true;
  for (const std::string& note : notes) plain = plain && Plain(style, note);
  if (!plain) absl::StrAppend(&out, Line(style, "Comment:"), "\n");
  for (const std::string& note : notes) absl::StrAppend(&out, Line(style, note), "\n");
  if (!plain) absl::StrAppend(&out, Line(style, "Comment-End:"), "\n");
}

void WriteBoard(const Level& level, std::string& out) {
  for (const std::string& row : level.Rows()) {
    // A blank line would end the board; '-' is floor.
    absl::StrAppend(&out, row.empty() ? "-" : row, "\n");
  }
}

std::string Write(const Collection& collection, const Style& style) {
  std::string out;
  if (!collection.name.empty()) {
    absl::StrAppend(&out, Line(style, absl::StrCat("Collection: ", collection.name)), "\n");
  }
  WriteNotes(style, collection.notes, out);
  for (const LevelEntry& entry : collection.levels) {
    const Level& level = entry.level;
    if (!out.empty()) out += "\n";
    // The title line goes above the board when the reader's title rule will
    // take it back; otherwise a Title: line below the board says it.
    const bool title_above = !level.title.empty() &&
                             level.title == absl::StripAsciiWhitespace(level.title) &&
                             Plain(style, level.title);
    if (title_above) absl::StrAppend(&out, Line(style, level.title), "\n");
    WriteBoard(level, out);
    if (!level.title.empty() && !title_above) {
      absl::StrAppend(&out, Line(style, absl::StrCat("Title: ", level.title)), "\n");
    }
    if (!level.author.empty()) {
      absl::StrAppend(&out, Line(style, absl::StrCat("Author: ", level.author)), "\n");
    }
    WriteNotes(style, level.notes, out);
    if (!style.sok) continue;
    for (const Solution& solution : level.solutions) {
      if (solution.moves.empty()) continue;
      const bool title_ok = Plain(style, solution.title, true) &&
                            solution.title == absl::StripAsciiWhitespace(solution.title);
      absl::StrAppend(&out, "\n", title_ok ? solution.title : "Solution", "\n");
      for (const std::string& line : WrapMoves(solution.moves, 70)) {
        absl::StrAppend(&out, line, "\n");
      }
      // A note that would read as moves, a key or a board is kept as a
      // remark for people only.
      for (const std::string& note : solution.notes) {
        absl::StrAppend(&out, Plain(style, note) ? "" : ":: ", note, "\n");
      }
    }
  }
  return out;
}

}  // namespace

std::string WriteXsb(const Collection& collection) { return Write(collection, {"; ", false}); }

std::string WriteSok(const Collection& collection) { return Write(collection, {"", true}); }

}  // namespace sokoban
