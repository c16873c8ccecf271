// The pieces `sokoban solve --journal/--shard` and `sokoban merge` share:
// the options a result depends on (a journal's header), a level's result as
// a record (the same object `solve --json` prints per level) and back, and
// checking a recorded solution by replaying it.
#pragma once

#include <iosfwd>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/level_io.h"
#include "solver/solver.h"
#include "tools/cli_common.h"
#include "tools/journal.h"
#include "tools/solution_store.h"
#include "tools/solve_report.h"

namespace sokoban::tools {

// What identifies a level in records: its file as given on the command line
// and its 1-based index in that file.
using LevelKey = std::pair<std::string, int>;
// Orders keys by index first, so that the file names (long, and mostly all
// the same) are compared only on a tie.
struct LevelKeyLess {
  bool operator()(const LevelKey& a, const LevelKey& b) const {
    return a.second != b.second ? a.second < b.second : a.first < b.first;
  }
};
LevelKey KeyOf(const LevelItem& item);
// From a record's "file" and "index"; nullopt when it has neither.
std::optional<LevelKey> RecordKey(const nlohmann::json& record);

// The options a level's result depends on, for a journal's header: mode,
// prune (as the solver's mask), time_limit, memory_limit_mib (null when the
// default was used), max_expansions. The thread count is left out: it never
// changes a result.
nlohmann::json SolveResultOptions(const SolveOptions& options,
                                  std::optional<double> memory_limit_mib);

// The outcome a record describes (the inverse of OutcomeJson for every
// field the line, the summary and -o use). Nullopt when the record is not
// a finished level (no status, or cancelled).
std::optional<LevelOutcome> OutcomeFromRecord(const nlohmann::json& record);

// Why the outcome cannot be trusted for this level: its solution does not
// replay to a solved position, the board it names is another, or a best
// position it records is not one of this level (IsPositionOf). Empty when
// it is good.
std::string CheckOutcome(const LevelItem& item, const nlohmann::json& record,
                         const LevelOutcome& outcome);

// Whether XSB rows are a position of the level: its size, its walls and
// goals, as many boxes, one player (the progress positions of a record).
bool IsPositionOf(const Level& level, const std::vector<std::string>& rows);

// Whether a status is a finished level worth journaling (not cancelled,
// not an internal error).
bool IsFinished(const LevelOutcome& o);

// The collection `solve -o` writes: every valid level of the batch, with
// its stored solutions and the one found when solved. found (when given)
// receives the new solutions per file and index, for --write-back.
Collection SolvedCollection(const LevelBatch& batch, const std::vector<LevelOutcome>& outcomes,
                            SolveMode mode, FoundSolutions* found = nullptr);

// The collection `solve --best-positions` writes: for each level that was
// started and not solved, the position with the most boxes on goals a push
// search expanded (SolveResult::BestProgress),
// as a level of its own titled "TITLE, best G of B", with a note saying
// where it comes from. Levels without one (invalid, or no push search
// expanded a state) are left out.
Collection BestPositions(const LevelBatch& batch, const std::vector<LevelOutcome>& outcomes);

}  // namespace sokoban::tools

namespace sokoban::tools {

// The journal of one `sokoban solve --journal FILE` run.
class SolveJournal {
 public:
  // Opens path for a run over batch.items with these options (the header
  // also holds the files, --level, --format and --shard, so that a resumed
  // run is the same run). Reads back what is done: each record's solution
  // is replayed; a level whose record fails is reported on err and solved
  // again. Fails with a message naming the difference when the journal was
  // made with other options.
  absl::Status Open(const std::string& path, const nlohmann::json& options, const LevelBatch& batch,
                    std::ostream& err);
  // The journaled outcome of item i of the batch, or nullopt to solve it.
  const std::optional<LevelOutcome>& Done(size_t i) const { return done_[i]; }
  // Appends item i's outcome unless it came from the journal or is not
  // finished (cancelled, internal error).
  absl::Status Record(size_t i, const LevelItem& item, const LevelOutcome& o, SolveMode mode);
  // fsyncs the records not yet synced (JournalWriter::Sync).
  absl::Status Sync() { return writer_.Sync(); }
  int resumed() const { return resumed_; }

 private:
  JournalWriter writer_;
  std::vector<std::optional<LevelOutcome>> done_;
  int resumed_ = 0;
};

}  // namespace sokoban::tools
