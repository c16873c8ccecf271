#include "tools/cli_common.h"

#include <algorithm>
#include <charconv>
#include <iostream>

#include "absl/strings/str_cat.h"

namespace sokoban::tools {
namespace po = boost::program_options;

namespace {

// Parses a positive decimal number that is the whole of text.
std::optional<int> ParsePosition(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value < 1) return std::nullopt;
  return value;
}

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

bool LooksLikePositions(std::string_view spec) {
  return !spec.empty() && std::all_of(spec.begin(), spec.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == ',' || c == '-' || c == ' ';
  });
}

// Picks the entries of one collection, reporting what the selection names
// but the file does not have. Returns false after such a report.
bool Select(const Collection& c, const LevelSelection& sel, std::vector<LevelItem>& items,
            std::ostream& err) {
  const int count = static_cast<int>(c.levels.size());
  if (sel.all()) {
    for (const LevelEntry& e : c.levels) items.push_back({&c, &e});
    return true;
  }
  if (sel.title) {
    bool found = false;
    for (const LevelEntry& e : c.levels) {
      if (e.level.title == *sel.title) {
        items.push_back({&c, &e});
        found = true;
      }
    }
    if (!found) PrintError(err, absl::StrCat(c.source, ": no level titled \"", *sel.title, "\""));
    return found;
  }
  bool ok = true;
  for (const auto& [first, last] : sel.ranges) {
    for (int i = first; i <= std::min(last, count); ++i) items.push_back({&c, &c.levels[i - 1]});
    if (last > count) {
      const int from = std::max(first, count + 1);
      const std::string missing =
          from == last ? absl::StrCat("level ", last) : absl::StrCat("levels ", from, "-", last);
      PrintError(err, absl::StrCat(c.source, ": ", missing, " not found (the file has ", count,
                                   count == 1 ? " level)" : " levels)"));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

absl::StatusOr<LevelSelection> ParseLevelSelection(std::string_view spec) {
  LevelSelection sel;
  if (spec.empty()) return sel;
  if (spec.substr(0, 6) == "title:") {
    sel.title = std::string(spec.substr(6));
    return sel;
  }
  if (!LooksLikePositions(spec)) {
    sel.title = std::string(spec);
    return sel;
  }
  auto bad = [&](std::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("--level '", std::string(spec), "': ", std::string(why)));
  };
  std::string_view rest = spec;
  while (true) {
    const size_t comma = rest.find(',');
    std::string_view part = rest.substr(0, comma);
    const size_t dash = part.find('-');
    std::optional<int> first = ParsePosition(TrimSpaces(part.substr(0, dash)));
    std::optional<int> last =
        dash == std::string_view::npos ? first : ParsePosition(TrimSpaces(part.substr(dash + 1)));
    if (!first || !last) {
      return bad("expected N, A-B or a comma list of them, with levels counted from 1");
    }
    if (*last < *first) return bad("a range must not run backwards");
    sel.ranges.emplace_back(*first, *last);
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return sel;
}

namespace {
CommandHelp* help_target = nullptr;
}  // namespace

void RecordHelpInto(CommandHelp* target) { help_target = target; }

bool RecordingHelp(std::string_view usage, const po::options_description& desc,
                   std::string_view details) {
  if (help_target == nullptr) return false;
  CommandHelp& help = *help_target;
  help.usage = std::string(usage);
  help.details = std::string(details);
  help.options.clear();
  for (const auto& option : desc.options()) {
    OptionInfo info;
    info.long_name = option->long_name();
    const std::string shown =
        option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (shown.size() == 2 && shown[0] == '-' && shown[1] != '-') info.short_name = shown[1];
    const auto& semantic = *option->semantic();
    info.takes_value = semantic.min_tokens() > 0;
    info.optional_value = semantic.min_tokens() == 0 && semantic.max_tokens() > 0;
    if (semantic.max_tokens() > 0) info.parameter = option->format_parameter();
    info.description = option->description();
    help.options.push_back(std::move(info));
  }
  return true;
}

po::options_description CommandOptions(CommonOptions& common, bool with_json) {
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")(
      "level,l", po::value(&common.level_spec)->value_name("SEL"),
      "levels to use: N, A-B, a comma list (1,4,9-12), or a title (exact match; "
      "'title:NAME' for a numeric title); default all")(
      "format,f", po::value(&common.format_name)->value_name("FMT"),
      "read input as FMT: auto, xsb, sok, digits, actionscript, niveaux (default auto)");
  if (with_json) {
    desc.add_options()("json", po::bool_switch(&common.json),
                       "one JSON object per line instead of text");
  }
  return desc;
}

std::optional<int> ParseCommandLine(std::string_view command, const Args& args,
                                    std::string_view usage, std::string_view details,
                                    const po::options_description& desc, CommonOptions& common,
                                    FileArgs file_args) {
  if (RecordingHelp(usage, desc, details)) return kExitOk;
  auto usage_error = [&](std::string_view message) { return UsageError(command, message); };
  po::options_description hidden;
  hidden.add_options()("file", po::value(&common.files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }
  if (vm.count("help")) {
    std::cout << "usage: " << usage << "\n\n" << desc << "\n" << details;
    return kExitOk;
  }
  if (common.files.empty() && file_args == FileArgs::kRequired) {
    return usage_error("no FILE given");
  }
  absl::StatusOr<LevelSelection> sel = ParseLevelSelection(common.level_spec);
  if (!sel.ok()) return usage_error(std::string(sel.status().message()));
  common.selection = *std::move(sel);
  if (!common.format_name.empty()) {
    absl::StatusOr<Format> format = ParseFormatName(common.format_name);
    if (!format.ok()) return usage_error(std::string(format.status().message()));
    common.format = *format;
  }
  return std::nullopt;
}

int UsageError(std::string_view command, std::string_view message) {
  std::cerr << "sokoban " << command << ": " << message << " (see 'sokoban " << command
            << " --help')\n";
  return kExitUsage;
}

LevelBatch LoadLevels(const CommonOptions& common, std::ostream& err) {
  LevelBatch batch;
  for (const std::string& path : common.files) {
    absl::StatusOr<Collection> c = ReadCollectionFile(path, common.format);
    if (!c.ok()) {
      PrintFileError(err, path, c.status());
      batch.input_error = true;
      continue;
    }
    if (c->source.empty()) c->source = path;
    batch.collections.push_back(*std::move(c));
    if (!Select(batch.collections.back(), common.selection, batch.items, err)) {
      batch.input_error = true;
    }
  }
  return batch;
}

int CountBoxes(const Level& level) {
  return static_cast<int>(std::count_if(level.squares.begin(), level.squares.end(), IsBoxChar));
}

int ErrorLine(const LevelEntry& entry) {
  const std::string message(entry.status.message());
  if (message.substr(0, 5) == "line ") {
    const size_t colon = message.find(':');
    if (std::optional<int> line = ParsePosition(message.substr(5, colon - 5))) return *line;
  }
  return entry.level.source_line;
}

std::string ErrorReason(const absl::Status& status) {
  const std::string message(status.message());
  if (message.substr(0, 5) == "line ") {
    const size_t colon = message.find(": ");
    if (colon != std::string_view::npos && ParsePosition(message.substr(5, colon - 5))) {
      return std::string(message.substr(colon + 2));
    }
  }
  return std::string(message);
}

void PrintLevelError(std::ostream& err, const LevelItem& item, int line, std::string_view reason) {
  err << "sokoban: " << item.collection->source;
  if (line > 0) err << ":" << line;
  err << ": level " << item.entry->index << " " << QuotedTitle(item.entry->level) << ": " << reason
      << "\n";
}

void PrintLevelStatus(std::ostream& err, const LevelItem& item) {
  PrintLevelError(err, item, ErrorLine(*item.entry), ErrorReason(item.entry->status));
}

void PrintError(std::ostream& err, std::string_view message) {
  err << "sokoban: " << message << "\n";
}

void PrintFileError(std::ostream& err, std::string_view path, const absl::Status& status) {
  const std::string message(status.message());
  if (message.find(path) == std::string_view::npos) {
    err << "sokoban: " << path << ": " << message << "\n";
  } else {
    PrintError(err, message);
  }
}

void AddMetricsJson(nlohmann::json& j, const MoveMetrics& m) {
  j["moves"] = m.moves;
  j["pushes"] = m.pushes;
  j["box_lines"] = m.box_lines;
  j["box_changes"] = m.box_changes;
  j["pushing_sessions"] = m.pushing_sessions;
  j["player_lines"] = m.player_lines;
}

nlohmann::json LevelJson(const LevelItem& item) {
  const LevelEntry& e = *item.entry;
  nlohmann::json j;
  j["file"] = item.collection->source;
  j["index"] = e.index;
  j["title"] = e.level.title;
  j["width"] = e.level.width;
  j["height"] = e.level.height;
  j["boxes"] = CountBoxes(e.level);
  j["valid"] = e.status.ok();
  j["error"] = e.status.ok() ? nlohmann::json(nullptr) : nlohmann::json(ErrorReason(e.status));
  if (!e.status.ok()) j["line"] = ErrorLine(e);
  return j;
}

void PrintJsonLine(std::ostream& out, const nlohmann::json& j) {
  // Replace invalid UTF-8 in titles rather than throw in the middle of a batch.
  out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

std::string QuotedTitle(const Level& level) {
  return level.title.empty() ? "(untitled)" : absl::StrCat("\"", level.title, "\"");
}

}  // namespace sokoban::tools
