// Format names, detection, and ReadCollection's dispatch to the readers.
#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/format_readers.h"

namespace sokoban {
namespace {

struct NamedFormat {
  Format format;
  std::string_view name;
};

constexpr NamedFormat kFormats[] = {
    {Format::kAuto, "auto"},
    {Format::kXsb, "xsb"},
    {Format::kSok, "sok"},
    {Format::kDigits, "digits"},
    {Format::kActionScript, "actionscript"},
    {Format::kNiveaux, "niveaux"},
};

bool EndsWithCaseBlind(std::string_view s, std::string_view suffix) {
  return absl::EndsWithIgnoreCase(absl::string_view(s.data(), s.size()),
                                  absl::string_view(suffix.data(), suffix.size()));
}

bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return !s.empty();
}

// Binary data: NUL bytes, or more than one byte in ten a control character
// other than tab, line breaks and form feed. Bytes >= 0x80 count as text
// (UTF-8, Latin-1 titles).
bool LooksBinary(std::string_view text) {
  size_t control = 0;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == 0) return true;
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') ++control;
  }
  return control * 10 > text.size();
}

}  // namespace

std::string_view FormatName(Format f) {
  for (const NamedFormat& n : kFormats) {
    if (n.format == f) return n.name;
  }
  return "unknown";
}

std::vector<std::string_view> FormatNames() {
  std::vector<std::string_view> names;
  for (const NamedFormat& n : kFormats) names.push_back(n.name);
  return names;
}

absl::StatusOr<Format> ParseFormatName(std::string_view name) {
  const std::string lower = absl::AsciiStrToLower(absl::string_view(name.data(), name.size()));
  for (const NamedFormat& n : kFormats) {
    if (lower == n.name) return n.format;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown format '", std::string(name),
                   "' (expected auto, xsb, sok, digits, actionscript or niveaux)"));
}

Format DetectFormat(std::string_view text, std::string_view file_name) {
  // The seed formats have unmistakable content; a digit grid may be named
  // .sok, so content is looked at before the file name.
  if (text.find("poussoir") != std::string_view::npos ||
      text.find("boules") != std::string_view::npos) {
    return Format::kActionScript;
  }
  bool any = false, all_digits = true, some_144 = false, end_tag = false, sok = false;
  for (const TextLine& line : SplitLines(text)) {
    const std::string_view t = line.text;
    if (line.too_long) {
      all_digits = false;
      continue;
    }
    if (t.find_first_not_of(' ') == std::string_view::npos) continue;
    if (t == "</end>") {
      end_tag = true;
      continue;
    }
    any = true;
    if (AllDigits(t)) {
      some_144 |= t.size() == 144;
    } else {
      all_digits = false;
    }
    // SOK only: "::" remarks, a Collection: header, run-length board rows.
    if (t.substr(0, 2) == "::" ||
        absl::StartsWithIgnoreCase(absl::string_view(t.data(), t.size()), "collection:") ||
        (std::isdigit(static_cast<unsigned char>(t[0])) && t.find('#') != std::string_view::npos)) {
      sok = true;
    }
  }
  // A digit grid 144 squares wide is not a real board: such lines are
  // niveaux.lvl levels (a short one among them is a broken level).
  if (any && all_digits && !end_tag && (some_144 || EndsWithCaseBlind(file_name, ".lvl"))) {
    return Format::kNiveaux;
  }
  if (end_tag || (any && all_digits)) return Format::kDigits;
  if (sok || EndsWithCaseBlind(file_name, ".sok")) return Format::kSok;
  return Format::kXsb;
}

absl::StatusOr<Collection> ReadCollection(std::string_view text, Format format,
                                          std::string_view source) {
  const std::string name = source.empty() ? std::string("input") : std::string(source);
  if (LooksBinary(text)) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": not level text (binary data)"));
  }
  if (format == Format::kAuto) format = DetectFormat(text, source);
  Collection collection;
  switch (format) {
    case Format::kDigits:
      collection = ReadDigits(text);
      break;
    case Format::kActionScript:
      collection = ReadActionScript(text);
      break;
    case Format::kNiveaux:
      collection = ReadNiveaux(text);
      break;
    default:
      collection = ReadXsbSok(text);
      break;
  }
  if (collection.levels.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": no level found (read as ", std::string(FormatName(format)), ")"));
  }
  collection.source = std::string(source);
  collection.format = format;
  return collection;
}

}  // namespace sokoban
