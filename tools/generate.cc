// `sokoban generate`: fresh puzzle packs, every level solved by our own
// solver before it is kept.
#include "generator/generate.h"

#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/level_io.h"
#include "generator/pack.h"
#include "tools/cli_common.h"
#include "tools/commands.h"
#include "tools/generate_parts.h"

namespace sokoban::tools {
namespace {

namespace po = boost::program_options;
namespace gen = sokoban::generator;

const char kUsage[] =
    "sokoban generate [--count N] [--size WxH] [--boxes K] [--style S] [--difficulty D]\n"
    "                 [--seed X] [--threads T] [-o pack.sok] [--json] [options]";
const char kDetails[] =
    "Makes N levels by pulling boxes backwards from a solved position on a fresh\n"
    "layout, and keeps only levels the solver solves and that pass the difficulty\n"
    "filter, without duplicates (rotations and reflections count as the same\n"
    "level). The pack is SOK: a Collection: line with the options and seed, then\n"
    "per level its title, board, Author:, metrics and solution. The same seed and\n"
    "options give the same pack, byte for byte, whatever --threads is.\n\n"
    "Styles: room (walled room, inner walls), maze (braided backtracker maze),\n"
    "cave (cellular automaton), rooms (rooms and corridors), templates (3x3\n"
    "pieces after Taylor & Parberry).\n"
    "Difficulty presets (K boxes): easy >= K+2 pushes, >= min(K,2) box changes;\n"
    "medium >= 3K+4 pushes, >= K+1 box changes; hard >= 5K+2 pushes, >= 2K+1 box\n"
    "changes, searched pulls and push-optimal solutions on small boards.\n"
    "Large boards (more than 6 boxes or 100 interior squares) with hard, or a\n"
    "--min-pushes/--min-push-bound above 6K, use the beam engine: goals in one\n"
    "loose group, boxes carried far from it by a beam search over pulls.\n\n"
    "JSON (--json): one line per level with index, title, width, height, boxes,\n"
    "moves, pushes, box_lines, box_changes, pushing_sessions, player_lines, states,\n"
    "optimal_pushes (null when unknown), push_lower_bound (pushes any solution\n"
    "needs at least: boxes matched to distinct goals, each pushed alone), floor,\n"
    "unused_floor and unused_floor_share (floor neither player nor box stands on\n"
    "along the solution), trimmed (squares walled by trimming), attempt,\n"
    "solution; then one line with\n"
    "summary: true, made, wanted, attempts and the rejection counts. Without -o\n"
    "the JSON replaces the pack on standard output.\n\n"
    "--shard K/N --journal PART.jsonl makes shard K of N of the pack: attempt i\n"
    "belongs to shard (i mod N)+1; each level found is journaled (fsync'd within a\n"
    "second) and a rerun resumes. 'sokoban merge --from PARTS... -o pack.sok'\n"
    "rebuilds the pack one unsharded run makes, byte for byte. --journal alone\n"
    "journals an unsharded run.\n\n"
    "Exit codes:\n"
    "  0  all N levels made\n"
    "  1  fewer than N levels made within the attempt limit (the reasons are printed)\n"
    "  2  bad usage or an impossible request\n";

absl::Status ParseSize(const std::string& text, int& width, int& height) {
  const size_t x = text.find_first_of("xX");
  if (x == std::string::npos || !absl::SimpleAtoi(text.substr(0, x), &width) ||
      !absl::SimpleAtoi(text.substr(x + 1), &height)) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --size '", text, "': expected WxH, e.g. 10x10"));
  }
  return absl::OkStatus();
}

nlohmann::json LevelLine(const gen::GeneratedLevel& g, int index, int boxes) {
  nlohmann::json j;
  j["index"] = index;
  j["title"] = g.level.title;
  j["width"] = g.level.width;
  j["height"] = g.level.height;
  j["boxes"] = boxes;
  AddMetricsJson(j, g.metrics);
  j["states"] = g.states;
  j["optimal_pushes"] = g.optimal_pushes >= 0 ? nlohmann::json(g.optimal_pushes) : nullptr;
  j["push_lower_bound"] = g.push_lower_bound;
  j["floor"] = g.floor;
  j["unused_floor"] = g.unused_floor;
  j["unused_floor_share"] = g.floor > 0 ? static_cast<double>(g.unused_floor) / g.floor : 0.0;
  j["trimmed"] = g.trimmed;
  j["attempt"] = g.attempt;
  j["solution"] = g.level.solutions.empty() ? "" : g.level.solutions.front().moves;
  return j;
}

}  // namespace

