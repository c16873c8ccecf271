// Runs one search (solver/search/search.h) alone, outside the portfolio, for the
// tests that compare a search with a technique and without it.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <string_view>

#include "common/level.h"
#include "common/rules.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/search/search.h"
#include "solver/search/search_config.h"
#include "solver/solver.h"

namespace sokoban {

// Runs the search `spec` describes on `level` alone, with tables of its
// own, for at most 200,000 expansions, and adds its expansions to
// *expanded. Returns whether it solved the level; a solution must replay
// (a failure names `name`).
inline bool SearchAloneSolves(const Level& level, std::string_view name,
                              const SolveOptions& options, const SearchSpec& spec,
                              uint64_t* expanded) {
  const Board board = *Board::Build(level);
  LevelTables tables(board, options);
  Search search(board, options, MakeSearchConfig(board, options, spec, tables),
                std::chrono::steady_clock::now());
  if (search.Start()) {
    for (int k = 0; k < 200000 && search.Step(); ++k) {
    }
  }
  *expanded += search.expanded();
  if (search.status() != SolveStatus::kSolved) return false;
  const ReplayResult replay = Replay(level, PushesToLurd(board, search.pushes()));
  EXPECT_TRUE(replay.valid && replay.solved) << name << ": " << replay.error;
  return true;
}

}  // namespace sokoban
