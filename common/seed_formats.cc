// Readers for the formats of the tutorials the project began from: the digit
// grid ending at "</end>", the ActionScript arrays of the Flash game, and
// Mario Sokoban's niveaux.lvl. Each maps its codes to XSB squares and hands
// the rows to MakeLevelEntry, which trims the outside and validates.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/format_readers.h"

namespace sokoban {
namespace {

std::string LevelTitle(int n) { return absl::StrCat("Level ", n); }

// Sets the first error of a level being read.
struct FirstError {
  absl::Status status;
  int line = 0;
  void Set(int at, std::string message) {
    if (!status.ok()) return;
    status = absl::InvalidArgumentError(std::move(message));
    line = at;
  }
};

}  // namespace

Collection ReadDigits(std::string_view text) {
  Collection collection;
  std::vector<std::string> rows;
  int first_line = 0;
  FirstError error;
  auto finish = [&]() {
    const int index = static_cast<int>(collection.levels.size()) + 1;
    collection.levels.push_back(
        MakeLevelEntry(index, rows, first_line, std::move(error.status), error.line));
    collection.levels.back().level.title = LevelTitle(index);
    rows.clear();
    first_line = 0;
    error = FirstError();
  };
  for (const TextLine& line : SplitLines(text)) {
    if (line.too_long) {
      if (first_line == 0) first_line = line.number;
      error.Set(line.number, absl::StrCat("line is longer than ", kMaxLineLength, " characters"));
      continue;
    }
    const std::string_view t = line.text;
    if (t == "</end>") {
      if (first_line != 0) finish();
      continue;
    }
    if (t.find_first_not_of(' ') == std::string_view::npos) continue;
    if (first_line == 0) first_line = line.number;
    std::string row;
    for (size_t x = 0; x < t.size(); ++x) {
      switch (t[x]) {
        case '0':
          row += ' ';
          break;
        case '1':
          row += '@';
          break;
        case '2':
          row += '#';
          break;
        case '3':
          row += '.';
          break;
        case '5':
          row += '$';
          break;
        case '6':
          row += '*';
          break;
        default:
          error.Set(line.number, absl::StrCat("unknown character '", std::string(1, t[x]),
                                              "' at column ", x + 1, " of a digit row"));
          row += ' ';
      }
    }
    rows.push_back(std::move(row));
  }
  if (first_line != 0) {
    error.Set(first_line, "board is not closed by </end> (file cut off?)");
    finish();
  }
  return collection;
}

namespace {

// Reads the integers of an ActionScript array literal, ignoring brackets,
// commas and spaces; numbers may carry leading zeros ("[10,07]").
std::optional<std::vector<int>> Numbers(std::string_view text) {
  std::vector<int> out;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int v = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        if (v > 100000) return std::nullopt;
        v = v * 10 + (text[i] - '0');
        ++i;
      }
      out.push_back(v);
    } else if (c == '[' || c == ']' || c == ',' || c == ' ' || c == '\t' || c == ';') {
      ++i;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

struct ScriptLevel {
  int first_line = 0;
  std::map<int, std::vector<int>> rows;  // row index -> codes
  std::map<int, int> row_lines;          // row index -> source line
  std::vector<int> player;               // x, y
  int player_line = 0;
  std::vector<int> boxes;  // x0, y0, x1, y1, ...
  int boxes_line = 0;
  FirstError error;
};

// Splits "name123[4] = [...]" into name, level number, optional row index
// and the text after '='. Returns false for any other line.
bool ParseAssignment(std::string_view t, std::string* name, int* level, int* row,
                     std::string_view* value) {
  size_t i = t.find_first_not_of(' ');
  if (i == std::string_view::npos) return false;
  const size_t name_start = i;
  while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
  if (i == name_start || i >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i]))) {
    return false;
  }
  *name = std::string(t.substr(name_start, i - name_start));
  *level = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) {
    if (*level > 100000) return false;
    *level = *level * 10 + (t[i++] - '0');
  }
  *row = -1;
  while (i < t.size() && t[i] == ' ') ++i;
  if (i < t.size() && t[i] == '[') {
    const size_t close = t.find(']', i);
    if (close == std::string_view::npos) return false;
    std::optional<std::vector<int>> r = Numbers(t.substr(i + 1, close - i - 1));
    if (!r || r->size() != 1) return false;
    *row = (*r)[0];
    i = close + 1;
  }
  while (i < t.size() && t[i] == ' ') ++i;
  if (i >= t.size() || t[i] != '=') return false;
  *value = t.substr(i + 1);
  return true;
}

}  // namespace

