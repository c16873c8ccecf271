// `sokoban render`: a level as an SVG picture (top-down or isometric,
// animated with a solution), or a whole selection as one HTML page to
// browse, play and replay. The drawing is in svg_writer and page_writer;
// this file reads the options, the levels and the solve results.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/cli_common.h"
#include "tools/commands.h"
#include "tools/page_writer.h"
#include "tools/solve_parts.h"
#include "tools/svg_writer.h"

namespace sokoban::tools {
namespace {

namespace fs = std::filesystem;

const char kUsage[] =
    "sokoban render FILE... -o OUT [--level SEL] [--view top|iso] [--solution LURD]\n"
    "                              [--results FILE] [--to svg|html]";
const char kDetails[] =
    "OUT.svg: one level as an SVG picture, top-down (--view top, the default) or\n"
    "isometric (--view iso). With a solution (--solution, else the first stored\n"
    "one that the rules engine replays) the picture plays it in a loop, with SMIL\n"
    "animation and no script.\n"
    "OUT.html: one self-contained page for every selected level: an index with a\n"
    "drawing, size and boxes of each (and the solver's status, moves, pushes, time\n"
    "and states from --results, the `sokoban solve --json` output; the metrics of\n"
    "a pack made by `sokoban generate`), and a view to play each level (arrow keys\n"
    "or WASD; u, z or Backspace undo, Shift with them redo; r restarts; n and p go\n"
    "to the next and previous level; v switches top and iso), with an optional\n"
    "time limit, export of the moves as LURD, and replay of stored and found\n"
    "solutions. It needs no network and no server: open it from file://.\n"
    "The output format follows OUT's extension (.svg, .html or .htm); '-o -'\n"
    "writes to standard output, SVG unless --to html says. OUT is replaced in one\n"
    "step: it is never left half-written.\n\n"
    "Exit codes:\n"
    "  0  everything selected was drawn\n"
    "  1  some level invalid (left out of a page; no SVG), or a solution illegal\n"
    "     (the step is named; nothing is written for --solution)\n"
    "  2  bad usage (unknown view, an SVG of several levels), unreadable input or\n"
    "     results, or OUT could not be written\n";

enum class Output { kSvg, kHtml };

absl::StatusOr<Output> OutputKind(const std::string& to, const std::string& out) {
  std::string name = to;
  if (name.empty()) {
    if (out == "-") return Output::kSvg;
    name = fs::path(out).extension().string();
    if (!name.empty()) name = name.substr(1);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "htm") name = "html";
    if (name != "svg" && name != "html") {
      return absl::InvalidArgumentError(absl::StrCat("cannot tell the output format from '", out,
                                                     "'; name it .svg or .html, or say --to"));
    }
  }
  if (name == "svg") return Output::kSvg;
  if (name == "html") return Output::kHtml;
  return absl::InvalidArgumentError(absl::StrCat("--to '", to, "': can write svg or html only"));
}

// A file's identity for matching solve results to levels: its canonical
// path when it exists, else the path as given.
std::string FileKey(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

// The per-level objects of `sokoban solve --json` output or of a solve
// journal (`--journal`: the same objects; its options line and the summary
// line are skipped), keyed by (file, index).
struct Results {
  std::map<std::pair<std::string, int>, nlohmann::json> by_file;
  // By base name, for results made in another folder.
  std::map<std::pair<std::string, int>, nlohmann::json> by_name;
};

absl::StatusOr<Results> ReadResults(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read"));
  Results results;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, ":", line_number, ": not a JSON object (want `sokoban solve --json` output)"));
    }
    if (j.contains("summary") || j.contains("journal")) continue;
    if (!j.contains("file") || !j["file"].is_string() || !j.contains("index") ||
        !j["index"].is_number_integer()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", line_number, ": no \"file\" and \"index\" keys"));
    }
    const std::string file = j["file"];
    const int index = j["index"];
    results.by_name[{fs::path(file).filename().string(), index}] = j;
    results.by_file[{FileKey(file), index}] = std::move(j);
  }
  return results;
}

std::optional<nlohmann::json> FindResult(const Results& results, const LevelItem& item) {
  const int index = item.entry->index;
  if (auto it = results.by_file.find({FileKey(item.collection->source), index});
      it != results.by_file.end()) {
    return it->second;
  }
  auto it = results.by_name.find({fs::path(item.collection->source).filename().string(), index});
  if (it != results.by_name.end() && it->second.value("title", "") == item.entry->level.title) {
    return it->second;
  }
  return std::nullopt;
}

