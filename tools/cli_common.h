// What every `sokoban` subcommand shares: the common options (--level,
// --format, --json, FILE... with "-" for standard input), loading files and
// picking the selected levels, error lines on stderr, and the JSON object
// every per-level output starts from.
//
//   CommonOptions common;
//   po::options_description desc = CommandOptions(common);
//   desc.add_options()("solution", po::value(&solution), "...");
//   if (auto done = ParseCommandLine("verify", args, kUsage, kDetails, desc, common)) {
//     return *done;  // --help printed, or a usage error reported
//   }
//   LevelBatch batch = LoadLevels(common, std::cerr);
//   for (const LevelItem& item : batch.items) {
//     nlohmann::json j = LevelJson(item);
//     ...
//   }
//   return batch.input_error ? kExitUsage : ...;
#pragma once

#include <boost/program_options.hpp>
#include <deque>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "tools/commands.h"

namespace sokoban::tools {

// Which levels of each file a command works on.
//   ""             every level
//   "7"            level 7 (1-based position in the file)
//   "2-5"          levels 2 to 5
//   "1,4,9-12"     a list of the above
//   "title:NAME"   the level whose title is exactly NAME
//   anything else  taken as a title, matched exactly
// A spec made of digits, ',' and '-' only is always read as positions; use
// "title:7" for a level titled "7" that is not the 7th.
struct LevelSelection {
  std::vector<std::pair<int, int>> ranges;  // inclusive, 1-based; empty with no title = all
  std::optional<std::string> title;
  bool all() const { return ranges.empty() && !title; }
};

// Fails (InvalidArgument) on "0", "5-2", "3-", ",", and the like.
absl::StatusOr<LevelSelection> ParseLevelSelection(std::string_view spec);

// The options every command takes. Filled in by ParseCommandLine.
struct CommonOptions {
  std::vector<std::string> files;  // "-" is standard input
  std::string level_spec;          // --level as given
  LevelSelection selection;        // --level parsed
  std::string format_name;         // --format as given
  Format format = Format::kAuto;
  bool json = false;
};

// Options description holding --help, --level, --format and (when
// with_json) --json, bound to common. A command adds its own options to it.
boost::program_options::options_description CommandOptions(CommonOptions& common,
                                                           bool with_json = true);

// A command's help as data, for the man pages and the shell completion
// (tools/describe.h): while RecordHelpInto holds a target, a command records
// its synopsis, options and details there instead of parsing its arguments,
// and returns kExitOk.
struct OptionInfo {
  std::string long_name;        // "time-limit"
  char short_name = 0;          // 't', or 0 when there is none
  bool takes_value = false;     // needs a value (false: a switch, or an optional value)
  bool optional_value = false;  // takes a value only as --NAME=VALUE (as --optimize)
  std::string parameter;        // as --help shows it: "S", "arg (=10)"; empty for a switch
  std::string description;
};
struct CommandHelp {
  std::string usage;    // the synopsis, one or more lines, without "usage: "
  std::string details;  // the text --help prints after the options
  std::vector<OptionInfo> options;
};
// Makes the commands run from now on record their help into target (null:
// parse and run as usual).
void RecordHelpInto(CommandHelp* target);
// Every command calls this once its options are described, before it looks
// at its arguments: while a target is set it records usage, desc and
// details there and returns true, and the command returns kExitOk.
bool RecordingHelp(std::string_view usage, const boost::program_options::options_description& desc,
                   std::string_view details);

// Whether a command must be given at least one FILE.
enum class FileArgs { kRequired, kOptional };

// Parses the arguments of `sokoban COMMAND` against desc with the positional
// FILE arguments going to common.files, then checks --level and --format.
// Returns nullopt when the command should run, or the exit code to return now: kExitOk after --help
// (usage, options and details printed to stdout), kExitUsage after a usage
// error (printed to stderr with a pointer to --help). No FILE is a usage
// error unless file_args is kOptional. usage is the synopsis line ("sokoban info FILE...
// [options]"); details is printed after the options (what the output means and the command's exit
// codes, 0/1/2 as in tools/commands.h).
std::optional<int> ParseCommandLine(std::string_view command, const Args& args,
                                    std::string_view usage, std::string_view details,
                                    const boost::program_options::options_description& desc,
                                    CommonOptions& common,
                                    FileArgs file_args = FileArgs::kRequired);

// Reports a usage error of `sokoban COMMAND` on stderr, with a pointer to
// its --help, and returns kExitUsage:
//   sokoban convert: no output file: say -o OUT (see 'sokoban convert --help')
int UsageError(std::string_view command, std::string_view message);

// One selected level of one file.
struct LevelItem {
  const Collection* collection;  // the file it came from (source, format, notes)
  const LevelEntry* entry;       // index, level, read/validation status
};

// Selected levels of every readable file, in command-line order.
struct LevelBatch {
  std::deque<Collection> collections;  // stable addresses: items point into them
  std::vector<LevelItem> items;
  // Some file could not be read, or the selection named a level a file does
  // not have. Already reported on the error stream.
  bool input_error = false;
};

// Reads each of common.files (forcing common.format unless kAuto), applies
// common.selection to each, and reports every unreadable file and every
// selection miss on err. Never stops early: the other files still load.
LevelBatch LoadLevels(const CommonOptions& common, std::ostream& err);

// Counts '$' and '*' squares.
int CountBoxes(const Level& level);

// Where a level's problem is in its source: the line from the entry's
// status message ("line N: ...") when it has one, else the board's first
// line (0 when unknown). The reason is the message without that prefix.
int ErrorLine(const LevelEntry& entry);
std::string ErrorReason(const absl::Status& status);

// Prints one error line about a level on err:
//   sokoban: FILE:LINE: level INDEX "TITLE": REASON
// LINE is left out when 0.
void PrintLevelError(std::ostream& err, const LevelItem& item, int line, std::string_view reason);
// The same for the level's own read/validation status.
void PrintLevelStatus(std::ostream& err, const LevelItem& item);
// A problem that is not about one level: "sokoban: MESSAGE".
void PrintError(std::ostream& err, std::string_view message);
// A problem with a whole file: "sokoban: PATH: MESSAGE", PATH left out when
// the message already names it.
void PrintFileError(std::ostream& err, std::string_view path, const absl::Status& status);

// The object every per-level JSON line starts from: file, index (1-based),
// title, width, height, boxes, valid (the level's status is OK), error (null
// or the status message). Commands add their own keys and may overwrite
// valid and error.
nlohmann::json LevelJson(const LevelItem& item);

// Adds the six solution metrics: moves, pushes, box_lines, box_changes,
// pushing_sessions, player_lines.
void AddMetricsJson(nlohmann::json& j, const MoveMetrics& m);

// Writes j on one line followed by '\n' (JSON Lines).
void PrintJsonLine(std::ostream& out, const nlohmann::json& j);

// `"TITLE"` for messages and plain output; `(untitled)` when empty.
std::string QuotedTitle(const Level& level);

}  // namespace sokoban::tools
