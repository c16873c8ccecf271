#include "common/moves.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "common/rle.h"
#include "common/rules.h"

namespace sokoban {
namespace {

int DirOf(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'l':
      return 0;
    case 'u':
      return 1;
    case 'r':
      return 2;
    case 'd':
      return 3;
    default:
      return -1;
  }
}

}  // namespace

absl::StatusOr<std::string> ParseMoves(std::string_view text, size_t max_moves) {
  std::string compact;
  compact.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (DirOf(c) < 0 && !std::isdigit(static_cast<unsigned char>(c)) && c != '(' && c != ')') {
      return absl::InvalidArgumentError(absl::StrCat("move string: unexpected character '",
                                                     std::string(1, c), "' at position ", i + 1));
    }
    compact += c;
  }
  if (!HasRle(compact)) {
    if (compact.size() > max_moves) {
      return absl::InvalidArgumentError("move string: run-length expansion is too long");
    }
    return compact;
  }
  absl::StatusOr<std::string> expanded = ExpandRle(compact, max_moves);
  if (!expanded.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("move string: ", expanded.status().message()));
  }
  return expanded;
}

ReplayResult Replay(const Level& level, std::string_view moves) {
  ReplayResult result;
  bool has_capitals = false;
  for (char c : moves) has_capitals |= std::isupper(static_cast<unsigned char>(c)) != 0;

  Game game(level);
  MoveMetrics& m = result.metrics;
  int last_box = -1, last_box_dir = -1, last_dir = -1;
  bool last_was_push = false;
  result.normalized.reserve(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const char c = moves[i];
    const int d = DirOf(c);
    auto fail = [&](std::string why) {
      result.failed_step = i + 1;
      result.error = absl::StrCat("step ", i + 1, " '", std::string(1, c), "': ", why);
      return result;
    };
    if (d < 0) return fail("not a move letter");
    const bool wants_push = std::isupper(static_cast<unsigned char>(c)) != 0;
    const int player = game.player();
    const int ahead = player + kDx[d] + kDy[d] * game.width();
    const int box = (ahead >= 0 && ahead < game.width() * game.height()) ? game.BoxId(ahead) : -1;
    const StepResult r = game.Step(static_cast<Dir>(d));
    if (r == StepResult::kBlockedWall) return fail("walks into a wall");
    if (r == StepResult::kBlockedBox) return fail("pushes a box that cannot move");
    const bool pushed = r == StepResult::kPushed;
    if (has_capitals && wants_push && !pushed) return fail("a push, but there is no box to push");
    if (has_capitals && !wants_push && pushed) return fail("a plain step, but it pushes a box");

    ++m.moves;
    if (d != last_dir) ++m.player_lines;
    if (pushed) {
      ++m.pushes;
      if (box != last_box) ++m.box_changes;
      if (box != last_box || d != last_box_dir) ++m.box_lines;
      if (!last_was_push) ++m.pushing_sessions;
      last_box = box;
      last_box_dir = d;
    }
    last_dir = d;
    last_was_push = pushed;
    result.normalized += pushed ? "LURD"[d] : kDirLetters[d];
  }
  result.valid = true;
  result.solved = game.Solved();
  return result;
}

std::string FormatMetrics(const MoveMetrics& m) {
  return absl::StrCat(m.moves, "/", m.pushes, "/", m.box_lines, "/", m.box_changes, "/",
                      m.pushing_sessions, "/", m.player_lines);
}

std::vector<std::string> WrapMoves(std::string_view moves, size_t width) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < moves.size(); i += width) lines.emplace_back(moves.substr(i, width));
  return lines;
}

}  // namespace sokoban
