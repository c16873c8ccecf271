// What `sokoban solve` prints: one line (text or JSON) per level and the
// summary that ends the run.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>

#include "solver/solver.h"
#include "tools/cli_common.h"

namespace sokoban::tools {

// The outcome of one selected level.
struct LevelOutcome {
  // "solved", "unsolvable", "timeout", "memory", "invalid", "cancelled"
  // (stopped by SIGINT/SIGTERM while solving), or "error" (the solution
  // failed the tool's own replay: an internal error).
  std::string status;
  bool started = true;  // false: the run was cancelled before this level began
  SolveResult result;
  std::string error;  // reason for invalid and error
};

// Text: `FILE: level N "TITLE": STATUS, M moves, P pushes, S s, X states: LURD`
// (the moves part only when solved, the reason when invalid or error).
void PrintOutcomeText(std::ostream& out, const LevelItem& item, const LevelOutcome& o);

// JSON: LevelJson(item) plus status, moves, pushes (0 unless solved),
// seconds, states (expanded), solution (LURD or null), error (null or the
// reason), mode, push_optimal, stored, bytes_per_state, peak_bytes,
// decided_by (null or the member), members (each member's states),
// box_lines, box_changes, pushing_sessions, player_lines.
nlohmann::json OutcomeJson(const LevelItem& item, const LevelOutcome& o, SolveMode mode);

// Counts over a run.
struct SolveSummary {
  int levels = 0;  // selected
  int done = 0;    // outcomes added so far
  int solved = 0, unsolvable = 0, timeout = 0, memory = 0, invalid = 0, cancelled = 0, errors = 0;
  int not_started = 0;       // never begun because the run was cancelled
  double seconds = 0;        // wall clock of the whole run
  double solve_seconds = 0;  // sum over levels
  uint64_t states = 0;       // expanded, summed
  void Add(const LevelOutcome& o);
  bool all_solved() const { return solved == levels; }
};

// Text: `Solved S of N levels (U unsolvable, T timeout, M memory, I invalid
// [, C cancelled, K not started, E errors]) in W s wall, X s solving, Y states`.
void PrintSummaryText(std::ostream& out, const SolveSummary& s);

// JSON: {"summary": {levels, solved, unsolvable, timeout, memory, invalid,
// cancelled, not_started, errors, seconds, solve_seconds, states, mode,
// threads, time_limit, memory_limit_mib, peak_rss_kib}}.
nlohmann::json SummaryJson(const SolveSummary& s, SolveMode mode, int threads, double time_limit,
                           double memory_limit_mib);

// The process's peak resident set size in KiB (getrusage ru_maxrss).
long PeakRssKib();

}  // namespace sokoban::tools