int RunGenerate(const Args& args) {
  gen::GenerateOptions o;
  std::string size = "10x10", style = "room", difficulty = "medium", engine = "auto";
  std::string max_open = "3x4", output, shard, journal;
  int min_pushes = -1, min_box_changes = -1, min_push_bound = -1;
  int64_t min_states = -1;
  bool json = false, trim = false, no_trim = false;
  double max_unused_floor = 1;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")("count,n", po::value(&o.count)->default_value(10),
                                                 "levels to make")(
      "size", po::value(&size)->default_value(size), "board size WxH, walls included (5..64)")(
      "boxes", po::value(&o.boxes)->default_value(4), "boxes per level")(
      "style", po::value(&style)->default_value(style), "room, maze, cave, rooms or templates")(
      "difficulty", po::value(&difficulty)->default_value(difficulty), "easy, medium or hard")(
      "seed", po::value(&o.seed)->default_value(1), "random seed")(
      "threads,j", po::value(&o.threads)->default_value(1), "worker threads")(
      "output,o", po::value(&output),
      "write the pack to this file (atomically); - for standard output")(
      "json", po::bool_switch(&json), "JSON lines per level and a summary line")(
      "max-open", po::value(&max_open)->default_value(max_open),
      "largest all-floor rectangle allowed, either way round")(
      "allow-boxes-on-goals", po::bool_switch(&o.allow_boxes_on_goals),
      "let some boxes start on goals")("min-pushes", po::value(&min_pushes),
                                       "keep levels whose solution has at least N pushes")(
      "min-box-changes", po::value(&min_box_changes), "... at least N box changes")(
      "min-states", po::value(&min_states), "... that took the solver at least N states")(
      "min-push-bound", po::value(&min_push_bound),
      "... that provably need at least N pushes (boxes matched to distinct goals)")(
      "engine", po::value(&engine)->default_value(engine),
      "reverse pulls: walk (random pull walks), search (pull-state search), beam "
      "(distance-maximising beam search) or auto")("max-attempts", po::value(&o.max_attempts),
                                                   "give up after this many attempts")(
      "solver-budget", po::value(&o.solver_budget), "solver expansions allowed per candidate")(
      "max-unused-floor", po::value(&max_unused_floor),
      "reject levels whose solution leaves more than this share (0..1) of the floor unused")(
      "trim", po::bool_switch(&trim),
      "wall unused pockets where the solver's states stay at 90% or more (hard: default)")(
      "no-trim", po::bool_switch(&no_trim), "never trim")(
      "shard", po::value(&shard), "K/N: make shard K of N of the pack (needs --journal)")(
      "journal", po::value(&journal), "record each attempt in FILE.jsonl; rerun to resume");
  if (RecordingHelp(kUsage, desc, kDetails)) return kExitOk;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    PrintError(std::cerr, absl::StrCat("generate: ", e.what(), " (see 'sokoban generate --help')"));
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << "usage: " << kUsage << "\n\n" << desc << "\n" << kDetails;
    return kExitOk;
  }
  auto usage_error = [](const absl::Status& s) {
    PrintError(std::cerr, absl::StrCat("generate: ", s.message()));
    return kExitUsage;
  };
  if (absl::Status s = ParseSize(size, o.width, o.height); !s.ok()) return usage_error(s);
  absl::StatusOr<gen::LayoutStyle> st = gen::ParseLayoutStyle(style);
  if (!st.ok()) return usage_error(st.status());
  o.style = *st;
  absl::StatusOr<gen::Difficulty> d = gen::ParseDifficulty(difficulty);
  if (!d.ok()) return usage_error(d.status());
  o.difficulty = *d;
  absl::StatusOr<gen::PullEngine> en = gen::ParsePullEngine(engine);
  if (!en.ok()) return usage_error(en.status());
  o.engine = *en;
  absl::StatusOr<gen::OpenLimit> open = gen::ParseOpenLimit(max_open);
  if (!open.ok()) return usage_error(open.status());
  o.max_open = *open;
  if (vm.count("min-pushes")) o.min_pushes = min_pushes;
  if (vm.count("min-box-changes")) o.min_box_changes = min_box_changes;
  if (vm.count("min-push-bound")) o.min_push_bound = min_push_bound;
  if (trim && no_trim) {
    return usage_error(absl::InvalidArgumentError("--trim and --no-trim contradict each other"));
  }
  if (trim || no_trim) o.trim = trim;
  if (vm.count("max-unused-floor")) o.max_unused_floor = max_unused_floor;
  if (vm.count("min-states")) {
    if (min_states < 0) return usage_error(absl::InvalidArgumentError("--min-states must be >= 0"));
    o.min_states = static_cast<uint64_t>(min_states);
  }
  if (absl::Status s = gen::CheckRequest(o); !s.ok()) return usage_error(s);
  if (output == "-" && json) {
    return usage_error(absl::InvalidArgumentError(
        "-o - and --json both write to standard output; give -o a file name"));
  }
  if (!shard.empty() || !journal.empty()) {
    absl::StatusOr<ShardSpec> spec = ParseShard(shard.empty() ? "1/1" : shard);
    if (!spec.ok()) return usage_error(spec.status());
    if (journal.empty()) {
      return usage_error(absl::InvalidArgumentError("--shard needs --journal FILE.jsonl"));
    }
    if (!shard.empty() && !output.empty()) {
      return usage_error(absl::InvalidArgumentError(
          "a shard makes part of a pack, kept in its --journal: join the shards with "
          "'sokoban merge --from PARTS... -o PACK.sok'"));
    }
    return RunGenerateJournal(o, *spec, journal, shard.empty(), output, json);
  }

  const bool tty = isatty(STDERR_FILENO);
  const auto start = std::chrono::steady_clock::now();
  gen::ProgressFn progress;
  if (tty) {
    progress = [](int made, int wanted, uint64_t attempts) {
      std::cerr << "\rgenerate: " << made << "/" << wanted << " levels, " << attempts << " attempts"
                << std::flush;
    };
  }
  const gen::GenerateResult result = gen::Generate(o, progress);
  if (tty) std::cerr << "\n";
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const std::string pack = WriteSok(gen::MakePack(o, result));
  if (output == "-") {
    std::cout << pack;
  } else if (!output.empty()) {
    if (absl::Status s = WriteFileAtomically(output, pack); !s.ok()) {
      PrintFileError(std::cerr, output, s);
      return kExitUsage;
    }
  } else if (!json) {
    std::cout << pack;
  }
  if (json) {
    int index = 0;
    for (const gen::GeneratedLevel& g : result.levels) {
      PrintJsonLine(std::cout, LevelLine(g, ++index, o.boxes));
    }
    const gen::GenerateStats& s = result.stats;
    nlohmann::json summary = {{"summary", true},
                              {"made", result.levels.size()},
                              {"wanted", o.count},
                              {"attempts", s.attempts},
                              {"seconds", seconds},
                              {"no_layout", s.no_layout},
                              {"no_goals", s.no_goals},
                              {"no_position", s.no_position},
                              {"unsolved", s.unsolved},
                              {"too_easy", s.too_easy},
                              {"unused_floor", s.unused_floor},
                              {"duplicates", s.duplicates}};
    PrintJsonLine(std::cout, summary);
  }
  if (static_cast<int>(result.levels.size()) < o.count) {
    PrintError(std::cerr, absl::StrCat("generate: ", result.Shortfall(o.count)));
    return kExitFailed;
  }
  if (!json) {
    const std::string why = result.Rejections();
    std::cout.flush();
    std::cerr << "generate: " << result.levels.size() << " levels from " << result.stats.attempts
              << " attempts" << (why.empty() ? "" : "; rejected: ") << why << "\n";
  }
  return kExitOk;
}

}  // namespace sokoban::tools
