// The solver's one entry point: a level in, a verified answer out.
//
//   SolveOptions options;
//   options.time_limit_seconds = 10;
//   SolveResult r = Solve(level, options);
//   if (r.status == SolveStatus::kSolved) std::cout << r.solution;
//
// Search is A* over pushes (optimal mode; with `bidir`, beside an A* over
// pulls meeting it) or, in fast mode, a portfolio
// (solver/solver.cc, a table of members): a push search in feature-space
// order (boxes packed, areas of free floor; with goal-room macros) and a
// search backwards by pulls from the goals (f = g + 10h), joined after
// 20000 expansions by an A*-ordered search (one turn in four rounds),
// taking turns and meeting; with deadlock pruning and a Zobrist-hashed
// state store. Each search (solver/search/search.h) is composed of an evaluator,
// an open list, pruning methods and macros (solver/parts/search_parts.h), which
// solver/search/search_config.h builds from these options. Every solution is
// replayed by the rules
// engine (common/rules.h) before Solve returns it; a replay failure aborts
// the process, it is never returned. Deterministic: the same level and
// options give the same states count and the same solution on every run,
// whatever else runs in the process (a time limit decides only when a
// search stops).
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "common/level.h"
#include "common/moves.h"
#include "solver/core/solve_types.h"
#include "solver/portfolio/portfolio.h"

namespace sokoban {

std::string_view SolveStatusName(SolveStatus s);  // "solved", "unsolvable", ...
std::string_view SolveModeName(SolveMode m);      // "fast", "optimal"

// Parses a comma list of the words above, "default" (all of them) and
// "none"; a word "-NAME" takes NAME out of what the words before it gave
// ("default,-learned").
absl::StatusOr<PruneSet> ParsePruneList(std::string_view list);

// Every word ParsePruneList takes, in the order of the help text (for the
// help, the shell completion and the tests).
std::vector<std::string_view> PruneWordNames();
// The technique words alone (not "all", "default", "none"), each with its
// one-line help.
std::vector<std::pair<std::string_view, std::string_view>> PruneTechniques();

SolveResult Solve(const Level& level, const SolveOptions& options);

// Parses `--members`: a comma list of member names, "default" (all of them)
// and "none" (the first alone); "-NAME" takes NAME out of what the words
// before it gave ("default,-roomsets"). The first member cannot be left out.
absl::StatusOr<MemberSet> ParseMemberList(std::string_view list);
// Every word ParseMemberList takes (for the shell completion).
std::vector<std::string_view> MemberWordNames();

}  // namespace sokoban
