// The last check on every solution the solver hands out: the rules engine
// replays it from the level's start.
//
//   result.metrics = CheckedReplay(level, result.solution);
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/level.h"
#include "common/moves.h"

namespace sokoban {

// The metrics of `solution` (LURD) replayed on `level`. A solution that is
// illegal or leaves a box off its goal is a bug in the solver: it is
// reported on standard error and the process aborts, so that a wrong
// solution never gets out.
inline MoveMetrics CheckedReplay(const Level& level, const std::string& solution) {
  const ReplayResult replay = Replay(level, solution);
  if (!replay.valid || !replay.solved) {
    std::fprintf(stderr, "sokoban: internal error: solution failed replay (%s): %s\n",
                 replay.error.c_str(), solution.c_str());
    std::abort();
  }
  return replay.metrics;
}

}  // namespace sokoban