// The furthest position of a level its solve result left unsolved
// (SolveResult::BestProgress), when the result holds one that fits the
// level; one that does not is reported (and *all_good cleared).
std::optional<PageLevel::Furthest> FurthestOf(const LevelItem& item, const nlohmann::json& result,
                                              const std::string& results_path, bool* all_good) {
  const std::optional<LevelOutcome> o = OutcomeFromRecord(result);
  if (!o || o->status == "solved") return std::nullopt;
  const SolveResult::Progress* best = o->result.BestProgress();
  if (!best || best->position.empty()) return std::nullopt;
  if (!IsPositionOf(item.entry->level, best->position)) {
    PrintLevelError(std::cerr, item, item.entry->level.source_line,
                    absl::StrCat("the best position in ", results_path,
                                 " left out: it is not a position of this level"));
    *all_good = false;
    return std::nullopt;
  }
  return PageLevel::Furthest{best->position, best->on_goals, best->name, best->at};
}

// Replays the --solution moves on the item's level. Nullopt after reporting
// why they do not replay (and that out is not written).
std::optional<Track> TrackGivenMoves(const LevelItem& item, const std::string& moves,
                                     const std::string& out) {
  absl::StatusOr<Track> t = TrackMoves(item.entry->level, moves);
  if (!t.ok()) {
    PrintLevelError(std::cerr, item, item.entry->level.source_line,
                    absl::StrCat("--solution: ", t.status().message(), "; ", out, " not written"));
    return std::nullopt;
  }
  return std::move(*t);
}

// The stored solutions of a level that the rules engine replays; each
// illegal one is reported.
std::vector<Solution> LegalSolutions(const LevelItem& item, bool* all_legal) {
  std::vector<Solution> legal;
  int number = 0;
  for (const Solution& s : item.entry->level.solutions) {
    ++number;
    absl::StatusOr<Track> track = TrackMoves(item.entry->level, s.moves);
    if (!track.ok()) {
      PrintLevelError(std::cerr, item, item.entry->level.source_line,
                      absl::StrCat("solution ", number, " left out: ", track.status().message()));
      *all_legal = false;
      continue;
    }
    legal.push_back(
        Solution{s.title.empty() ? absl::StrCat("Solution ", number) : s.title, track->moves, {}});
  }
  return legal;
}

absl::Status WriteOutput(const std::string& out, const std::string& text) {
  if (out == "-") {
    std::cout << text << std::flush;
    return std::cout ? absl::OkStatus()
                     : absl::InvalidArgumentError("cannot write standard output");
  }
  return WriteFileAtomically(out, text);
}

std::string PageTitle(const LevelBatch& batch) {
  if (batch.collections.size() == 1 && !batch.collections.front().name.empty()) {
    return batch.collections.front().name;
  }
  std::vector<std::string> names;
  for (const Collection& c : batch.collections) {
    names.push_back(c.source == "-" ? "standard input" : fs::path(c.source).filename().string());
  }
  return absl::StrCat("Sokoban: ", absl::StrJoin(names, ", "));
}

}  // namespace

