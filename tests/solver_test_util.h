// Levels shared by the solver tests: the collections in ../shared/levels,
// read once, and random small rooms.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/level.h"
#include "common/level_io.h"
#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/solver.h"
#include "tests/slow_tests.h"

namespace sokoban {

inline Collection ReadShared(const std::string& name) {
  absl::StatusOr<Collection> c =
      ReadCollectionFile(std::string(SOKOBAN_SHARED_DIR) + "/levels/" + name);
  EXPECT_TRUE(c.ok()) << c.status();
  return c.ok() ? *std::move(c) : Collection{};
}

// The floor index of grid cell (x, y) of the level the board was built from.
inline int FloorIndex(const Board& board, const Level& level, int x, int y) {
  return board.FloorIndex(y * level.width + x);
}

inline const Collection& Microban() {
  static const Collection c = ReadShared("microban.xsb");
  return c;
}

inline const Level& MicrobanLevel(int number) { return Microban().levels.at(number - 1).level; }

inline const Level& XsokobanLevel(int number) {
  static const Collection c = ReadShared("xsokoban90.xsb");
  return c.levels.at(number - 1).level;
}

// Solves `level` and expects a solution that replays (a failure names
// `what`); returns the states expanded (0 when it was not solved).
inline uint64_t ExpansionsToSolve(const Level& level, const SolveOptions& options,
                                  const std::string& what = "") {
  const SolveResult r = Solve(level, options);
  EXPECT_EQ(r.status, SolveStatus::kSolved) << what;
  if (r.status != SolveStatus::kSolved) return 0;
  const ReplayResult replay = Replay(level, r.solution);
  EXPECT_TRUE(replay.valid && replay.solved) << what << ": " << replay.error;
  return r.expanded;
}

// Solves `level` in fast mode with the techniques `prune` within 2,000,000
// expansions and expects a solution that replays; a failure names `what`
// and the flags. True when solved.
inline bool SolvesAndReplays(const Level& level, PruneSet prune, const std::string& what,
                             MemberSet members = kAllMembers) {
  SolveOptions options;
  options.prune = prune;
  options.members = members;
  options.max_expansions = 2'000'000;
  const SolveResult r = Solve(level, options);
  EXPECT_EQ(r.status, SolveStatus::kSolved) << "prune " << prune << ", " << what;
  if (r.status != SolveStatus::kSolved) return false;
  const ReplayResult replay = Replay(level, r.solution);
  EXPECT_TRUE(replay.valid && replay.solved)
      << "prune " << prune << ", " << what << ": " << replay.error;
  return true;
}

// `level` with its boxes on boxes[] and the player on `player` (floor
// indices of `board`, built from `level`).
inline Level Position(const Level& level, const Board& board, const std::vector<Square>& boxes,
                      int player) {
  Level out = level;
  for (char& c : out.squares) {
    if (IsBoxChar(c) || IsPlayerChar(c)) c = IsGoalChar(c) ? '.' : ' ';
  }
  for (Square b : boxes) {
    char& c = out.squares[board.Cell(b)];
    c = c == '.' ? '*' : '$';
  }
  char& p = out.squares[board.Cell(player)];
  p = p == '.' ? '+' : '@';
  return out;
}

// A random room of up to 6x6 floor squares (one in seven walled), two or
// three boxes, goals anywhere free or under a box; nullopt when the draw is
// not a valid level. Solvable or not: about half are not.
inline std::optional<Level> RandomRoom(std::mt19937& rng, std::vector<std::string>* rows_out) {
  std::vector<std::string> rows(8, std::string(8, '#'));
  std::vector<std::pair<int, int>> free;
  for (int y = 1; y <= 6; ++y) {
    for (int x = 1; x <= 6; ++x) {
      if (rng() % 7 == 0) continue;
      rows[y][x] = ' ';
      free.emplace_back(x, y);
    }
  }
  const int boxes = 2 + static_cast<int>(rng() % 2);
  if (static_cast<int>(free.size()) < 2 * boxes + 1) return std::nullopt;
  std::shuffle(free.begin(), free.end(), rng);
  for (int k = 0; k < boxes; ++k) rows[free[k].second][free[k].first] = '$';
  std::vector<std::pair<int, int>> goal_squares(free.begin(), free.end() - 1);
  std::shuffle(goal_squares.begin(), goal_squares.end(), rng);
  for (int k = 0; k < boxes; ++k) {
    char& c = rows[goal_squares[k].second][goal_squares[k].first];
    c = c == '$' ? '*' : '.';
  }
  const auto player = free.back();
  char& p = rows[player.second][player.first];
  p = p == '.' ? '+' : '@';
  Level level = Level::FromRows(rows);
  *rows_out = rows;
  if (!ValidateLevel(level).ok()) return std::nullopt;
  return level;
}

}  // namespace sokoban
