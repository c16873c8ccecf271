// `sokoban verify`: replays stored (or given) solutions and reports whether
// each is legal, whether it solves its level, and its six metrics.
#include <iostream>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/moves.h"
#include "tools/cli_common.h"
#include "tools/commands.h"

namespace sokoban::tools {
namespace {

const char kUsage[] = "sokoban verify FILE... [--solution LURD] [--level SEL] [--json]";
const char kDetails[] =
    "Replays every solution stored with each selected level (SOK solution\n"
    "sections), or the one given with --solution (LURD, run-length encoding\n"
    "allowed: \"3r2(uL)D\"), and reports per solution: legal or the step where it\n"
    "went wrong and why, whether it solves the level, and its metrics (moves,\n"
    "pushes, box lines, box changes, pushing sessions, player lines).\n"
    "A level with no solution to check counts as not verified.\n\n"
    "JSON keys: file, index, title, width, height, boxes, valid (level valid and\n"
    "solution legal), error (null or why not), solution (1-based number, null when\n"
    "there is none), solution_title, failed_step (null or 1-based), solved, moves,\n"
    "pushes, box_lines, box_changes, pushing_sessions, player_lines.\n\n"
    "Exit codes:\n"
    "  0  every selected level has a solution, and every solution checked is legal\n"
    "     and solves its level\n"
    "  1  some level invalid, without a solution, or some solution wrong\n"
    "  2  bad usage or unreadable input (missing file, no such level, bad --solution)\n";

std::string DescribeMetrics(const MoveMetrics& m) {
  return absl::StrCat(m.moves, " moves, ", m.pushes, " pushes, ", m.box_lines, " box lines, ",
                      m.box_changes, " box changes, ", m.pushing_sessions, " pushing sessions, ",
                      m.player_lines, " player lines");
}

// A level that cannot be checked at all (invalid, or nothing to replay):
// one output line, one error line.
void ReportUnchecked(const LevelItem& item, bool json, std::string_view reason, int line) {
  const Level& level = item.entry->level;
  if (json) {
    nlohmann::json j = LevelJson(item);
    j["valid"] = false;
    j["error"] = std::string(reason);
    j["solution"] = nullptr;
    j["solution_title"] = nullptr;
    j["failed_step"] = nullptr;
    j["solved"] = false;
    AddMetricsJson(j, MoveMetrics{});
    PrintJsonLine(std::cout, j);
  } else {
    std::cout << item.collection->source << ": level " << item.entry->index << " "
              << QuotedTitle(level) << ": not verified: " << reason << "\n";
  }
  PrintLevelError(std::cerr, item, line, reason);
}

// Replays one solution; prints its line. Returns true when it is legal and
// solves the level.
bool CheckSolution(const LevelItem& item, int number, const Solution& solution, bool json) {
  const ReplayResult r = Replay(item.entry->level, solution.moves);
  std::string error;
  if (!r.valid) {
    error = r.error;
  } else if (!r.solved) {
    error = "the moves are legal but leave a box off goal";
  }
  if (json) {
    nlohmann::json j = LevelJson(item);
    j["valid"] = r.valid;
    j["error"] = error.empty() ? nlohmann::json(nullptr) : nlohmann::json(error);
    j["solution"] = number;
    j["solution_title"] = solution.title;
    j["failed_step"] = r.valid ? nlohmann::json(nullptr) : nlohmann::json(r.failed_step);
    j["solved"] = r.valid && r.solved;
    AddMetricsJson(j, r.metrics);
    PrintJsonLine(std::cout, j);
  } else {
    std::cout << item.collection->source << ": level " << item.entry->index << " "
              << QuotedTitle(item.entry->level) << ": solution " << number;
    if (!solution.title.empty()) std::cout << " (" << solution.title << ")";
    if (error.empty()) {
      std::cout << ": solved: " << DescribeMetrics(r.metrics) << "\n";
    } else if (!r.valid) {
      std::cout << ": invalid at step " << r.failed_step << ": " << error << "\n";
    } else {
      std::cout << ": not solved: " << DescribeMetrics(r.metrics) << "\n";
    }
  }
  if (!error.empty()) {
    PrintLevelError(std::cerr, item, item.entry->level.source_line,
                    absl::StrCat("solution ", number, ": ", error));
  }
  return error.empty();
}

}  // namespace

int RunVerify(const Args& args) {
  CommonOptions common;
  std::string given;
  boost::program_options::options_description desc = CommandOptions(common);
  desc.add_options()("solution,s", boost::program_options::value(&given)->value_name("LURD"),
                     "check this move string instead of the stored solutions");
  if (std::optional<int> done = ParseCommandLine("verify", args, kUsage, kDetails, desc, common)) {
    return *done;
  }
  std::optional<Solution> override_solution;
  if (!given.empty()) {
    absl::StatusOr<std::string> moves = ParseMoves(given);
    if (!moves.ok()) {
      return UsageError("verify", absl::StrCat("--solution: ", moves.status().message()));
    }
    override_solution = Solution{"--solution", *moves, {}};
  }

  LevelBatch batch = LoadLevels(common, std::cerr);
  bool all_verified = true;
  for (const LevelItem& item : batch.items) {
    const LevelEntry& entry = *item.entry;
    if (!entry.status.ok()) {
      ReportUnchecked(item, common.json, ErrorReason(entry.status), ErrorLine(entry));
      all_verified = false;
      continue;
    }
    if (override_solution) {
      all_verified &= CheckSolution(item, 1, *override_solution, common.json);
      continue;
    }
    if (entry.level.solutions.empty()) {
      ReportUnchecked(item, common.json, "no solution to verify", entry.level.source_line);
      all_verified = false;
      continue;
    }
    int number = 0;
    for (const Solution& s : entry.level.solutions) {
      all_verified &= CheckSolution(item, ++number, s, common.json);
    }
  }
  if (batch.input_error) return kExitUsage;
  return all_verified ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
