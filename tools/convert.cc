// `sokoban convert`: any readable format to XSB or SOK, written atomically.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "tools/cli_common.h"
#include "tools/commands.h"

namespace sokoban::tools {
namespace {

const char kUsage[] = "sokoban convert IN -o OUT [--to xsb|sok] [--level SEL] [--format FMT]";
const char kDetails[] =
    "Reads IN in any supported format (xsb, sok, digits, actionscript, niveaux;\n"
    "detected unless --format says) and writes the selected levels to OUT as XSB\n"
    "or SOK, with titles, authors and notes; SOK also keeps stored solutions.\n"
    "Without --to the output format follows OUT's extension (.xsb, .txt: XSB;\n"
    ".sok: SOK); '-o -' writes to standard output (XSB unless --to says).\n"
    "OUT is replaced in one step: it is never left half-written.\n"
    "Levels that were read but are invalid are converted anyway, with a warning;\n"
    "levels that could not be read at all are reported and left out.\n\n"
    "Exit codes:\n"
    "  0  every selected level converted and valid\n"
    "  1  some level invalid (converted with a warning) or left out\n"
    "  2  bad usage, unreadable input, or OUT could not be written\n";

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The output format from --to, else from OUT's extension.
absl::StatusOr<Format> OutputFormat(const std::string& to, const std::string& out) {
  if (!to.empty()) {
    const std::string name = Lower(to);
    if (name == "xsb") return Format::kXsb;
    if (name == "sok") return Format::kSok;
    return absl::InvalidArgumentError(absl::StrCat("--to '", to, "': can write xsb or sok only"));
  }
  if (out == "-") return Format::kXsb;
  const size_t dot = out.find_last_of('.');
  const size_t slash = out.find_last_of('/');
  const std::string ext = dot == std::string::npos || (slash != std::string::npos && dot < slash)
                              ? ""
                              : Lower(out.substr(dot + 1));
  if (ext == "xsb" || ext == "txt") return Format::kXsb;
  if (ext == "sok") return Format::kSok;
  return absl::InvalidArgumentError(
      absl::StrCat("cannot tell the output format from '", out, "'; say --to xsb or --to sok"));
}

// A level counts as read when a board came out of the source, even one that
// fails validation.
bool HasBoard(const Level& level) {
  return level.width > 0 && level.height > 0 && !level.squares.empty();
}

}  // namespace

int RunConvert(const Args& args) {
  CommonOptions common;
  std::string out;
  std::string to;
  boost::program_options::options_description desc = CommandOptions(common, /*with_json=*/false);
  desc.add_options()("output,o", boost::program_options::value(&out)->value_name("OUT"),
                     "file to write ('-' for standard output); required")(
      "to,t", boost::program_options::value(&to)->value_name("xsb|sok"),
      "output format (default: from OUT's extension)");
  if (std::optional<int> done = ParseCommandLine("convert", args, kUsage, kDetails, desc, common)) {
    return *done;
  }
  auto usage_error = [](std::string_view message) {
    std::cerr << "sokoban convert: " << message << " (see 'sokoban convert --help')\n";
    return kExitUsage;
  };
  if (common.files.size() != 1) return usage_error("give exactly one input file");
  if (out.empty()) return usage_error("no output file: say -o OUT");
  absl::StatusOr<Format> format = OutputFormat(to, out);
  if (!format.ok()) return usage_error(std::string(format.status().message()));

  LevelBatch batch = LoadLevels(common, std::cerr);
  if (batch.collections.empty()) return kExitUsage;
  const Collection& in = batch.collections.front();
  Collection result;
  result.source = out;
  result.format = *format;
  result.name = in.name;
  result.notes = in.notes;
  bool all_good = true;
  for (const LevelItem& item : batch.items) {
    const LevelEntry& e = *item.entry;
    if (!HasBoard(e.level)) {
      PrintLevelError(std::cerr, item, ErrorLine(e),
                      absl::StrCat("left out: ", ErrorReason(e.status)));
      all_good = false;
      continue;
    }
    if (!e.status.ok()) {
      PrintLevelError(std::cerr, item, ErrorLine(e),
                      absl::StrCat("converted anyway: ", ErrorReason(e.status)));
      all_good = false;
    }
    result.levels.push_back(e);
  }
  if (result.levels.empty()) {
    PrintError(std::cerr, absl::StrCat(in.source, ": no level to write; ", out, " not written"));
    return batch.input_error ? kExitUsage : kExitFailed;
  }
  const std::string text = *format == Format::kSok ? WriteSok(result) : WriteXsb(result);
  if (out == "-") {
    std::cout << text << std::flush;
  } else if (absl::Status s = WriteFileAtomically(out, text); !s.ok()) {
    PrintFileError(std::cerr, out, s);
    return kExitUsage;
  }
  if (batch.input_error) return kExitUsage;
  return all_good ? kExitOk : kExitFailed;
}

}  // namespace sokoban::tools
