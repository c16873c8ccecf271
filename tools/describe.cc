#include "tools/describe.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/level_io.h"
#include "generator/generate.h"
#include "generator/layout.h"
#include "solver/core/metric.h"
#include "solver/solver.h"
#include "tools/bench_levels.h"
#include "tools/build_info.h"
#include "tools/cli_common.h"
#include "tools/svg_writer.h"

namespace sokoban::tools {
namespace {

namespace gen = sokoban::generator;

template <typename Range>
std::vector<std::string> Names(const Range& names) {
  std::vector<std::string> out;
  for (const auto& n : names) out.emplace_back(n);
  return out;
}

std::vector<std::string> MetricNames() {
  return {std::string(MetricName(Metric::kMoves)), std::string(MetricName(Metric::kPushes))};
}

// The command's help, recorded instead of running it.
CommandHelp HelpOf(const CommandEntry& c) {
  CommandHelp help;
  RecordHelpInto(&help);
  c.run({});
  RecordHelpInto(nullptr);
  return help;
}

// Options whose value is a file or folder name, for the completion.
bool TakesFile(std::string_view option) {
  return option == "output" || option == "journal" || option == "from" || option == "results" ||
         option == "best-positions";
}

// --- roff ---------------------------------------------------------------

// Escapes text for roff: backslashes, minus signs (so that options copy as
// ASCII), a leading dot or quote, and anything outside ASCII as \[uXXXX].
std::string Roff(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if ((c == '.' || c == '\'') && (out.empty() || out.back() == '\n')) {
      out += "\\&";
      out += static_cast<char>(c);
    } else if (c >= 0x80) {
      // One UTF-8 sequence; a stray byte becomes U+FFFD.
      int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
      uint32_t code = extra == 3 ? c & 0x07 : extra == 2 ? c & 0x0F : c & 0x1F;
      bool ok = extra > 0 && i + extra < text.size();
      for (int k = 1; ok && k <= extra; ++k) {
        const unsigned char d = static_cast<unsigned char>(text[i + k]);
        if ((d & 0xC0) != 0x80) ok = false;
        code = (code << 6) | (d & 0x3F);
      }
      if (!ok) {
        code = 0xFFFD;
        extra = 0;
      }
      char buf[16];
      std::snprintf(buf, sizeof buf, "\\[u%04X]", code);
      out += buf;
      i += extra;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// The pieces of s between the separators (empty pieces kept).
std::vector<std::string_view> Split(std::string_view s, std::string_view separator) {
  std::vector<std::string_view> pieces;
  while (true) {
    const size_t at = s.find(separator);
    pieces.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return pieces;
    s.remove_prefix(at + separator.size());
  }
}

std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

size_t Indent(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// The lines "  0  text" (and their indented continuations) as a tagged list.
std::string ExitCodes(const std::vector<std::string_view>& lines) {
  std::string out;
  for (std::string_view line : lines) {
    const std::string_view body = line.substr(Indent(line));
    const size_t gap = body.find("  ");
    if (Indent(line) <= 2 && gap != std::string_view::npos && gap <= 3) {
      out += absl::StrCat(".TP\n.B ", Roff(body.substr(0, gap)), "\n",
                          Roff(body.substr(body.find_first_not_of(' ', gap))), "\n");
    } else {
      out += absl::StrCat(Roff(body), "\n");
    }
  }
  return out;
}

// The text a command's --help prints after its options, as the man page's
// DESCRIPTION and EXIT STATUS: paragraphs filled, indented blocks kept as
// they are, "Exit codes:" as EXIT STATUS, other "Heading:" paragraphs as
// subsections.
struct DetailSections {
  std::string description, exit_status;
};
DetailSections Details(std::string_view details) {
  std::string description, exit_status;
  for (std::string_view paragraph : Split(details, "\n\n")) {
    std::vector<std::string_view> lines = Split(TrimRight(paragraph), "\n");
    while (!lines.empty() && lines.front().empty()) lines.erase(lines.begin());
    if (lines.empty()) continue;
    const std::string_view first = lines.front();
    const bool heading = Indent(first) == 0 && first.size() < 40 && first.back() == ':';
    if (heading && first == "Exit codes:") {
      exit_status += ExitCodes({lines.begin() + 1, lines.end()});
      continue;
    }
    if (heading) {
      description += absl::StrCat(".SS ", Roff(first.substr(0, first.size() - 1)), "\n");
      lines.erase(lines.begin());
      if (lines.empty()) continue;
    }
    const bool block =
        std::any_of(lines.begin(), lines.end(), [](std::string_view l) { return Indent(l) >= 2; });
    if (block) {
      description += ".PP\n.nf\n";
      for (std::string_view l : lines) description += absl::StrCat(Roff(l), "\n");
      description += ".fi\n";
    } else {
      description += ".PP\n";
      for (std::string_view l : lines) description += absl::StrCat(Roff(l), "\n");
    }
  }
  return {description, exit_status};
}

std::string Header(std::string_view name, std::string_view summary) {
  std::string upper(name);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return absl::StrCat(".\\\" Written by 'sokoban --man-page' from the tool's own help.\n", ".TH ",
                      Roff(upper), " 1 \"\" \"sokoban ", kVersion, "\" \"User Commands\"\n",
                      ".nh\n.SH NAME\n", Roff(name), " \\- ", Roff(summary), "\n");
}

std::string CommandPage(const CommandEntry& c) {
  const CommandHelp help = HelpOf(c);
  std::string out = Header(absl::StrCat("sokoban-", c.name), c.summary);
  out += ".SH SYNOPSIS\n.nf\n";
  for (std::string_view line : Split(help.usage, "\n")) {
    out += absl::StrCat(Roff(line), "\n");
  }
  out += ".fi\n";
  const DetailSections details = Details(help.details);
  if (!details.description.empty()) out += ".SH DESCRIPTION\n" + details.description;
  out += ".SH OPTIONS\n";
  for (const OptionInfo& o : help.options) {
    out += ".TP\n";
    if (o.short_name != 0) out += absl::StrCat("\\fB\\-", std::string(1, o.short_name), "\\fR, ");
    out += absl::StrCat("\\fB\\-\\-", Roff(o.long_name), "\\fR");
    if (!o.parameter.empty()) {
      // An optional value is shown as "[=M(=moves)]" already.
      out += absl::StrCat(o.optional_value ? "" : " ", "\\fI", Roff(o.parameter), "\\fR");
    }
    out += absl::StrCat("\n", Roff(o.description), "\n");
  }
  if (!details.exit_status.empty()) out += ".SH \"EXIT STATUS\"\n" + details.exit_status;
  out += absl::StrCat(".SH \"SEE ALSO\"\n.BR sokoban (1)\n");
  return out;
}

std::string ToolPage(std::span<const CommandEntry> commands) {
  std::string out =
      Header("sokoban", "solve, verify, convert and generate Sokoban levels in batch");
  out +=
      ".SH SYNOPSIS\n.B sokoban\n.I COMMAND\n[\\fIOPTIONS\\fR] [\\fIFILE\\fR...]\n.br\n"
      ".B sokoban help\n.I COMMAND\n.br\n.B sokoban \\-\\-version\n"
      ".SH DESCRIPTION\n"
      "Reads the Sokoban level files people have (XSB, SOK and older formats), solves\n"
      "their levels or proves them unsolvable, checks every level, replays and measures\n"
      "solutions, converts between formats, and generates fresh, verified puzzle packs.\n"
      "Bad input never stops a batch: each problem is reported with its file, line,\n"
      "level and title, and the tool goes on with the next level.\n"
      ".PP\n"
      "Every command takes one or more level files (\\fB\\-\\fR reads standard input);\n"
      "\\fBsokoban\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR describes its options.\n"
      ".SH COMMANDS\n";
  for (const CommandEntry& c : commands) {
    out += absl::StrCat(".TP\n.B ", Roff(c.name), "\n", Roff(c.summary), "; see\n.BR sokoban\\-",
                        Roff(c.name), " (1).\n");
  }
  out +=
      ".TP\n.B help\n\\fBsokoban help\\fR \\fICOMMAND\\fR is \\fBsokoban\\fR \\fICOMMAND\\fR "
      "\\fB\\-\\-help\\fR.\n"
      ".SH OPTIONS\n.TP\n.BR \\-h ,\\ \\-\\-help\nthe commands, and exit\n"
      ".TP\n.B \\-\\-version\nthe version, the commit it was built from and the compiler, and "
      "exit\n"
      ".SH \"EXIT STATUS\"\n"
      ".TP\n.B 0\neverything asked for succeeded\n"
      ".TP\n.B 1\nsome level invalid, unsolved or left out, or some solution wrong\n"
      ".TP\n.B 2\nbad usage, or unreadable input\n"
      ".SH FILES\n.TP\n.I share/sokoban/puzzles/\n"
      "Under the installation prefix (\\fI/usr\\fR for the Debian package): Microban,\n"
      "Microban II and XSokoban, with their credits (\\fIREADME.md\\fR).\n"
      ".SH \"SEE ALSO\"\n";
  std::vector<std::string> refs;
  for (const CommandEntry& c : commands)
    refs.push_back(absl::StrCat(".BR sokoban\\-", c.name, " (1)"));
  out += absl::StrJoin(refs, ",\n") + "\n";
  return out;
}

// --- bash ---------------------------------------------------------------

// A word list for the script, single-quoted.
std::string Words(const std::vector<std::string>& words) {
  std::string joined = absl::StrJoin(words, " ");
  std::string out = "'";
  for (char c : joined) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::vector<std::string> OptionValues(std::string_view command, std::string_view option) {
  if (option == "format") return Names(FormatNames());
  if (command == "solve" || command == "optimize") {
    if (option == "mode") {
      return {std::string(SolveModeName(SolveMode::kFast)),
              std::string(SolveModeName(SolveMode::kOptimal))};
    }
    if (option == "metric" || option == "optimize") return MetricNames();
    if (option == "prune") return Names(PruneWordNames());
    if (option == "member") return Names(FastMemberNames());
    if (option == "members") return Names(MemberWordNames());
  }
  if (command == "generate") {
    if (option == "style") {
      std::vector<std::string> out;
      for (gen::LayoutStyle s : gen::kAllLayoutStyles) out.emplace_back(gen::LayoutStyleName(s));
      return out;
    }
    if (option == "difficulty") {
      std::vector<std::string> out;
      for (gen::Difficulty d : gen::kAllDifficulties) out.emplace_back(gen::DifficultyName(d));
      return out;
    }
    if (option == "engine") {
      std::vector<std::string> out;
      for (gen::PullEngine e : gen::kAllPullEngines) out.emplace_back(gen::PullEngineName(e));
      return out;
    }
  }
  if (command == "render") {
    if (option == "view") {
      std::vector<std::string> out;
      for (View v : kAllViews) out.emplace_back(ViewName(v));
      return out;
    }
    if (option == "to") return {"svg", "html"};
  }
  if (command == "convert" && option == "to") {
    return {std::string(FormatName(Format::kXsb)), std::string(FormatName(Format::kSok))};
  }
  if (command == "bench" && option == "level-set") {
    std::vector<std::string> out;
    for (const BenchSet& s : BenchSets()) out.emplace_back(s.name);
    return out;
  }
  return {};
}

std::string ManPage(std::span<const CommandEntry> commands, std::string_view command) {
  if (command.empty()) return ToolPage(commands);
  for (const CommandEntry& c : commands) {
    if (command == c.name) return CommandPage(c);
  }
  return "";
}

std::string BashCompletion(std::span<const CommandEntry> commands) {
  std::vector<std::string> names;
  for (const CommandEntry& c : commands) names.emplace_back(c.name);
  std::string out = absl::StrCat(
      "# bash completion for sokoban                              -*- shell-script -*-\n"
      "# Written by 'sokoban --bash-completion' (sokoban ",
      kVersion,
      ") from the tool's own option tables.\n\n"
      "# The values of a comma list (--prune, --members): the part after the last\n"
      "# comma, a leading '-' kept.\n"
      "_sokoban_list() {\n"
      "  local words=\"$1\" cur=\"$2\" head=\"\" last\n"
      "  [[ \"$cur\" == *,* ]] && head=\"${cur%,*},\"\n"
      "  last=\"${cur##*,}\"\n"
      "  if [[ \"$last\" == -* ]]; then head=\"$head-\"; last=\"${last#-}\"; fi\n"
      "  COMPREPLY=($(compgen -P \"$head\" -W \"$words\" -- \"$last\"))\n"
      "  compopt -o nospace 2>/dev/null\n"
      "}\n\n"
      "_sokoban() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"${COMP_WORDS[1]}\"\n"
      "  local opts=\"\" files=\"\" values=\"\" valued=\"\" eq=\"\"\n"
      "  ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"\n"
      "  # --name=value: bash splits the word at '='.\n"
      "  if [[ \"$cur\" == = ]]; then\n"
      "    cur=\"\" eq=1\n"
      "  elif [[ \"$prev\" == = ]] && ((COMP_CWORD > 1)); then\n"
      "    prev=\"${COMP_WORDS[COMP_CWORD - 2]}\" eq=1\n"
      "  fi\n"
      "  COMPREPLY=()\n"
      "  if ((COMP_CWORD == 1)); then\n"
      "    COMPREPLY=($(compgen -W ",
      Words([&] {
        std::vector<std::string> w = names;
        w.insert(w.end(), {"help", "--help", "--version"});
        return w;
      }()),
      " -- \"$cur\"))\n"
      "    return 0\n"
      "  fi\n"
      "  case \"$command\" in\n"
      "    help)\n"
      "      ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W ",
      Words(names),
      " -- \"$cur\"))\n"
      "      return 0\n"
      "      ;;\n");
  for (const CommandEntry& c : commands) {
    const CommandHelp help = HelpOf(c);
    std::vector<std::string> opts, file_opts, valued;
    std::string value_cases, list_cases;
    for (const OptionInfo& o : help.options) {
      std::vector<std::string> spellings = {absl::StrCat("--", o.long_name)};
      if (o.short_name != 0) spellings.push_back(absl::StrCat("-", std::string(1, o.short_name)));
      opts.insert(opts.end(), spellings.begin(), spellings.end());
      if (!o.takes_value && !o.optional_value) continue;
      const std::string pattern = absl::StrJoin(spellings, "|");
      if (o.takes_value) valued.insert(valued.end(), spellings.begin(), spellings.end());
      const std::vector<std::string> values = OptionValues(c.name, o.long_name);
      if (TakesFile(o.long_name)) {
        file_opts.insert(file_opts.end(), spellings.begin(), spellings.end());
      } else if (!values.empty() && (o.long_name == "prune" || o.long_name == "members")) {
        list_cases += absl::StrCat("        ", pattern, ") _sokoban_list ", Words(values),
                                   " \"$cur\"; return 0 ;;\n");
      } else if (!values.empty()) {
        // An optional value (--optimize[=M]) only after '='.
        value_cases +=
            absl::StrCat("        ", pattern, ") ", o.optional_value ? "[[ -n \"$eq\" ]] && " : "",
                         "values=", Words(values), " ;;\n");
      }
    }
    out += absl::StrCat("    ", c.name, ")\n", "      opts=", Words(opts), "\n",
                        "      valued=", Words(valued), "\n", "      files=", Words(file_opts),
                        "\n", "      case \"$prev\" in\n", list_cases, value_cases, "      esac\n",
                        "      ;;\n");
  }
  out +=
      "    *) return 0 ;;\n"
      "  esac\n"
      "  if [[ -n \"$values\" ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$values\" -- \"$cur\"))\n"
      "    return 0\n"
      "  fi\n"
      "  local w\n"
      "  for w in $valued; do\n"
      "    if [[ \"$prev\" == \"$w\" ]]; then\n"
      "      # a file option's value is a file; any other a number or a word\n"
      "      if [[ \" $files \" == *\" $w \"* ]]; then\n"
      "        compopt -o filenames 2>/dev/null\n"
      "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "      fi\n"
      "      return 0\n"
      "    fi\n"
      "  done\n"
      "  if [[ \"$cur\" == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
      "  else\n"
      "    compopt -o filenames 2>/dev/null\n"
      "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "  fi\n"
      "  return 0\n"
      "} &&\n"
      "  complete -F _sokoban sokoban\n";
  return out;
}

}  // namespace sokoban::tools
