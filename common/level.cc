#include "common/level.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace sokoban {

std::vector<std::string> Level::Rows() const {
  std::vector<std::string> rows;
  rows.reserve(height);
  for (int y = 0; y < height; ++y) {
    std::string row(squares.begin() + static_cast<ptrdiff_t>(y) * width,
                    squares.begin() + static_cast<ptrdiff_t>(y + 1) * width);
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(std::move(row));
  }
  return rows;
}

Level Level::FromRows(const std::vector<std::string>& rows, std::string title) {
  Level level;
  level.title = std::move(title);
  level.height = static_cast<int>(rows.size());
  for (const std::string& row : rows) level.width = std::max<int>(level.width, row.size());
  level.squares.assign(static_cast<size_t>(level.width) * level.height, ' ');
  for (int y = 0; y < level.height; ++y) {
    std::copy(rows[y].begin(), rows[y].end(),
              level.squares.begin() + static_cast<ptrdiff_t>(y) * level.width);
  }
  return level;
}

std::vector<uint8_t> ReachableFloor(const Level& level) {
  const int w = level.width, h = level.height;
  std::vector<uint8_t> seen(level.squares.size(), 0);
  std::vector<int> stack;
  for (int i = 0; i < static_cast<int>(level.squares.size()); ++i) {
    if (IsPlayerChar(level.squares[i])) {
      stack.push_back(i);
      seen[i] = 1;
      break;
    }
  }
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    const int x = i % w, y = i / w;
    const int nx[4] = {x - 1, x + 1, x, x};
    const int ny[4] = {y, y, y - 1, y + 1};
    for (int d = 0; d < 4; ++d) {
      if (nx[d] < 0 || ny[d] < 0 || nx[d] >= w || ny[d] >= h) continue;
      const int j = ny[d] * w + nx[d];
      if (seen[j] || level.squares[j] == '#') continue;
      seen[j] = 1;
      stack.push_back(j);
    }
  }
  return seen;
}

absl::Status ValidateLevel(const Level& level) {
  if (level.width <= 0 || level.height <= 0 || level.squares.empty()) {
    return absl::InvalidArgumentError("empty board");
  }
  if (level.width > kMaxBoardSide || level.height > kMaxBoardSide) {
    return absl::InvalidArgumentError(absl::StrCat("board is ", level.width, "x", level.height,
                                                   "; at most ", kMaxBoardSide, " squares a side"));
  }
  int players = 0, boxes = 0, goals = 0;
  for (char c : level.squares) {
    if (!IsBoardChar(c)) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown square character '", std::string(1, c), "'"));
    }
    players += IsPlayerChar(c);
    boxes += IsBoxChar(c);
    goals += IsGoalChar(c);
  }
  if (players == 0) return absl::InvalidArgumentError("no player");
  if (players > 1)
    return absl::InvalidArgumentError(absl::StrCat(players, " players; a level has exactly one"));
  if (boxes == 0) return absl::InvalidArgumentError("no boxes");
  if (boxes != goals) {
    return absl::InvalidArgumentError(absl::StrCat(boxes, " boxes but ", goals, " goals"));
  }
  const std::vector<uint8_t> floor = ReachableFloor(level);
  const int w = level.width, h = level.height;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const size_t i = static_cast<size_t>(y) * w + x;
      if (floor[i] && (x == 0 || y == 0 || x == w - 1 || y == h - 1)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "open boundary: the player can walk off the board at row ", y + 1, ", column ", x + 1));
      }
      if (!floor[i] && level.squares[i] == '$') {
        return absl::InvalidArgumentError(
            absl::StrCat("box at row ", y + 1, ", column ", x + 1,
                         " is outside the player's reach and not on a goal"));
      }
    }
  }
  int inner_boxes = 0, inner_goals = 0;
  for (size_t i = 0; i < floor.size(); ++i) {
    if (!floor[i]) continue;
    inner_boxes += IsBoxChar(level.squares[i]);
    inner_goals += IsGoalChar(level.squares[i]);
  }
  if (inner_boxes == 0) return absl::InvalidArgumentError("no box the player can reach");
  if (inner_boxes != inner_goals) {
    return absl::InvalidArgumentError(
        absl::StrCat(inner_boxes, " boxes but ", inner_goals, " goals inside the player's reach"));
  }
  return absl::OkStatus();
}

}  // namespace sokoban
