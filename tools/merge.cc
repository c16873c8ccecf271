// `sokoban merge`: joins the parts of a sharded run (journals or --json
// outputs of `solve --shard`, journals of `generate --shard`) into the one
// result an unsharded run gives, after checking that the parts cover the
// selection exactly once and replaying every solution.
#include <chrono>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tools/cli_common.h"
#include "tools/commands.h"
#include "tools/generate_parts.h"
#include "tools/journal.h"
#include "tools/solve_parts.h"
#include "tools/solve_report.h"

namespace sokoban::tools {
namespace {

namespace po = boost::program_options;

const char kUsage[] =
    "sokoban merge LEVELS... --from PART... [-o OUT.sok] [--json] [--level SEL]\n"
    "       sokoban merge --from PART... -o PACK.sok      (parts of 'generate --shard')";
const char kDetails[] =
    "PARTS are the journals (--journal) or --json outputs of 'sokoban solve\n"
    "--shard K/N' runs over LEVELS (the same files and --level as the shards were\n"
    "given). merge checks that the parts hold every selected level exactly once\n"
    "and were made with the same options (mode, prune, limits), replays every\n"
    "solution, then prints the lines and summary an unsharded 'solve' prints (JSON\n"
    "with --json; the summary's seconds is the merge's own wall time) and writes\n"
    "-o OUT.sok as 'solve -o' does. A level in no part, in two parts, in a part made\n"
    "with other options, or whose solution fails replay is reported with the level\n"
    "and the part, and nothing is written.\n\n"
    "With the journals of 'sokoban generate --shard K/N' runs, merge rebuilds the\n"
    "pack one unsharded run with the same options and seed makes, byte for byte,\n"
    "and writes it to -o (standard output without -o; --json prints the per-level\n"
    "lines and summary 'generate --json' prints).\n\n"
    "Exit codes:\n"
    "  0  merged, and every level solved (or the whole pack made)\n"
    "  1  a level missing, duplicated, foreign or failing replay; or some level\n"
    "     unsolved, as with 'solve'\n"
    "  2  bad usage, unreadable input, or an output that cannot be written\n";

// The options that decide results, and whether a part's record holds them.
const char* const kResultKeys[] = {"mode",           "prune",  "time_limit", "memory_limit_mib",
                                   "max_expansions", "metric", "optimize"};

struct Part {
  std::string path;
  JournalContents contents;
  nlohmann::json options;  // result options known for this part (may be partial)
  nlohmann::json summary;  // --json output's summary object, if any
};

// The result options a part declares: a journal's header, or for --json
// output what its records and summary say.
nlohmann::json PartOptions(const Part& p) {
  nlohmann::json o = nlohmann::json::object();
  if (p.contents.header.is_object()) {
    for (const char* key : kResultKeys) {
      if (p.contents.header["options"].contains(key)) o[key] = p.contents.header["options"][key];
    }
    return o;
  }
  if (p.summary.is_object()) {
    if (p.summary.contains("mode")) o["mode"] = p.summary["mode"];
    if (p.summary.contains("time_limit")) o["time_limit"] = p.summary["time_limit"];
  }
  for (const nlohmann::json& r : p.contents.records) {
    if (r.contains("mode")) {
      o["mode"] = r["mode"];
      break;
    }
  }
  return o;
}

// The first difference on the keys both declare; empty when none.
std::string Difference(const nlohmann::json& a, const nlohmann::json& b) {
  for (const auto& [key, value] : a.items()) {
    if (b.contains(key) && b[key] != value) {
      return absl::StrCat(key, " ", value.dump(), " against ", b[key].dump());
    }
  }
  return "";
}

int MergeSolveParts(const CommonOptions& common, std::vector<Part>& parts,
                    const std::string& output) {
  const auto start = std::chrono::steady_clock::now();
  if (common.files.empty()) return UsageError("merge", "no LEVELS given for the solve parts");
  LevelBatch batch = LoadLevels(common, std::cerr);
  if (batch.input_error) return kExitUsage;
  int problems = 0;
  auto problem = [&](const std::string& message) {
    PrintError(std::cerr, absl::StrCat("merge: ", message));
    ++problems;
  };
  // 1. Options: every part against the first.
  nlohmann::json reference = nlohmann::json::object();
  std::string reference_part;
  std::vector<bool> foreign(parts.size(), false);
  for (size_t p = 0; p < parts.size(); ++p) {
    parts[p].options = PartOptions(parts[p]);
    if (reference_part.empty()) {
      reference = parts[p].options;
      reference_part = parts[p].path;
      continue;
    }
    const std::string diff = Difference(parts[p].options, reference);
    if (!diff.empty()) {
      foreign[p] = true;
      problem(absl::StrCat(parts[p].path, ": made with other options than ", reference_part, " (",
                           diff, ")"));
    }
  }
  // 2. Which part holds which level; within a part the last record wins.
  std::map<LevelKey, size_t, LevelKeyLess> selected;
  for (size_t i = 0; i < batch.items.size(); ++i) selected[KeyOf(batch.items[i])] = i;
  std::vector<std::vector<std::pair<size_t, const nlohmann::json*>>> holders(batch.items.size());
  for (size_t p = 0; p < parts.size(); ++p) {
    std::map<LevelKey, const nlohmann::json*, LevelKeyLess> last;
    for (const nlohmann::json& r : parts[p].contents.records) {
      std::optional<LevelKey> key = RecordKey(r);
      if (key && OutcomeFromRecord(r)) last[*key] = &r;
    }
    for (const auto& [key, record] : last) {
      auto it = selected.find(key);
      if (it == selected.end()) {
        problem(absl::StrCat(parts[p].path, ": level ", key.second, " of ", key.first,
                             " is not in the selection"));
        continue;
      }
      holders[it->second].push_back({p, record});
    }
  }
  // 3. Exactly once, from a part with the same options, and replaying.
  std::vector<LevelOutcome> outcomes(batch.items.size());
  for (size_t i = 0; i < batch.items.size(); ++i) {
    const LevelItem& item = batch.items[i];
    const std::string level = absl::StrCat(item.collection->source, ": level ", item.entry->index,
                                           " ", QuotedTitle(item.entry->level));
    const auto& h = holders[i];
    if (h.empty()) {
      problem(absl::StrCat(level, ": missing from every part"));
      continue;
    }
    if (h.size() > 1) {
      std::string list;
      for (const auto& [p, r] : h)
        absl::StrAppend(&list, list.empty() ? "" : " and ", parts[p].path);
      problem(absl::StrCat(level, ": in more than one part: ", list));
      continue;
    }
    const auto& [p, record] = h.front();
    if (foreign[p]) {
      problem(absl::StrCat(level, ": only in ", parts[p].path, ", made with other options"));
      continue;
    }
    LevelOutcome o = *OutcomeFromRecord(*record);
    if (std::string why = CheckOutcome(item, *record, o); !why.empty()) {
      problem(absl::StrCat(level, ": in ", parts[p].path, ": ", why));
      continue;
    }
    outcomes[i] = std::move(o);
  }
  if (problems > 0) {
    PrintError(std::cerr,
               absl::StrCat("merge: ", problems, problems == 1 ? " problem" : " problems",
                            "; nothing written"));
    return kExitFailed;
  }
  // 4. The output of one unsharded run.
  const SolveMode mode =
      reference.value("mode", "fast") == "optimal" ? SolveMode::kOptimal : SolveMode::kFast;
  SolveSummary summary;
  summary.levels = static_cast<int>(batch.items.size());
  for (size_t i = 0; i < batch.items.size(); ++i) {
    if (common.json) {
      PrintJsonLine(std::cout, OutcomeJson(batch.items[i], outcomes[i], mode));
    } else {
      PrintOutcomeText(std::cout, batch.items[i], outcomes[i]);
    }
    summary.Add(outcomes[i]);
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (common.json) {
    const nlohmann::json& memory = reference.contains("memory_limit_mib")
                                       ? reference["memory_limit_mib"]
                                       : nlohmann::json(nullptr);
    PrintJsonLine(std::cout, SummaryJson(summary, mode, 1, reference.value("time_limit", 0.0),
                                         memory.is_number() ? memory.get<double>() : 0.0));
  } else {
    PrintSummaryText(std::cout, summary);
  }
  std::cout << std::flush;
  if (!output.empty()) {
    if (absl::Status s =
            WriteFileAtomically(output, WriteSok(SolvedCollection(batch, outcomes, mode)));
        !s.ok()) {
      PrintFileError(std::cerr, output, s);
      return kExitUsage;
    }
  }
  return summary.all_solved() ? kExitOk : kExitFailed;
}

}  // namespace

int RunMerge(const Args& args) {
  CommonOptions common;
  std::vector<std::string> from;
  std::string output;
  po::options_description desc = CommandOptions(common);
  desc.add_options()("from", po::value(&from)->multitoken()->value_name("PART..."),
                     "the parts: journals or --json outputs of the shards")(
      "output,o", po::value(&output)->value_name("OUT.sok"),
      "write the levels with their solutions (or the generated pack) to a SOK file");
  if (std::optional<int> done =
          ParseCommandLine("merge", args, kUsage, kDetails, desc, common, FileArgs::kOptional)) {
    return *done;
  }
  if (from.empty()) return UsageError("merge", "no parts given: say --from PART...");
  std::vector<Part> parts;
  bool generate = false, solve = false;
  for (const std::string& path : from) {
    absl::StatusOr<JournalContents> c = ReadPart(path);
    if (!c.ok()) {
      // A shard that never started leaves no part: its levels are reported
      // missing below. A file that is no part at all stops the merge.
      if (absl::IsFailedPrecondition(c.status())) {
        PrintError(std::cerr, absl::StrCat("merge: ", c.status().message(), "; nothing merged"));
        return kExitFailed;
      }
      PrintFileError(std::cerr, path, c.status());
      if (!absl::IsNotFound(c.status())) return kExitUsage;
      continue;
    }
    for (const std::string& w : c->warnings) PrintError(std::cerr, absl::StrCat("warning: ", w));
    Part part{path, *std::move(c), nullptr, nullptr};
    if (part.contents.header.is_object() && part.contents.header["journal"] == "generate") {
      generate = true;
    } else {
      solve = true;
      // A --json output ends with its summary line.
      auto& records = part.contents.records;
      if (!records.empty() && records.back().contains("summary")) {
        part.summary = records.back()["summary"];
        records.pop_back();
      }
    }
    parts.push_back(std::move(part));
  }
  if (parts.empty() && common.files.empty()) {
    PrintError(std::cerr, "merge: none of the parts exists");
    return kExitFailed;
  }
  if (generate && solve) {
    return UsageError("merge", "the parts mix 'generate' journals with 'solve' results");
  }
  if (generate) {
    if (!common.files.empty()) {
      return UsageError("merge", "the parts are of 'generate': give no LEVELS");
    }
    std::vector<GeneratePart> gparts;
    for (Part& p : parts) gparts.push_back({p.path, std::move(p.contents)});
    return MergeGenerateParts(gparts, output, common.json);
  }
  return MergeSolveParts(common, parts, output);
}

}  // namespace sokoban::tools
