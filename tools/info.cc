// `sokoban info`: one line per level with its size, boxes, floor and any
// problem, so a collection can be checked before it is solved.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "tools/cli_common.h"
#include "tools/commands.h"

namespace sokoban::tools {
namespace {

const char kUsage[] = "sokoban info FILE... [--level SEL] [--json]";
const char kDetails[] =
    "Prints one line per selected level: index, title, width x height, boxes,\n"
    "floor squares (those the player can reach with the boxes taken away) and\n"
    "stored solutions, or the problem that makes the level unusable. A file's\n"
    "levels are preceded by a line naming the file, its format and level count.\n\n"
    "JSON keys: file, index, title, width, height, boxes, floor (null when the\n"
    "level is invalid), solutions, valid, error (null or the problem), line (only\n"
    "with an error: where it is in the file).\n\n"
    "Exit codes:\n"
    "  0  every selected level is valid\n"
    "  1  some level invalid\n"
    "  2  bad usage or unreadable input (missing file, no such level)\n";

int CountFloor(const Level& level) {
  const std::vector<uint8_t> floor = ReachableFloor(level);
  return static_cast<int>(std::count(floor.begin(), floor.end(), 1));
}

}  // namespace

int RunInfo(const Args& args) {
  CommonOptions common;
  boost::program_options::options_description desc = CommandOptions(common);
  if (std::optional<int> done = ParseCommandLine("info", args, kUsage, kDetails, desc, common)) {
    return *done;
  }
  LevelBatch batch = LoadLevels(common, std::cerr);
  bool all_valid = true;
  const Collection* current = nullptr;
  for (const LevelItem& item : batch.items) {
    const LevelEntry& e = *item.entry;
    const Level& level = e.level;
    const bool valid = e.status.ok();
    const int floor = valid ? CountFloor(level) : -1;  // -1: not counted
    const int boxes = CountBoxes(level);
    all_valid &= valid;
    if (!valid) PrintLevelStatus(std::cerr, item);
    if (common.json) {
      nlohmann::json j = LevelJson(item);
      j["floor"] = valid ? nlohmann::json(floor) : nlohmann::json(nullptr);
      j["solutions"] = level.solutions.size();
      PrintJsonLine(std::cout, j);
      continue;
    }
    if (item.collection != current) {
      current = item.collection;
      const size_t n = current->levels.size();
      std::cout << current->source << ": " << FormatName(current->format) << ", " << n
                << (n == 1 ? " level" : " levels");
      if (!current->name.empty()) std::cout << ", collection \"" << current->name << "\"";
      std::cout << "\n";
    }
    std::cout << "  " << e.index << " " << QuotedTitle(level) << ": " << level.width << "x"
              << level.height << ", " << boxes << (boxes == 1 ? " box" : " boxes");
    if (valid) std::cout << ", " << floor << " floor";
    if (!level.solutions.empty()) std::cout << ", " << level.solutions.size() << " solution(s)";
    if (!valid) std::cout << ", INVALID: " << ErrorReason(e.status);
    std::cout << "\n";
  }
  if (batch.input_error) return kExitUsage;
  return all_valid ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
