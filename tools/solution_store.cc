#include "tools/solution_store.h"

#include <ctime>
#include <iostream>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/moves.h"
#include "common/status.h"
#include "tools/build_info.h"

namespace sokoban::tools {

namespace {

std::string Today() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char date[16];
  std::strftime(date, sizeof date, "%Y-%m-%d", &utc);
  return date;
}

}  // namespace

Solution MakeSolution(const SolveResult& result, SolveMode mode) {
  Solution s;
  s.title = "Solution";
  s.moves = result.solution;
  s.notes.push_back(
      absl::StrCat("Solver: sokoban ", kVersion, ", ", std::string(SolveModeName(mode)), " mode"));
  s.notes.push_back(absl::StrCat(
      "Moves: ", result.metrics.moves, ", Pushes: ", result.metrics.pushes,
      result.push_optimal ? " (push-optimal)" : "", result.move_optimal ? " (move-optimal)" : ""));
  s.notes.push_back(absl::StrCat("Date: ", Today()));
  return s;
}

Solution MakeOptimizedSolution(const std::string& moves, const MoveMetrics& metrics, Metric metric,
                               bool proved) {
  Solution s;
  s.title = "Solution";
  s.moves = moves;
  s.notes.push_back(absl::StrCat("Solver: sokoban ", kVersion, ", optimized for ",
                                 std::string(MetricName(metric))));
  s.notes.push_back(absl::StrCat(
      "Moves: ", metrics.moves, ", Pushes: ", metrics.pushes,
      proved ? (metric == Metric::kMoves ? " (move-optimal)" : " (push-optimal)") : ""));
  s.notes.push_back(absl::StrCat("Date: ", Today()));
  return s;
}

bool AddSolution(Level& level, const Solution& solution) {
  const std::string moves = Replay(level, solution.moves).normalized;
  for (const Solution& s : level.solutions) {
    // A stored string that does not replay is kept as it is and compared
    // verbatim: it can equal nothing the solver returns.
    const ReplayResult r = Replay(level, s.moves);
    if ((r.valid ? r.normalized : s.moves) == moves) return false;
  }
  level.solutions.push_back(solution);
  return true;
}

bool CanWriteBack(const Collection& collection) {
  return collection.source != "-" &&
         (collection.format == Format::kSok || collection.format == Format::kXsb);
}

bool CheckWriteBack(const LevelBatch& batch) {
  for (const Collection& c : batch.collections) {
    if (!CanWriteBack(c)) {
      PrintError(std::cerr, absl::StrCat(c.source, ": --write-back needs a SOK or XSB file, not ",
                                         c.source == "-" ? "standard input"
                                                         : std::string(FormatName(c.format)),
                                         " (use -o OUT.sok)"));
      return false;
    }
  }
  return true;
}

absl::Status WriteBack(const std::string& path, Format format,
                       const std::map<int, std::pair<Level, Solution>>& found, int* added) {
  *added = 0;
  // Re-read rather than reuse what was solved: the file is written from
  // what it holds now, so nothing in it is lost.
  absl::StatusOr<Collection> c = ReadCollectionFile(path, format);
  if (!c.ok()) return c.status();
  std::vector<std::string> changed;
  for (const auto& [index, pair] : found) {
    const auto& [solved_level, solution] = pair;
    if (index < 1 || index > static_cast<int>(c->levels.size())) {
      changed.push_back(absl::StrCat(index));
      continue;
    }
    Level& level = c->levels[index - 1].level;
    if (level.width != solved_level.width || level.height != solved_level.height ||
        level.squares != solved_level.squares) {
      changed.push_back(absl::StrCat(index));
      continue;
    }
    if (AddSolution(level, solution)) ++*added;
  }
  if (*added > 0) SOKOBAN_RETURN_IF_ERROR(WriteFileAtomically(path, WriteSok(*c)));
  if (!changed.empty()) {
    std::string list;
    for (const std::string& i : changed) absl::StrAppend(&list, list.empty() ? "" : ", ", i);
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": level ", list, " changed on disk while solving; its solution was not stored"));
  }
  return absl::OkStatus();
}

Collection BatchCollection(const LevelBatch& batch,
                           const std::function<std::optional<Solution>(size_t)>& solution_of,
                           FoundSolutions* found) {
  Collection out;
  if (batch.collections.size() == 1) {
    out.name = batch.collections.front().name;
    out.notes = batch.collections.front().notes;
  }
  for (size_t i = 0; i < batch.items.size(); ++i) {
    const LevelItem& item = batch.items[i];
    if (!item.entry->status.ok()) continue;
    Level level = item.entry->level;
    if (const std::optional<Solution> s = solution_of(i)) {
      AddSolution(level, *s);
      if (found) (*found)[item.collection][item.entry->index] = {item.entry->level, *s};
    }
    out.levels.push_back({static_cast<int>(out.levels.size()) + 1, level, absl::OkStatus()});
  }
  return out;
}

bool WriteBatchOutputs(const Collection& out, const FoundSolutions& found,
                       const std::string& output, bool write_back) {
  bool ok = true;
  if (!output.empty()) {
    if (absl::Status s = WriteFileAtomically(output, WriteSok(out)); !s.ok()) {
      PrintFileError(std::cerr, output, s);
      ok = false;
    }
  }
  if (write_back) {
    for (const auto& [collection, levels] : found) {
      int added = 0;
      absl::Status s = WriteBack(collection->source, collection->format, levels, &added);
      if (!s.ok()) {
        PrintFileError(std::cerr, collection->source, s);
        ok = false;
      }
      std::cerr << "sokoban: " << collection->source << ": " << added
                << (added == 1 ? " solution" : " solutions") << " written back\n";
    }
  }
  return ok;
}

}  // namespace sokoban::tools