int RunRender(const Args& args) {
  CommonOptions common;
  std::string out, to, view_name = "top", given, results_path;
  namespace po = boost::program_options;
  po::options_description desc = CommandOptions(common, /*with_json=*/false);
  desc.add_options()("output,o", po::value(&out)->value_name("OUT"),
                     "OUT.svg or OUT.html ('-' for standard output); required")(
      "view", po::value(&view_name)->value_name("top|iso"),
      "view of the SVG, or the one the page opens in (default: top)")(
      "solution,s", po::value(&given)->value_name("LURD"),
      "animate these moves (one level; run-length encoding allowed)")(
      "results", po::value(&results_path)->value_name("FILE"),
      "`sokoban solve --json` output to show in the page")(
      "to", po::value(&to)->value_name("svg|html"), "output format (default: OUT's extension)");
  if (std::optional<int> done = ParseCommandLine("render", args, kUsage, kDetails, desc, common)) {
    return *done;
  }
  auto usage_error = [](std::string_view message) { return UsageError("render", message); };
  if (out.empty()) return usage_error("no output file: say -o OUT");
  absl::StatusOr<Output> kind = OutputKind(to, out);
  if (!kind.ok()) return usage_error(std::string(kind.status().message()));
  absl::StatusOr<View> view = ParseView(view_name);
  if (!view.ok())
    return usage_error(absl::StrCat("--view: ", std::string(view.status().message())));
  std::optional<std::string> moves;
  if (!given.empty()) {
    absl::StatusOr<std::string> parsed = ParseMoves(given);
    if (!parsed.ok()) return usage_error(absl::StrCat("--solution: ", parsed.status().message()));
    moves = *parsed;
  }
  std::optional<Results> results;
  if (!results_path.empty()) {
    absl::StatusOr<Results> r = ReadResults(results_path);
    if (!r.ok()) {
      PrintError(std::cerr, std::string(r.status().message()));
      return kExitUsage;
    }
    results = std::move(*r);
  }

  LevelBatch batch = LoadLevels(common, std::cerr);
  if (batch.items.empty()) {
    PrintError(std::cerr, absl::StrCat("no level to draw; ", out, " not written"));
    return batch.input_error ? kExitUsage : kExitFailed;
  }
  if ((*kind == Output::kSvg || moves) && batch.items.size() != 1) {
    return usage_error(absl::StrCat(
        *kind == Output::kSvg ? "an SVG holds one level" : "--solution is for one level", ", and ",
        batch.items.size(), " are selected: pick one with --level",
        *kind == Output::kSvg ? ", or write OUT.html" : ""));
  }

  bool all_good = !batch.input_error;
  std::string text;
  if (*kind == Output::kSvg) {
    const LevelItem& item = batch.items.front();
    if (!item.entry->status.ok()) {
      PrintLevelError(std::cerr, item, ErrorLine(*item.entry),
                      absl::StrCat("cannot draw: ", ErrorReason(item.entry->status)));
      return kExitFailed;
    }
    std::optional<Track> track;
    if (moves) {
      track = TrackGivenMoves(item, *moves, out);
      if (!track) return kExitFailed;
    } else {
      const std::vector<Solution> stored = LegalSolutions(item, &all_good);
      if (!stored.empty()) track = *TrackMoves(item.entry->level, stored.front().moves);
    }
    if (track && !track->solved) {
      PrintLevelError(std::cerr, item, item.entry->level.source_line,
                      "note: the moves are legal but leave a box off goal");
    }
    text = WriteSvg(item.entry->level, *view, track ? &*track : nullptr);
  } else {
    std::vector<PageLevel> levels;
    for (const LevelItem& item : batch.items) {
      if (!item.entry->status.ok()) {
        PrintLevelError(std::cerr, item, ErrorLine(*item.entry),
                        absl::StrCat("left out of the page: ", ErrorReason(item.entry->status)));
        all_good = false;
        continue;
      }
      PageLevel p;
      p.source = item.collection->source;
      p.collection_name = item.collection->name;
      p.index = item.entry->index;
      p.level = &item.entry->level;
      if (moves) {
        const std::optional<Track> t = TrackGivenMoves(item, *moves, out);
        if (!t) return kExitFailed;
        p.solutions.push_back(Solution{"--solution", t->moves, {}});
      }
      for (Solution& s : LegalSolutions(item, &all_good)) p.solutions.push_back(std::move(s));
      if (results) {
        p.result = FindResult(*results, item);
        if (p.result) p.furthest = FurthestOf(item, *p.result, results_path, &all_good);
        if (p.result && (*p.result).value("solution", nlohmann::json()).is_string()) {
          const std::string found = (*p.result)["solution"];
          absl::StatusOr<Track> t = TrackMoves(item.entry->level, found);
          if (t.ok() && t->solved) {
            p.solutions.push_back(Solution{"Solver", t->moves, {}});
          } else {
            PrintLevelError(std::cerr, item, item.entry->level.source_line,
                            absl::StrCat("the solution in ", results_path, " left out: ",
                                         t.ok() ? "it does not solve the level"
                                                : std::string(t.status().message())));
            all_good = false;
          }
        }
      }
      levels.push_back(std::move(p));
    }
    if (levels.empty()) {
      PrintError(std::cerr, absl::StrCat("no valid level to draw; ", out, " not written"));
      return batch.input_error ? kExitUsage : kExitFailed;
    }
    text = WritePage(PageTitle(batch), levels, ViewName(*view));
  }
  if (absl::Status s = WriteOutput(out, text); !s.ok()) {
    PrintFileError(std::cerr, out, s);
    return kExitUsage;
  }
  if (batch.input_error) return kExitUsage;
  return all_good ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
