// `sokoban solve`: solves every selected level, in parallel when asked,
// printing one line per level in input order and a summary; optionally
// stores the solutions in a new SOK file or back into the input files.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "tools/cancel.h"
#include "tools/cli_common.h"
#include "tools/commands.h"
#include "tools/ordered_pool.h"
#include "tools/shard.h"
#include "tools/solution_store.h"
#include "tools/solve_parts.h"
#include "tools/solve_report.h"

namespace sokoban::tools {
namespace {

namespace po = boost::program_options;

const char kUsage[] =
    "sokoban solve FILE... [--level SEL] [--time-limit S] [--memory-limit MIB]\n"
    "       [--mode fast|optimal] [--prune LIST] [--threads N] [--json] [-o OUT.sok]\n"
    "       [--write-back] [--best-positions OUT.sok] [--metric moves|pushes]\n"
    "       [--optimize[=moves|pushes]]\n"
    "       [--shard K/N] [--journal FILE.jsonl]";
const char kDetails[] =
    "Solves each selected level and prints one line per level, in input order, as\n"
    "soon as it and every level before it are done:\n"
    "  FILE: level N \"TITLE\": STATUS, M moves, P pushes, S s, X states: LURD\n"
    "(a level left unsolved has no moves, pushes or LURD, and ends with\n"
    "\", at best G of B boxes on goals\": the most boxes on goals in a position\n"
    "a push search expanded), then a summary line. STATUS is one of:\n"
    "  solved      a solution was found (and replayed by the rules engine)\n"
    "  unsolvable  the whole reachable state space was searched: no solution\n"
    "  timeout     the time limit (or --max-expansions) ran out\n"
    "  memory      the memory limit ran out\n"
    "  invalid     the level could not be read or is not playable (reason given)\n"
    "  cancelled   SIGINT/SIGTERM arrived while the level was being solved; levels\n"
    "              not yet begun are reported as \"cancelled (not started)\"\n"
    "  error       the solution failed the tool's own replay: an internal error\n"
    "X states is the number of states expanded; with the same options it is the\n"
    "same on every run and for every --threads value.\n\n"
    "--json prints one object per level with the keys file, index, title, width,\n"
    "height, boxes, valid, status, moves, pushes (0 unless solved), seconds, states,\n"
    "solution (LURD or null), error (null or the reason), mode, push_optimal,\n"
    "move_optimal (proved fewest moves: --mode optimal --metric moves, or\n"
    "--optimize=moves when the optimizer searched the whole board),\n"
    "stored, bytes_per_state, peak_bytes, decided_by (null, or the portfolio member\n"
    "whose search solved the level or exhausted it; A+B when A met B's states),\n"
    "members (the states each member expanded), best_on_goals (the most boxes on\n"
    "goals in a position a push search expanded; null when none did), progress\n"
    "(per push search: {on_goals, at}, its most boxes on goals and its expansions\n"
    "when it first got there; unless solved, also position, that position's XSB\n"
    "rows, the player on the first square of its area), box_lines, box_changes,\n"
    "pushing_sessions, player_lines; then one final object {\"summary\": {levels,\n"
    "solved, unsolvable, timeout, memory, invalid, cancelled, not_started, errors,\n"
    "seconds (wall), solve_seconds, states, mode, threads, time_limit,\n"
    "memory_limit_mib, peak_rss_kib}}.\n\n"
    "-o OUT.sok writes every valid selected level with its stored solutions and\n"
    "the one found. --write-back adds each found solution to its level in the input\n"
    "file itself (unless the level already stores the same moves) and rewrites the\n"
    "file as SOK, safely (temporary file, fsync, rename); everything else in the\n"
    "file is kept. Only SOK and XSB files can be written back (an XSB file is\n"
    "rewritten in SOK layout under its own name); any other input format, or\n"
    "standard input, is refused with exit code 2 before anything is solved.\n"
    "--best-positions OUT.sok writes, for each level left unsolved, the position\n"
    "with the most boxes on goals a push search reached, as a level of its own\n"
    "titled \"TITLE, best G of B\" (solve it to see whether it is dead).\n\n"
    "--shard K/N solves every N-th selected level (after --level), starting at the\n"
    "K-th; 'sokoban merge' joins the N parts. --journal FILE.jsonl appends each\n"
    "finished level to FILE as one JSON line (the --json object), fsync'd within a\n"
    "second; running the same command again skips the levels it holds (after\n"
    "replaying their solutions) and goes on. A journal made with other options is\n"
    "refused.\n\n"
    "SIGINT or SIGTERM stops the run cleanly: the lines of the levels done, the\n"
    "summary and any -o/--write-back/--best-positions output are still written, and\n"
    "the exit code is 1. A second signal ends the process at once.\n\n"
    "Exit codes:\n"
    "  0  every selected level was solved\n"
    "  1  some level unsolvable, not solved in the limits, invalid, or cancelled\n"
    "  2  bad usage, unreadable input, or an output file that cannot be written\n";

// The fast portfolio's member names, for --member: "features, pull, ...".
std::string MemberList() {
  std::string list;
  for (std::string_view name : FastMemberNames()) {
    list += (list.empty() ? "" : ", ") + std::string(name);
  }
  return list;
}

// --prune's help: every technique word with its line.
std::string PruneHelp() {
  std::string help =
      "deadlock and search techniques, all on by default: a comma list of words, each "
      "taken out with -WORD (default,-learned), or none:";
  for (const auto& [name, line] : PruneTechniques()) {
    help += "\n  " + std::string(name) + ": " + std::string(line);
  }
  return help;
}

// Half of physical memory shared among the threads, in MiB.
double DefaultMemoryLimitMib(int threads) {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 1024;
  const double total_mib = static_cast<double>(pages) * page_size / (1024.0 * 1024.0);
  return total_mib / 2 / threads;
}

// The progress line on a terminal's stderr: redrawn in place with '\r',
// erased before anything else is printed.
class Progress {
 public:
  Progress(int total, bool enabled) : total_(total), enabled_(enabled) {}
  void Draw(int done, int solved) {
    if (!enabled_) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::string line = absl::StrCat("solving: ", done, "/", total_, " done, ", solved,
                                          " solved, ", static_cast<long>(elapsed), " s");
    std::cerr << "\r" << line << std::string(width_ > line.size() ? width_ - line.size() : 0, ' ')
              << std::flush;
    width_ = line.size();
  }
  void Erase() {
    if (!enabled_ || width_ == 0) return;
    std::cerr << "\r" << std::string(width_, ' ') << "\r" << std::flush;
    width_ = 0;
  }

