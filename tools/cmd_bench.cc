// `sokoban bench`: solves a fixed set of built-in levels under a fixed
// budget of state expansions and prints the states expanded per level and
// their total. The budget makes the total depend only on the solver's code,
// never on the machine or its load, so it compares builds of the solver.
#include <boost/program_options.hpp>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/level_io.h"
#include "solver/solver.h"
#include "tools/bench_levels.h"
#include "tools/cli_common.h"
#include "tools/commands.h"

namespace sokoban::tools {
namespace {

namespace po = boost::program_options;

// Expansions per level: enough for every Microban level of the set, and a
// cap on the Boxoban levels, which keeps the whole run to seconds.
constexpr uint64_t kMaxExpansions = 200000;

const char kDetails[] =
    "Solves each level of a built-in set on one thread in fast mode with a fixed\n"
    "budget of 200000 state expansions per level (levels that run out are reported\n"
    "as timeout), and prints per level its status, states expanded and time, then\n"
    "\n"
    "  Bench: N\n"
    "\n"
    "where N is the total of states expanded. N depends only on the solver: the\n"
    "same executable prints the same N on every run. --time-limit is a safety net\n"
    "only (default 0: none); a level stopped by it makes N meaningless, and the\n"
    "exit code is then 1.\n\n"
    "Exit codes:\n"
    "  0  every level ended within its expansion budget or was solved\n"
    "  1  some level was stopped by --time-limit or the memory guard, or is invalid\n"
    "  2  bad usage\n";

}  // namespace

int RunBench(const Args& args) {
  std::string set_name(BenchSets().front().name);
  double time_limit = 0;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")(
      "level-set", po::value(&set_name)->value_name("NAME"),
      absl::StrCat("the set to solve (default ", std::string(BenchSets().front().name), ")")
          .c_str())("time-limit,t", po::value(&time_limit)->value_name("S"),
                    "seconds per level, 0 for none (default)");
  constexpr char kUsage[] = "sokoban bench [--level-set NAME] [--time-limit S]";
  std::string sets = "Sets:\n";
  for (const BenchSet& s : BenchSets())
    sets += absl::StrCat("  ", std::string(s.name), "  ", std::string(s.description), "\n");
  if (RecordingHelp(kUsage, desc, absl::StrCat(sets, "\n", kDetails))) return kExitOk;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return UsageError("bench", e.what());
  }
  if (vm.count("help")) {
    std::cout << "usage: " << kUsage << "\n\n" << desc << "\n" << sets << "\n" << kDetails;
    return kExitOk;
  }
  const BenchSet* set = nullptr;
  for (const BenchSet& s : BenchSets()) {
    if (s.name == set_name) set = &s;
  }
  if (set == nullptr || time_limit < 0) {
    return UsageError("bench", set ? "--time-limit must not be negative"
                                   : absl::StrCat("no level set named '", set_name, "'"));
  }
  absl::StatusOr<Collection> levels = ReadCollection(set->xsb, Format::kXsb, set->name);
  if (!levels.ok()) {
    std::cerr << "sokoban bench: built-in set " << set->name << ": " << levels.status().message()
              << "\n";
    return kExitFailed;
  }

  SolveOptions options;
  options.mode = SolveMode::kFast;
  options.max_expansions = kMaxExpansions;
  options.time_limit_seconds = time_limit;
  // A guard against a runaway solver, far above what the budget can use.
  options.memory_limit_bytes = size_t{2} << 30;
  uint64_t total = 0;
  double seconds = 0;
  bool ok = true;
  for (const LevelEntry& e : levels->levels) {
    SolveResult r = Solve(e.level, options);
    total += r.expanded;
    seconds += r.seconds;
    // A timeout with the whole budget used is the budget, not the clock.
    const bool budget = r.status == SolveStatus::kTimeout && r.expanded >= kMaxExpansions;
    if (r.status == SolveStatus::kInvalid || r.status == SolveStatus::kMemory ||
        (r.status == SolveStatus::kTimeout && !budget)) {
      ok = false;
    }
    std::cout << std::setw(3) << e.index << "  " << std::left << std::setw(10)
              << SolveStatusName(r.status) << std::right << std::setw(9) << r.expanded << " states "
              << std::fixed << std::setprecision(3) << std::setw(7) << r.seconds << " s  "
              << e.level.title << "\n";
  }
  std::cout << "Time: " << std::fixed << std::setprecision(2) << seconds << " s\n"
            << "Bench: " << total << "\n";
  return ok ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
