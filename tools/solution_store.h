// Storing found solutions with their levels: the Solution record the solver
// writes, adding it without duplicates, and writing solutions back into the
// SOK files they came from.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "common/level.h"
#include "common/level_io.h"
#include "solver/solver.h"
#include "tools/cli_common.h"

namespace sokoban::tools {

// A solution titled "Solution" whose notes name the solver, the mode, the
// moves and pushes (and whether the pushes are proved fewest), and today's
// date (UTC), e.g.
//   Solver: sokoban 0.1.0, fast mode
//   Moves: 33, Pushes: 8
//   Date: 2026-11-30
Solution MakeSolution(const SolveResult& result, SolveMode mode);

// The record of an optimized solution, notes as MakeSolution's:
//   Solver: sokoban 0.1.0, optimized for moves
//   Moves: 31, Pushes: 8 (move-optimal)
//   Date: 2026-12-01
Solution MakeOptimizedSolution(const std::string& moves, const MoveMetrics& metrics, Metric metric,
                               bool proved);

// Appends solution to level.solutions unless the level already stores the
// same moves (compared after replay, so case differences do not matter).
// Returns whether it was added.
bool AddSolution(Level& level, const Solution& solution);

// Whether --write-back can store solutions in a file read as `format`: only
// SOK and XSB text, which the SOK writer can hold with solutions; standard
// input has no file to write to.
bool CanWriteBack(const Collection& collection);

// Whether every file of the batch can take --write-back (CanWriteBack);
// when one cannot, says so on stderr, naming the file and its format.
bool CheckWriteBack(const LevelBatch& batch);

// Re-reads `path` in `format`, adds each solution of `found` (keyed by the
// level's 1-based index) to its level, and writes the file back as SOK with
// WriteFileAtomically. A level whose board changed since it was solved is
// left alone and reported in the returned status' message after the rest is
// written. Writes nothing when no solution is new. `added` receives the
// number of solutions stored.
absl::Status WriteBack(const std::string& path, Format format,
                       const std::map<int, std::pair<Level, Solution>>& found, int* added);

// New solutions per file they came from, each keyed by its level's 1-based
// index in that file: what --write-back stores.
using FoundSolutions = std::map<const Collection*, std::map<int, std::pair<Level, Solution>>>;

// The collection -o writes for a batch: every valid level, in order, with
// its stored solutions and the one solution_of(i) gives for item i (none
// when nullopt); named as the batch's file when there is only one. found
// (when given) receives the new solutions, for --write-back.
Collection BatchCollection(const LevelBatch& batch,
                           const std::function<std::optional<Solution>(size_t)>& solution_of,
                           FoundSolutions* found);

// Writes out to `output` atomically (unless output is empty) and, with
// write_back, each file's new solutions into it (see WriteBack), reporting
// how many on stderr. Every failure is reported on stderr and the rest still
// written. Returns false after a failure.
bool WriteBatchOutputs(const Collection& out, const FoundSolutions& found,
                       const std::string& output, bool write_back);

}  // namespace sokoban::tools