 private:
  int total_;
  bool enabled_;
  size_t width_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Solves one item on a worker thread. Never throws.
LevelOutcome SolveItem(const LevelItem& item, const SolveOptions& options) {
  LevelOutcome o;
  const LevelEntry& entry = *item.entry;
  if (!entry.status.ok()) {
    o.status = "invalid";
    o.error = ErrorReason(entry.status);
    return o;
  }
  if (CancelFlag().load()) {
    o.status = "cancelled";
    o.started = false;
    return o;
  }
  try {
    o.result = Solve(entry.level, options);
  } catch (const std::bad_alloc&) {
    // The machine ran out before the solver's own limit did: report it as
    // that level's memory failure and let the batch go on.
    o.result = SolveResult{};
    o.result.status = SolveStatus::kMemory;
  }
  o.status = std::string(SolveStatusName(o.result.status));
  if (o.result.status == SolveStatus::kInvalid) o.error = o.result.error;
  if (o.result.status == SolveStatus::kSolved) {
    // Solve replays its answer already; the tool checks again with its own
    // replay so that nothing unverified is ever printed.
    const ReplayResult replay = Replay(entry.level, o.result.solution);
    if (!replay.valid || !replay.solved) {
      o.status = "error";
      o.error = absl::StrCat("internal error: the solver's solution fails replay",
                             replay.valid ? " (a box is left off goal)" : ": " + replay.error);
      o.result.solution.clear();
    }
  }
  return o;
}

struct SolveFlags {
  double time_limit = 10;
  std::optional<double> memory_limit_mib;
  std::string mode_name = "fast";
  std::string prune = "default";
  std::string members = "default";
  int threads = 1;
  uint64_t max_expansions = 0;
  std::string output;
  std::string best_positions;  // --best-positions: empty for none
  bool write_back = false;
  std::string shard;
  std::string journal;
  std::string metric_name;    // --metric: empty for the default
  std::string optimize_name;  // --optimize[=M]: empty when not given
  std::string member;         // --member: empty for the whole portfolio
};

// Checks the solve-specific flags and fills options. Returns an error
// message for bad usage.
std::optional<std::string> MakeOptions(const SolveFlags& f, SolveOptions& options) {
  if (f.mode_name == "fast") {
    options.mode = SolveMode::kFast;
  } else if (f.mode_name == "optimal") {
    options.mode = SolveMode::kOptimal;
  } else {
    return absl::StrCat("--mode must be fast or optimal, not '", f.mode_name, "'");
  }
  if (!f.metric_name.empty()) {
    const std::optional<Metric> metric = ParseMetric(f.metric_name);
    if (!metric) return absl::StrCat("--metric must be moves or pushes, not '", f.metric_name, "'");
    if (options.mode != SolveMode::kOptimal) {
      return std::string("--metric needs --mode optimal (fast mode: --optimize=METRIC)");
    }
    options.metric = *metric;
  }
  if (!f.optimize_name.empty()) {
    options.optimize = ParseMetric(f.optimize_name);
    if (!options.optimize) {
      return absl::StrCat("--optimize must be moves or pushes, not '", f.optimize_name, "'");
    }
  }
  absl::StatusOr<PruneSet> prune = ParsePruneList(f.prune);
  if (!prune.ok()) return std::string(prune.status().message());
  options.prune = *prune;
  absl::StatusOr<MemberSet> members = ParseMemberList(f.members);
  if (!members.ok()) return std::string(members.status().message());
  options.members = *members;
  if (f.time_limit < 0) return std::string("--time-limit must not be negative");
  if (f.threads < 1 || f.threads > 256) return std::string("--threads must be 1 to 256");
  const double mib = f.memory_limit_mib.value_or(DefaultMemoryLimitMib(f.threads));
  if (mib < 0) return std::string("--memory-limit must not be negative");
  options.time_limit_seconds = f.time_limit;
  options.memory_limit_bytes = static_cast<size_t>(mib * 1024 * 1024);
  options.max_expansions = f.max_expansions;
  if (!f.member.empty()) {
    const std::vector<std::string_view> names = FastMemberNames();
    if (std::find(names.begin(), names.end(), f.member) == names.end()) {
      return "--member must be one of " + MemberList() + ", not '" + f.member + "'";
    }
    if (options.mode != SolveMode::kFast) return std::string("--member needs --mode fast");
    if (!f.journal.empty()) return std::string("--member is for measuring: not with --journal");
    options.member = f.member;
  }
  options.cancel = &CancelFlag();
  return std::nullopt;
}

// Writes -o, --write-back and --best-positions output. Returns false after
// reporting a failure.
bool WriteOutputs(const LevelBatch& batch, const std::vector<LevelOutcome>& outcomes,
                  const SolveFlags& flags, SolveMode mode) {
  FoundSolutions found;
  const Collection out = SolvedCollection(batch, outcomes, mode, &found);
  bool ok = WriteBatchOutputs(out, found, flags.output, flags.write_back);
  if (!flags.best_positions.empty()) {
    const Collection best = BestPositions(batch, outcomes);
    if (absl::Status s = WriteFileAtomically(flags.best_positions, WriteSok(best)); !s.ok()) {
      PrintFileError(std::cerr, flags.best_positions, s);
      ok = false;
    }
  }
  return ok;
}

}  // namespace

int RunSolve(const Args& args) {
  CommonOptions common;
  SolveFlags flags;
  po::options_description desc = CommandOptions(common);
  desc.add_options()("time-limit,t", po::value(&flags.time_limit)->value_name("S"),
                     "seconds per level, 0 for none (default 10)")(
      "memory-limit,m", po::value<double>()->value_name("MIB")->notifier([&](double v) {
        flags.memory_limit_mib = v;
      }),
      "MiB per level for the solver's states, 0 for none (default: half the physical "
      "memory divided by --threads)")(
      "mode", po::value(&flags.mode_name)->value_name("M"),
      "fast (best-first portfolio, default) or optimal (fewest pushes)")(
      "prune", po::value(&flags.prune)->value_name("LIST"), PruneHelp().c_str())(
      "members", po::value(&flags.members)->value_name("LIST"),
      ("for measuring the fast-mode portfolio: its members that run, a comma list of " +
       MemberList() +
       "; default (all), none (the first alone); -NAME leaves one out "
       "(default,-roomsets)")
          .c_str())("threads,j", po::value(&flags.threads)->value_name("N"),
                    "levels solved at once (default 1)")(
      "max-expansions", po::value(&flags.max_expansions)->value_name("N"),
      "stop each level after N state expansions (a deterministic budget; reported as "
      "timeout), 0 for none")("output,o", po::value(&flags.output)->value_name("OUT.sok"),
                              "write the levels with their solutions to a SOK file")(
      "best-positions", po::value(&flags.best_positions)->value_name("OUT.sok"),
      "write, for each level left unsolved, the position with the most boxes on goals "
      "that the solver reached, as a level of its own, to a SOK file")(
      "write-back", po::bool_switch(&flags.write_back),
      "add the solutions found to the input SOK/XSB files")(
      "metric", po::value(&flags.metric_name)->value_name("M"),
      "optimal mode: pushes (fewest pushes, default) or moves (fewest moves, proved)")(
      "optimize", po::value(&flags.optimize_name)->value_name("M")->implicit_value("moves"),
      "spend the rest of each level's time limit shortening the solution found, in moves "
      "(default) or pushes (see 'sokoban optimize')")(
      "shard", po::value(&flags.shard)->value_name("K/N"),
      "solve only every N-th selected level, starting at the K-th")(
      "journal", po::value(&flags.journal)->value_name("FILE"),
      "append each finished level to FILE (JSON lines); rerun to resume")(
      "member", po::value(&flags.member)->value_name("NAME"),
      ("for measuring the fast-mode portfolio: run only its search NAME (" + MemberList() +
       "), alone from the start")
          .c_str());
  // A bare --optimize takes no value from the next word, which is a file or
  // another option: only --optimize=M names the metric.
  Args words = args;
  for (std::string& w : words) {
    if (w == "--optimize") w = "--optimize=moves";
  }
  if (std::optional<int> done = ParseCommandLine("solve", words, kUsage, kDetails, desc, common)) {
    return *done;
  }
  SolveOptions options;
  if (std::optional<std::string> bad = MakeOptions(flags, options)) {
    return UsageError("solve", *bad);
  }

  const auto start = std::chrono::steady_clock::now();
  // Unreadable files and selection misses are reported here; the levels
  // that did load are still solved, and the exit code is 2 at the end.
  LevelBatch batch = LoadLevels(common, std::cerr);
  ShardSpec shard;
  if (!flags.shard.empty()) {
    absl::StatusOr<ShardSpec> parsed = ParseShard(flags.shard);
    if (!parsed.ok()) return UsageError("solve", std::string(parsed.status().message()));
    shard = *parsed;
    batch.items = TakeShard(batch.items, shard);
  }
  SolveJournal journal;
  if (!flags.journal.empty()) {
    nlohmann::json journal_options = SolveResultOptions(options, flags.memory_limit_mib);
    journal_options["files"] = common.files;
    journal_options["level"] = common.level_spec;
    journal_options["format"] = common.format_name;
    journal_options["shard"] = shard.Name();
    if (absl::Status s = journal.Open(flags.journal, journal_options, batch, std::cerr); !s.ok()) {
      PrintError(std::cerr, std::string(s.message()));
      return kExitUsage;
    }
    if (journal.resumed() > 0) {
      std::cerr << "sokoban: " << flags.journal << ": " << journal.resumed()
                << " levels done already, taken from the journal\n";
    }
  }
  if (flags.write_back && !CheckWriteBack(batch)) return kExitUsage;

  CancelOnSignal();
  const int total = static_cast<int>(batch.items.size());
  Progress progress(total, isatty(STDERR_FILENO));
  SolveSummary summary;
  summary.levels = total;
  std::vector<LevelOutcome> outcomes(batch.items.size());
  bool journal_error = false;
  RunOrdered<LevelOutcome>(
      batch.items.size(), flags.threads,
      [&](size_t i) {
        if (!flags.journal.empty() && journal.Done(i)) return *journal.Done(i);
        return SolveItem(batch.items[i], options);
      },
      [&](size_t i, LevelOutcome& o) {
        progress.Erase();
        const LevelItem& item = batch.items[i];
        if (common.json) {
          PrintJsonLine(std::cout, OutcomeJson(item, o, options.mode));
        } else {
          PrintOutcomeText(std::cout, item, o);
        }
        std::cout << std::flush;
        if (o.status == "invalid")
          PrintLevelError(std::cerr, item, ErrorLine(*item.entry), o.error);
        if (o.status == "error") PrintLevelError(std::cerr, item, 0, o.error);
        if (!flags.journal.empty()) {
          if (absl::Status s = journal.Record(i, item, o, options.mode); !s.ok()) {
            PrintError(std::cerr, std::string(s.message()));
            journal_error = true;
          }
        }
        summary.Add(o);
        outcomes[i] = std::move(o);
      },
      [&] { progress.Draw(summary.done, summary.solved); });
  progress.Erase();
  if (!flags.journal.empty()) {
    if (absl::Status s = journal.Sync(); !s.ok()) {
      PrintError(std::cerr, std::string(s.message()));
      journal_error = true;
    }
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double memory_mib = static_cast<double>(options.memory_limit_bytes) / (1024 * 1024);
  if (common.json) {
    PrintJsonLine(std::cout, SummaryJson(summary, options.mode, flags.threads,
                                         options.time_limit_seconds, memory_mib));
  } else {
    PrintSummaryText(std::cout, summary);
  }
  std::cout << std::flush;
  if (summary.errors) {
    PrintError(std::cerr, "INTERNAL ERROR: a solution failed replay; please report this level");
  }
  if (!WriteOutputs(batch, outcomes, flags, options.mode) || batch.input_error || journal_error) {
    return kExitUsage;
  }
  EndCancelOnSignal();
  return summary.all_solved() ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
