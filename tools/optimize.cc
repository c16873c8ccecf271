// `sokoban optimize`: shortens the best stored (or a given) solution of each
// selected level, in moves or in pushes, and keeps the result as a new
// solution next to the old one.

#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/moves.h"
#include "solver/optimize/optimizer.h"
#include "tools/cancel.h"
#include "tools/cli_common.h"
#include "tools/commands.h"
#include "tools/ordered_pool.h"
#include "tools/solution_store.h"

namespace sokoban::tools {
namespace {

namespace po = boost::program_options;

const char kUsage[] =
    "sokoban optimize FILE... [--level SEL] [--solution LURD] [--metric moves|pushes]\n"
    "       [--time-limit S] [--memory-limit MIB] [--threads N] [--json]\n"
    "       [-o OUT.sok | --write-back]";
const char kDetails[] =
    "Takes the best solution stored with each selected level (SOK solution\n"
    "sections; best in the metric), or the one given with --solution, and\n"
    "searches for a better one within the time limit:\n"
    "  --metric moves   fewer moves, then fewer pushes (default)\n"
    "  --metric pushes  fewer pushes, then fewer moves\n"
    "It never returns a worse solution: every candidate is replayed by the rules\n"
    "engine and kept only when it solves the level and is better. Per level it\n"
    "prints the solution before and after with their six metrics:\n"
    "  FILE: level N \"TITLE\": improved|no better solution found[, optimal], S s\n"
    "    before: M moves, P pushes, L box lines, C box changes, G pushing sessions,\n"
    "            Y player lines: LURD\n"
    "    after:  ...\n"
    "\"optimal\" says the whole board was searched: none better exists.\n\n"
    "--json prints one object per level with the keys file, index, title, width,\n"
    "height, boxes, valid, error (null or the reason), metric, improved, optimal,\n"
    "seconds, before and after; before and after each hold solution (LURD) and\n"
    "moves, pushes, box_lines, box_changes, pushing_sessions, player_lines.\n\n"
    "-o OUT.sok writes every valid selected level with its stored solutions and the\n"
    "improved one. --write-back adds each improved solution to its level in the\n"
    "input file (next to the old ones, never in their place) and rewrites it as\n"
    "SOK, safely (temporary file, fsync, rename): an interrupted run leaves the\n"
    "file as it was. Only SOK and XSB files can be written back.\n\n"
    "Errors: a stored solution that is illegal (the step is named) or leaves a\n"
    "box off goal is reported; the best of the others is optimized. A level with\n"
    "no solution to optimize is reported.\n\n"
    "Exit codes:\n"
    "  0  every selected level had a solution to optimize (improved or not)\n"
    "  1  some level invalid, without a usable solution, or with a bad one\n"
    "  2  bad usage, unreadable input, or an output file that cannot be written\n";

struct Flags {
  std::string solution;
  std::string metric_name = "moves";
  double time_limit = 10;
  double memory_limit_mib = 2048;
  int threads = 1;
  std::string output;
  bool write_back = false;
};

// The outcome of one level.
struct Outcome {
  std::vector<std::string> errors;  // reported problems (bad stored solutions, ...)
  std::optional<OptimizeResult> result;
};

// The stored solutions' problems, and the best of those that solve.
std::optional<std::string> PickSolution(const Level& level, Metric metric,
                                        std::vector<std::string>& errors) {
  std::optional<std::string> best;
  uint64_t best_cost = 0;
  int number = 0;
  for (const Solution& s : level.solutions) {
    ++number;
    const ReplayResult r = Replay(level, s.moves);
    if (!r.valid) {
      errors.push_back(
          absl::StrCat("solution ", number, " is illegal at step ", r.failed_step, ": ", r.error));
      continue;
    }
    if (!r.solved) {
      errors.push_back(absl::StrCat("solution ", number, " does not solve the level: after its ",
                                    r.normalized.size(), " steps a box is left off goal"));
      continue;
    }
    const uint64_t cost = MetricCost(metric, r.metrics.moves, r.metrics.pushes);
    if (!best || cost < best_cost) {
      best = r.normalized;
      best_cost = cost;
    }
  }
  return best;
}

Outcome OptimizeItem(const LevelItem& item, const Flags& flags, Metric metric) {
  Outcome o;
  const LevelEntry& entry = *item.entry;
  if (!entry.status.ok()) {
    o.errors.push_back(ErrorReason(entry.status));
    return o;
  }
  std::optional<std::string> moves;
  if (!flags.solution.empty()) {
    moves = flags.solution;
  } else {
    moves = PickSolution(entry.level, metric, o.errors);
    if (!moves) {
      if (entry.level.solutions.empty()) o.errors.push_back("no solution to optimize");
      return o;
    }
  }
  OptimizeOptions options;
  options.metric = metric;
  options.time_limit_seconds = flags.time_limit;
  options.memory_limit_bytes = static_cast<size_t>(flags.memory_limit_mib * 1024 * 1024);
  options.cancel = &CancelFlag();
  options.start = std::chrono::steady_clock::now();
  absl::StatusOr<OptimizeResult> r = Optimize(entry.level, *moves, options);
  if (!r.ok()) {
    o.errors.push_back(
        absl::StrCat(flags.solution.empty() ? "" : "--solution: ", r.status().message()));
    return o;
  }
  // The tool's own replay: nothing unverified is printed.
  const ReplayResult check = Replay(entry.level, r->after);
  if (!check.valid || !check.solved) {
    o.errors.push_back("internal error: the optimized solution fails replay");
    return o;
  }
  o.result = std::move(*r);
  return o;
}

std::string Describe(const MoveMetrics& m) {
  return absl::StrCat(m.moves, " moves, ", m.pushes, " pushes, ", m.box_lines, " box lines, ",
                      m.box_changes, " box changes, ", m.pushing_sessions, " pushing sessions, ",
                      m.player_lines, " player lines");
}

nlohmann::json SideJson(const std::string& moves, const MoveMetrics& m) {
  nlohmann::json j;
  j["solution"] = moves;
  AddMetricsJson(j, m);
  return j;
}

void Print(const LevelItem& item, const Outcome& o, Metric metric, bool json) {
  const std::string errors = [&] {
    std::string all;
    for (const std::string& e : o.errors) absl::StrAppend(&all, all.empty() ? "" : "; ", e);
    return all;
  }();
  if (json) {
    nlohmann::json j = LevelJson(item);
    j["metric"] = std::string(MetricName(metric));
    j["error"] = errors.empty() ? nlohmann::json(nullptr) : nlohmann::json(errors);
    j["improved"] = o.result && o.result->improved;
    j["optimal"] = o.result && o.result->proved;
    j["seconds"] = o.result ? o.result->seconds : 0.0;
    j["before"] =
        o.result ? SideJson(o.result->before, o.result->before_metrics) : nlohmann::json(nullptr);
    j["after"] =
        o.result ? SideJson(o.result->after, o.result->after_metrics) : nlohmann::json(nullptr);
    PrintJsonLine(std::cout, j);
  } else {
    std::cout << item.collection->source << ": level " << item.entry->index << " "
              << QuotedTitle(item.entry->level) << ": ";
    if (!o.result) {
      std::cout << "not optimized: " << errors << "\n";
    } else {
      const OptimizeResult& r = *o.result;
      std::cout << (r.improved ? "improved" : "no better solution found")
                << (r.proved ? ", optimal" : "") << ", " << absl::StrFormat("%.2f", r.seconds)
                << " s\n"
                << "  before: " << Describe(r.before_metrics) << ": " << r.before << "\n"
                << "  after:  " << Describe(r.after_metrics) << ": " << r.after << "\n";
    }
  }
  for (const std::string& e : o.errors) {
    PrintLevelError(
        std::cerr, item,
        item.entry->status.ok() ? item.entry->level.source_line : ErrorLine(*item.entry), e);
  }
}

// Writes -o and --write-back output. Returns false after reporting a failure.
bool WriteOutputs(const LevelBatch& batch, const std::vector<Outcome>& outcomes, const Flags& flags,
                  Metric metric) {
  FoundSolutions found;
  const Collection out = BatchCollection(
      batch,
      [&](size_t i) -> std::optional<Solution> {
        const std::optional<OptimizeResult>& r = outcomes[i].result;
        if (!r || !r->improved) return std::nullopt;
        return MakeOptimizedSolution(r->after, r->after_metrics, metric, r->proved);
      },
      &found);
  return WriteBatchOutputs(out, found, flags.output, flags.write_back);
}

}  // namespace

int RunOptimize(const Args& args) {
  CommonOptions common;
  Flags flags;
  po::options_description desc = CommandOptions(common);
  desc.add_options()("solution,s", po::value(&flags.solution)->value_name("LURD"),
                     "optimize this move string instead of the stored solutions")(
      "metric", po::value(&flags.metric_name)->value_name("M"),
      "moves (fewer moves, then pushes; default) or pushes (fewer pushes, then moves)")(
      "time-limit,t", po::value(&flags.time_limit)->value_name("S"),
      "seconds per level, 0 for none (default 10)")(
      "memory-limit,m", po::value(&flags.memory_limit_mib)->value_name("MIB"),
      "MiB for each search's states, 0 for none (default 2048)")(
      "threads,j", po::value(&flags.threads)->value_name("N"),
      "levels optimized at once (default 1)")(
      "output,o", po::value(&flags.output)->value_name("OUT.sok"),
      "write the levels with their solutions to a SOK file")(
      "write-back", po::bool_switch(&flags.write_back),
      "add the improved solutions to the input SOK/XSB files");
  if (std::optional<int> done =
          ParseCommandLine("optimize", args, kUsage, kDetails, desc, common)) {
    return *done;
  }
  const std::optional<Metric> metric = ParseMetric(flags.metric_name);
  if (!metric) {
    return UsageError("optimize", absl::StrCat("--metric must be moves or pushes, not '",
                                               flags.metric_name, "'"));
  }
  if (flags.time_limit < 0) return UsageError("optimize", "--time-limit must not be negative");
  if (flags.memory_limit_mib < 0) {
    return UsageError("optimize", "--memory-limit must not be negative");
  }
  if (flags.threads < 1 || flags.threads > 256) {
    return UsageError("optimize", "--threads must be 1 to 256");
  }
  if (!flags.output.empty() && flags.write_back) {
    return UsageError("optimize", "-o and --write-back cannot be used together");
  }
  if (!flags.solution.empty()) {
    absl::StatusOr<std::string> moves = ParseMoves(flags.solution);
    if (!moves.ok()) {
      return UsageError("optimize", absl::StrCat("--solution: ", moves.status().message()));
    }
    flags.solution = *moves;
  }
  LevelBatch batch = LoadLevels(common, std::cerr);
  if (flags.write_back && !CheckWriteBack(batch)) return kExitUsage;
  CancelOnSignal();

  std::vector<Outcome> outcomes(batch.items.size());
  bool all_ok = true;
  int improved = 0;
  RunOrdered<Outcome>(
      batch.items.size(), flags.threads,
      [&](size_t i) { return OptimizeItem(batch.items[i], flags, *metric); },
      [&](size_t i, Outcome& o) {
        Print(batch.items[i], o, *metric, common.json);
        std::cout << std::flush;
        all_ok &= o.errors.empty() && o.result.has_value();
        improved += o.result && o.result->improved ? 1 : 0;
        outcomes[i] = std::move(o);
      },
      [] {});
  if (!common.json) {
    std::cout << "Improved " << improved << " of " << batch.items.size() << " levels\n";
  }
  const bool written = WriteOutputs(batch, outcomes, flags, *metric);
  EndCancelOnSignal();
  if (!written || batch.input_error) return kExitUsage;
  return all_ok && !CancelFlag().load() ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
