// Never a wrong answer: every solution `sokoban solve` prints for the whole
// of Microban is replayed by a minimal replayer written here, apart from
// the rules engine (common/rules.h) and the readers (common/): it reads the
// XSB text itself and walks the grid of XSB characters.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "cli_test_util.h"

namespace sokoban {
namespace {

using testing_util::CliFixture;
using testing_util::Lines;
using testing_util::Quote;
using testing_util::ReadAll;

// Microban as printed: "; TITLE" directly above each board, boards made of
// the canonical XSB characters.
std::map<std::string, std::vector<std::string>> BoardsByTitle(const std::string& text) {
  std::map<std::string, std::vector<std::string>> boards;
  std::string title;
  std::vector<std::string>* board = nullptr;
  for (const std::string& line : Lines(text)) {
    if (line.find('#') != std::string::npos &&
        line.find_first_not_of(" #.$*@+") == std::string::npos) {
      if (board == nullptr) board = &boards[title];
      board->push_back(line);
    } else {
      board = nullptr;
      if (line.rfind("; ", 0) == 0) title = line.substr(2);
    }
  }
  return boards;
}

struct Walk {
  bool solved = false;
  std::string error;
  int moves = 0, pushes = 0;
};

// Plays LURD moves on rows: a step onto a wall or pushing a box into a wall
// or box is an error, as is a letter whose case says push when it does not
// push (or the other way round).
Walk Play(std::vector<std::string> rows, const std::string& moves) {
  Walk w;
  size_t width = 0;
  for (const std::string& r : rows) width = std::max(width, r.size());
  for (std::string& r : rows) r.resize(width, ' ');
  int px = -1, py = -1;
  for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
    for (int x = 0; x < static_cast<int>(width); ++x) {
      if (rows[y][x] == '@' || rows[y][x] == '+') px = x, py = y;
    }
  }
  if (px < 0) {
    w.error = "no player";
    return w;
  }
  auto at = [&](int x, int y) -> char& { return rows[y][x]; };
  auto inside = [&](int x, int y) {
    return y >= 0 && y < static_cast<int>(rows.size()) && x >= 0 && x < static_cast<int>(width);
  };
  auto is_box = [](char c) { return c == '$' || c == '*'; };
  auto is_goal = [](char c) { return c == '.' || c == '*' || c == '+'; };
  for (char m : moves) {
    int dx = 0, dy = 0;
    switch (std::tolower(static_cast<unsigned char>(m))) {
      case 'l':
        dx = -1;
        break;
      case 'r':
        dx = 1;
        break;
      case 'u':
        dy = -1;
        break;
      case 'd':
        dy = 1;
        break;
      default:
        w.error = std::string("bad letter ") + m;
        return w;
    }
    const int tx = px + dx, ty = py + dy;
    if (!inside(tx, ty) || at(tx, ty) == '#') {
      w.error = "walks into a wall at move " + std::to_string(w.moves + 1);
      return w;
    }
    const bool push = is_box(at(tx, ty));
    if (push != static_cast<bool>(std::isupper(static_cast<unsigned char>(m)))) {
      w.error = "letter case disagrees with the push at move " + std::to_string(w.moves + 1);
      return w;
    }
    if (push) {
      const int bx = tx + dx, by = ty + dy;
      if (!inside(bx, by) || at(bx, by) == '#' || is_box(at(bx, by))) {
        w.error = "blocked push at move " + std::to_string(w.moves + 1);
        return w;
      }
      at(bx, by) = is_goal(at(bx, by)) ? '*' : '$';
      ++w.pushes;
    }
    at(px, py) = is_goal(at(px, py)) ? '.' : ' ';
    at(tx, ty) = is_goal(at(tx, ty)) ? '+' : '@';
    px = tx, py = ty;
    ++w.moves;
  }
  w.solved = true;
  for (const std::string& r : rows) {
    if (r.find('$') != std::string::npos) w.solved = false;
  }
  return w;
}

TEST(IndependentReplayer, CatchesWrongMoves) {
  const std::vector<std::string> level = {"######", "# @$.#", "######"};
  EXPECT_TRUE(Play(level, "R").solved);
  EXPECT_TRUE(Play(level, "lrR").solved);
  EXPECT_FALSE(Play(level, "r").solved);   // a push written as a step
  EXPECT_FALSE(Play(level, "L").solved);   // a step written as a push
  EXPECT_FALSE(Play(level, "RR").solved);  // pushes the box into the wall
  EXPECT_FALSE(Play(level, "ll").solved);  // walks into the wall
  EXPECT_FALSE(Play(level, "").solved);    // the box is not on its goal
}

class SolutionCrossCheck : public CliFixture {};

TEST_F(SolutionCrossCheck, EveryMicrobanSolutionReplaysIndependently) {
  if (SkipSlowTests()) GTEST_SKIP() << "slow under sanitizers";
  const std::string file = std::string(SOKOBAN_SOURCE_DIR) + "/puzzles/microban.xsb";
  const std::map<std::string, std::vector<std::string>> boards = BoardsByTitle(ReadAll(file));
  ASSERT_EQ(boards.size(), 155u);
  testing_util::Output o = Run("solve --json --time-limit 5 --threads 2 " + Quote(file));
  const std::vector<nlohmann::json> lines = testing_util::JsonLines(o.out);
  ASSERT_EQ(lines.size(), 156u) << o.err;
  int solved = 0;
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    const nlohmann::json& l = lines[i];
    if (l["status"] != "solved") continue;
    ++solved;
    const std::string title = l["title"];
    ASSERT_EQ(boards.count(title), 1u) << title;
    const Walk w = Play(boards.at(title), l["solution"].get<std::string>());
    EXPECT_TRUE(w.solved) << "level " << title << ": " << w.error;
    EXPECT_EQ(w.moves, l["moves"].get<int>()) << title;
    EXPECT_EQ(w.pushes, l["pushes"].get<int>()) << title;
  }
  // Microban is easy: nearly all of it must be solved for the check to
  // mean something.
  EXPECT_GE(solved, 150);
}

}  // namespace
}  // namespace sokoban
