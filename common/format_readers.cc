#include "common/format_readers.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace sokoban {

std::vector<TextLine> SplitLines(std::string_view text) {
  std::vector<TextLine> lines;
  // One allocation for a whole file (Boxoban's 1,000 levels are 12,000 lines).
  lines.reserve(static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  size_t pos = 0;
  int number = 0;
  while (pos < text.size()) {
    size_t end = pos;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    TextLine line;
    line.number = ++number;
    std::string_view body = text.substr(pos, end - pos);
    while (!body.empty() && (body.back() == ' ' || body.back() == '\t')) body.remove_suffix(1);
    if (body.size() > kMaxLineLength) {
      line.too_long = true;
      line.head = body.substr(0, kTooLongHead);
    } else {
      line.text = body;
    }
    lines.push_back(line);
    // "\r\n" is one break; a lone "\r" (old Mac files) is one too.
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') {
      ++end;
    }
    pos = end + 1;
  }
  return lines;
}

absl::Status LineError(int line, std::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", std::string(message)));
}

LevelEntry MakeLevelEntry(int index, const std::vector<std::string>& rows, int first_line,
                          absl::Status parse_error, int error_line) {
  LevelEntry entry;
  entry.index = index;
  entry.level.source_line = first_line;
  if (!parse_error.ok()) {
    entry.status =
        LineError(error_line > 0 ? error_line : first_line, std::string(parse_error.message()));
  }
  size_t width = 0;
  for (const std::string& row : rows) width = std::max(width, row.size());
  if (width > static_cast<size_t>(kMaxBoardSide) ||
      rows.size() > static_cast<size_t>(kMaxBoardSide)) {
    if (entry.status.ok()) {
      entry.status =
          LineError(first_line, absl::StrCat("board is ", width, "x", rows.size(), "; at most ",
                                             kMaxBoardSide, " squares a side"));
    }
    return entry;
  }
  // Trim all-floor rows and columns around the board, so that the same level
  // read from an indented XSB file, a digit grid padded with '0' or a fixed
  // 20x16 array compares equal.
  auto blank = [](const std::string& row) {
    return row.find_first_not_of(' ') == std::string::npos;
  };
  size_t top = 0, bottom = rows.size();
  while (top < bottom && blank(rows[top])) ++top;
  while (bottom > top && blank(rows[bottom - 1])) --bottom;
  size_t left = width, right = 0;
  for (size_t y = top; y < bottom; ++y) {
    const size_t first = rows[y].find_first_not_of(' ');
    if (first == std::string::npos) continue;
    left = std::min(left, first);
    right = std::max(right, rows[y].find_last_not_of(' ') + 1);
  }
  Level& level = entry.level;
  if (top < bottom) {
    level.width = static_cast<int>(right - left);
    level.height = static_cast<int>(bottom - top);
    level.squares.assign(static_cast<size_t>(level.width) * level.height, ' ');
    for (size_t y = top; y < bottom; ++y) {
      const std::string& row = rows[y];
      for (size_t x = left; x < std::min(right, row.size()); ++x) {
        level.at(static_cast<int>(x - left), static_cast<int>(y - top)) = row[x];
      }
    }
  }
  if (entry.status.ok()) {
    if (absl::Status s = ValidateLevel(level); !s.ok())
      entry.status = LineError(first_line, std::string(s.message()));
  }
  return entry;
}

}  // namespace sokoban