Collection ReadActionScript(std::string_view text) {
  Collection collection;
  std::map<int, ScriptLevel> levels;
  std::vector<int> order;  // level numbers in order of first appearance
  std::string spaced;
  for (const TextLine& line : SplitLines(text)) {
    std::string name;
    int n = 0, row = -1;
    std::string_view value;
    if (line.too_long) continue;
    // Code copied from web pages carries no-break spaces (UTF-8 C2 A0).
    spaced.assign(line.text);
    for (size_t i = 0; i + 1 < spaced.size(); ++i) {
      if (spaced[i] == '\xC2' && spaced[i + 1] == '\xA0') spaced[i] = spaced[i + 1] = ' ';
    }
    if (!ParseAssignment(spaced, &name, &n, &row, &value)) continue;
    const bool is_grid = name == "level" && row >= 0;
    const bool is_player = name == "poussoir" && row < 0;
    const bool is_boxes = name == "boules" && row < 0;
    if (!is_grid && !is_player && !is_boxes) continue;
    if (value.find("Array") != std::string_view::npos) continue;  // "new Array()"
    auto [it, inserted] = levels.try_emplace(n);
    ScriptLevel& level = it->second;
    if (inserted) {
      order.push_back(n);
      level.first_line = line.number;
    }
    std::optional<std::vector<int>> numbers = Numbers(value);
    if (!numbers) {
      level.error.Set(line.number, absl::StrCat("cannot read the array of ", name, n));
      continue;
    }
    if (is_grid) {
      if (row > kMaxBoardSide || level.rows.count(row)) {
        level.error.Set(line.number, absl::StrCat("bad or repeated row ", row, " of level", n));
        continue;
      }
      level.rows[row] = std::move(*numbers);
      level.row_lines[row] = line.number;
    } else if (is_player) {
      if (numbers->size() != 2) {
        level.error.Set(line.number, "the player needs one [x,y] pair");
        continue;
      }
      level.player = std::move(*numbers);
      level.player_line = line.number;
    } else {
      if (numbers->size() % 2 != 0) {
        level.error.Set(line.number, "boxes need [x,y] pairs");
        continue;
      }
      level.boxes = std::move(*numbers);
      level.boxes_line = line.number;
    }
  }
  for (int n : order) {
    ScriptLevel& s = levels[n];
    std::vector<std::string> rows;
    for (const auto& [y, codes] : s.rows) {
      if (y >= static_cast<int>(rows.size())) rows.resize(y + 1);
      for (size_t x = 0; x < codes.size(); ++x) {
        static constexpr char kSquares[] = {' ', ' ', '#', '.'};
        if (codes[x] > 3) {
          s.error.Set(s.row_lines[y], absl::StrCat("unknown square code ", codes[x], " in row ", y,
                                                   " of level", n));
        }
        rows[y] += codes[x] <= 3 ? kSquares[codes[x]] : ' ';
      }
    }
    // Places a piece on its square, as '@'/'+' or '$'/'*' over floor/goal.
    auto place = [&](int x, int y, char piece, char on_goal, int at) {
      if (y < 0 || y >= static_cast<int>(rows.size()) || x < 0 ||
          x >= static_cast<int>(rows[y].size())) {
        s.error.Set(at, absl::StrCat("[", x, ",", y, "] is outside the grid"));
        return;
      }
      char& c = rows[y][x];
      if (c == ' ') {
        c = piece;
      } else if (c == '.') {
        c = on_goal;
      } else {
        s.error.Set(at, absl::StrCat("[", x, ",", y, "] is not an empty floor or goal square"));
      }
    };
    if (s.player.size() == 2) place(s.player[0], s.player[1], '@', '+', s.player_line);
    for (size_t i = 0; i + 1 < s.boxes.size(); i += 2) {
      place(s.boxes[i], s.boxes[i + 1], '$', '*', s.boxes_line);
    }
    const int index = static_cast<int>(collection.levels.size()) + 1;
    collection.levels.push_back(
        MakeLevelEntry(index, rows, s.first_line, std::move(s.error.status), s.error.line));
    collection.levels.back().level.title = LevelTitle(n);
  }
  return collection;
}

Collection ReadNiveaux(std::string_view text) {
  static constexpr int kSide = 12;
  Collection collection;
  for (const TextLine& line : SplitLines(text)) {
    if (!line.too_long && line.text.find_first_not_of(' ') == std::string_view::npos) continue;
    const std::string_view t = line.text;
    FirstError error;
    std::vector<std::string> rows(kSide);
    if (line.too_long || t.size() != kSide * kSide) {
      error.Set(line.number,
                absl::StrCat("expected ", kSide * kSide, " digits, found ",
                             line.too_long ? "more than 1 MiB" : std::to_string(t.size())));
    } else {
      for (int i = 0; i < kSide * kSide; ++i) {
        static constexpr char kSquares[] = {' ', '#', '$', '.', '@', '*'};
        const char c = t[i];
        if (c < '0' || c > '5') {
          error.Set(line.number,
                    absl::StrCat("unknown character '", std::string(1, c), "' at column ", i + 1));
          rows[i / kSide] += ' ';
        } else {
          rows[i / kSide] += kSquares[c - '0'];
        }
      }
    }
    const int index = static_cast<int>(collection.levels.size()) + 1;
    collection.levels.push_back(
        MakeLevelEntry(index, rows, line.number, std::move(error.status), error.line));
    collection.levels.back().level.title = LevelTitle(index);
  }
  return collection;
}

}  // namespace sokoban
