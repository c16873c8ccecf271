// One reader for XSB and SOK: XSB is the subset of SOK without run-length
// rows, '|' separators and solution sections, plus ';' comment lines.
//
// Rules this reader applies (see level_io.h for the formats):
// - A board starts at a line made only of board characters (# @ + $ * . space
//   - _ p P b B, and for run-length rows digits ( ) |) that holds a '#', or at
//   a "board-like" line (starts with a board character, holds a '#', at least
//   two thirds board characters) whose stray characters are then reported.
//   It runs while lines stay board or board-like; a row without '#' (such as
//   "-" for an empty interior row) only continues a board. A line of spaces
//   is blank, and a line without any square character (such as "1") is text.
// - A ';' line is a comment whose text is read like any other text line.
//   "::" lines are ignored.
// - Title: the last non-blank text line before a board, if the line before it
//   is blank (or it is a ';' line directly above the board, or the first line
//   of the file directly above the board). A later "Title:" line wins.
// - Text between two boards belongs to the earlier level, except the later
//   level's title; text before the first board is the file's notes
//   ("Collection: Name" names the collection).
// - A text line followed by a move line (only l u r d L U R D, counts,
//   parentheses, spaces) starts a solution: that line is its title, the move
//   lines that follow are its moves, and text up to the next blank line is
//   its notes.
#include <cctype>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "common/format_readers.h"
#include "common/moves.h"
#include "common/rle.h"

namespace sokoban {
namespace {

enum class Kind { kBlank, kIgnored, kBoard, kBoardLike, kMoves, kText, kTooLong };

bool IsSquareLetter(char c) {
  switch (c) {
    case '#':
    case '@':
    case '+':
    case '$':
    case '*':
    case '.':
    case '-':
    case '_':
    case 'p':
    case 'P':
    case 'b':
    case 'B':
      return true;
    default:
      return false;
  }
}

bool IsRleChar(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) || c == '(' || c == ')' || c == '|';
}

bool IsMoveLetter(char c) {
  switch (c) {
    case 'l':
    case 'u':
    case 'r':
    case 'd':
    case 'L':
    case 'U':
    case 'R':
    case 'D':
      return true;
    default:
      return false;
  }
}

struct Classified {
  Kind kind = Kind::kText;
  bool has_wall = false;
};

Classified Classify(const TextLine& line) {
  if (line.too_long) {
    // A row too long to read still starts (or continues) a board, so that
    // its error goes to that board's level and not to the level before.
    TextLine head;
    head.text = line.head;
    const Classified k = Classify(head);
    if (k.kind == Kind::kBoardLike || (k.kind == Kind::kBoard && k.has_wall)) {
      return {Kind::kBoardLike, true};
    }
    return {Kind::kTooLong, false};
  }
  const std::string_view t = line.text;
  const size_t first = t.find_first_not_of(' ');
  if (first == std::string_view::npos) return {Kind::kBlank, false};
  if (t.substr(0, 2) == "::") return {Kind::kIgnored, false};
  bool board = true, square = false, wall = false;
  bool moves = true, move_letter = false;
  size_t good = 0, nonspace = 0;
  for (char c : t) {
    if (c == ' ') continue;
    ++nonspace;
    if (IsSquareLetter(c)) {
      square = true;
      wall |= c == '#';
      ++good;
    } else if (IsRleChar(c)) {
      ++good;
    } else {
      board = false;
    }
    if (IsMoveLetter(c)) {
      move_letter = true;
    } else if (!std::isdigit(static_cast<unsigned char>(c)) && c != '(' && c != ')') {
      moves = false;
    }
  }
  if (board && square) return {Kind::kBoard, wall};
  if (moves && move_letter) return {Kind::kMoves, false};
  const char lead = t[first];
  if (wall && IsSquareLetter(lead) && lead != 'p' && lead != 'P' && lead != 'b' && lead != 'B' &&
      good * 3 >= nonspace * 2) {
    return {Kind::kBoardLike, true};
  }
  return {Kind::kText, false};
}

char CanonicalSquare(char c) {
  switch (c) {
    case '-':
    case '_':
      return ' ';
    case 'p':
      return '@';
    case 'P':
      return '+';
    case 'b':
      return '$';
    case 'B':
      return '*';
    default:
      return c;
  }
}

// The metadata keys this reader acts on; any other "Key: value" line is kept
// as a note as it stands.
enum class Key { kNone, kTitle, kAuthor, kComment, kCommentEnd, kCollection };

Key ParseKey(std::string_view text, std::string_view* value) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 20) return Key::kNone;
  const std::string name =
      absl::AsciiStrToLower(absl::StripAsciiWhitespace(absl::string_view(text.data(), colon)));
  Key key = Key::kNone;
  if (name == "title") key = Key::kTitle;
  if (name == "author") key = Key::kAuthor;
  if (name == "comment") key = Key::kComment;
  if (name == "comment-end" || name == "comment_end" || name == "commentend") {
    key = Key::kCommentEnd;
  }
  if (name == "collection") key = Key::kCollection;
  if (key != Key::kNone) {
    absl::string_view v = absl::StripAsciiWhitespace(
        absl::string_view(text.data() + colon + 1, text.size() - colon - 1));
    *value = std::string_view(v.data(), v.size());
  }
  return key;
}

// Strips a leading ';' comment marker and one space after it.
std::string_view CommentText(std::string_view text, bool* semicolon) {
  const size_t first = text.find_first_not_of(' ');
  *semicolon = first != std::string_view::npos && text[first] == ';';
  if (!*semicolon) return text;
  text.remove_prefix(first + 1);
  if (!text.empty() && text[0] == ' ') text.remove_prefix(1);
  return text;
}

std::string Trimmed(std::string_view text) {
  absl::string_view t = absl::StripAsciiWhitespace(absl::string_view(text.data(), text.size()));
  return std::string(t);
}

// "Solution", "Solution/Moves", "Best Solution (...)": a line that, last in
// a file, means the move string after it was cut off.
bool LooksLikeSolutionTitle(std::string_view text) {
  std::string lower = absl::AsciiStrToLower(Trimmed(text));
  if (lower.rfind("best ", 0) == 0) lower.erase(0, 5);
  if (lower.rfind("solution", 0) != 0) return false;
  return lower.size() == 8 || lower[8] == '/' || lower[8] == '(' || lower.substr(8, 2) == " (";
}

class XsbSokReader {
 public:
  explicit XsbSokReader(std::string_view text)
      : lines_(SplitLines(text)),
        ends_in_break_(!text.empty() && (text.back() == '\n' || text.back() == '\r')),
        solution_budget_(kMaxRleOutput + 4 * text.size()) {
    kinds_.reserve(lines_.size());
    for (const TextLine& line : lines_) kinds_.push_back(Classify(line));
  }

  Collection Run() {
    size_t i = 0;
    while (i < lines_.size()) {
      const Kind kind = kinds_[i].kind;
      if (comment_open_) {
        CommentLine(i);
        ++i;
      } else if (kind == Kind::kIgnored) {
        ++i;
      } else if (kind == Kind::kBlank) {
        in_solution_notes_ = false;
        ++i;
      } else if (kind == Kind::kTooLong) {
        if (current_ >= 0) SetError(current_, lines_[i].number, TooLongMessage());
        ++i;
      } else if (kind == Kind::kBoardLike || (kind == Kind::kBoard && kinds_[i].has_wall)) {
        i = Board(i);
      } else {
        i = Text(i);
      }
    }
    if (comment_open_ && current_ >= 0) {
      SetError(current_, comment_line_, "Comment: block is not closed by Comment-End:");
    }
    return std::move(collection_);
  }

 private:
  static std::string TooLongMessage() {
    return absl::StrCat("line is longer than ", kMaxLineLength, " characters");
  }

  Level& Current() { return collection_.levels[current_].level; }

  void SetError(int level, int line, std::string_view message) {
    absl::Status& status = collection_.levels[level].status;
    if (status.ok()) status = LineError(line, message);
  }

  std::vector<std::string>& NotesOf(int target) {
    return target < 0 ? collection_.notes : collection_.levels[target].level.notes;
  }

  // Index of the closest line before i that is not ignored, or -1.
  int Previous(int i) const {
    --i;
    while (i >= 0 && kinds_[i].kind == Kind::kIgnored) --i;
    return i;
  }

  size_t Next(size_t i) const {
    ++i;
    while (i < lines_.size() && kinds_[i].kind == Kind::kIgnored) ++i;
    return i;
  }

  // Applies the title rule for the board starting at line index start and
  // takes the title back from the notes it was filed under.
  std::string TakeTitle(int start) {
    const int above = Previous(start);
    int j = above;
    while (j >= board_end_ && j >= 0 && kinds_[j].kind == Kind::kBlank) j = Previous(j);
    if (j < board_end_ || j < 0 || last_note_line_ != j) return "";
    bool semicolon = false;
    CommentText(lines_[j].text, &semicolon);
    const int before = Previous(j);
    const bool directly_above = j == above;
    std::vector<std::string>& notes = *last_note_list_;
    std::string title = Trimmed(notes.back());
    // A `Title: NAME` line directly above a board names that board: NAME is
    // the title (Text() files it as a note only where it cannot name the
    // level above).
    std::string_view value;
    const bool title_key = ParseKey(title, &value) == Key::kTitle;
    const bool eligible = (before >= 0 && kinds_[before].kind == Kind::kBlank) ||
                          (directly_above && (semicolon || before < 0 || title_key));
    if (!eligible) return "";
    notes.pop_back();
    if (title_key) title = Trimmed(value);
    last_note_line_ = -1;
    return title;
  }

  size_t Board(size_t start) {
    std::string title = TakeTitle(static_cast<int>(start));
    in_solution_notes_ = false;
    size_t end = start;
    while (end < lines_.size() &&
           (kinds_[end].kind == Kind::kBoard || kinds_[end].kind == Kind::kBoardLike ||
            kinds_[end].kind == Kind::kTooLong)) {
      ++end;
    }
    std::vector<std::string> rows;
    absl::Status error;
    int error_line = 0;
    auto fail = [&](int line, std::string message) {
      if (!error.ok()) return;
      error = absl::InvalidArgumentError(message);
      error_line = line;
    };
    for (size_t i = start; i < end; ++i) {
      const TextLine& line = lines_[i];
      if (line.too_long) {
        fail(line.number, TooLongMessage());
        continue;
      }
      std::string_view text = line.text;
      if (kinds_[i].kind == Kind::kBoardLike) {
        for (size_t x = 0; x < text.size(); ++x) {
          if (text[x] != ' ' && !IsSquareLetter(text[x]) && !IsRleChar(text[x])) {
            fail(line.number, absl::StrCat("unknown character '", std::string(1, text[x]),
                                           "' at column ", x + 1, " of a board row"));
            break;
          }
        }
        continue;
      }
      std::string expanded;
      if (HasRle(text) || text.find('|') != std::string_view::npos) {
        // Rows are at most kMaxBoardSide wide, so a generous cap keeps a
        // hostile count from allocating much.
        absl::StatusOr<std::string> e = ExpandRle(text, size_t{1} << 17);
        if (!e.ok()) {
          fail(line.number, absl::StrCat("run-length row: ", std::string(e.status().message())));
          continue;
        }
        expanded = std::move(*e);
      } else {
        expanded.assign(text);
      }
      size_t pos = 0;
      while (true) {
        const size_t bar = expanded.find('|', pos);
        std::string row = expanded.substr(pos, bar == std::string::npos ? bar : bar - pos);
        for (char& c : row) c = CanonicalSquare(c);
        rows.push_back(std::move(row));
        if (bar == std::string::npos) break;
        pos = bar + 1;
      }
    }
    const int index = static_cast<int>(collection_.levels.size()) + 1;
    collection_.levels.push_back(
        MakeLevelEntry(index, rows, lines_[start].number, std::move(error), error_line));
    current_ = index - 1;
    Current().title = std::move(title);
    absl::Status& status = collection_.levels.back().status;
    if (end == lines_.size() && !ends_in_break_ && error_line == 0 && !status.ok()) {
      // A bad board that ends the text in the middle of a line was most
      // likely cut off; say so.
      status = absl::InvalidArgumentError(
          absl::StrCat(std::string(status.message()), " (board at end of file: cut off?)"));
    }
    board_end_ = static_cast<int>(end);
    last_note_line_ = -1;
    return end;
  }

  void AddNote(std::vector<std::string>& notes, std::string_view text, size_t i) {
    notes.emplace_back(text);
    last_note_list_ = &notes;
    last_note_line_ = static_cast<int>(i);
  }

  size_t Text(size_t i) {
    bool semicolon = false;
    const std::string_view text = CommentText(lines_[i].text, &semicolon);
    std::string_view value;
    const Key key = ParseKey(text, &value);
    if (key == Key::kComment && value.empty()) {
      comment_open_ = true;
      comment_semicolon_ = semicolon;
      comment_line_ = lines_[i].number;
      comment_target_ = current_;
      return i + 1;
    }
    if (current_ < 0) {
      if (key == Key::kCollection) {
        collection_.name = std::string(value);
      } else if (key == Key::kComment) {
        AddNote(collection_.notes, value, i);
      } else if (key != Key::kCommentEnd) {
        AddNote(collection_.notes, text, i);
      }
      return i + 1;
    }
    switch (key) {
      case Key::kTitle: {
        // Directly above a board, `Title: NAME` names that board (the title
        // rule takes it back from the notes), unless it follows the rows of
        // the board above at once (SOK's title under its board); anywhere
        // else it is the current level's title note.
        const size_t next = Next(i);
        const int before = Previous(static_cast<int>(i));
        if (next < lines_.size() && kinds_[next].kind == Kind::kBoard && before >= 0 &&
            before >= board_end_) {
          AddNote(Current().notes, text, i);
        } else {
          Current().title = std::string(value);
        }
        return i + 1;
      }
      case Key::kAuthor:
        Current().author = std::string(value);
        return i + 1;
      case Key::kComment:
        AddNote(Current().notes, value, i);
        return i + 1;
      case Key::kCommentEnd:
        return i + 1;
      default:
        break;
    }
    const size_t next = Next(i);
    if (next < lines_.size() && kinds_[next].kind == Kind::kMoves) return Solution(i, next);
    if (in_solution_notes_) {
      AddNote(Current().solutions.back().notes, text, i);
      return i + 1;
    }
    size_t rest = next;
    while (rest < lines_.size() && kinds_[rest].kind == Kind::kBlank) rest = Next(rest);
    if (rest >= lines_.size() && LooksLikeSolutionTitle(text)) {
      SetError(current_, lines_[i].number,
               absl::StrCat("solution '", Trimmed(text), "' has no move string (file cut off?)"));
    }
    AddNote(Current().notes, text, i);
    return i + 1;
  }

  size_t Solution(size_t title_line, size_t first) {
    std::string moves_text;
    size_t end = first;
    while (end < lines_.size() &&
           (kinds_[end].kind == Kind::kMoves || kinds_[end].kind == Kind::kIgnored)) {
      if (kinds_[end].kind == Kind::kMoves) moves_text.append(lines_[end].text);
      ++end;
    }
    bool semicolon = false;
    const std::string title = Trimmed(CommentText(lines_[title_line].text, &semicolon));
    absl::StatusOr<std::string> moves = ParseMoves(moves_text, solution_budget_);
    if (!moves.ok()) {
      SetError(current_, lines_[first].number,
               absl::StrCat("solution '", title, "': ", std::string(moves.status().message())));
      in_solution_notes_ = false;
      return end;
    }
    solution_budget_ -= moves->size();
    Current().solutions.push_back({title, std::move(*moves), {}});
    in_solution_notes_ = true;
    last_note_line_ = -1;
    return end;
  }

  void CommentLine(size_t i) {
    std::string_view text = lines_[i].text;
    if (comment_semicolon_) {
      bool semicolon = false;
      text = CommentText(text, &semicolon);
    }
    std::string_view value;
    if (ParseKey(text, &value) == Key::kCommentEnd) {
      comment_open_ = false;
      return;
    }
    if (lines_[i].too_long) {
      if (comment_target_ >= 0) SetError(comment_target_, lines_[i].number, TooLongMessage());
      return;
    }
    NotesOf(comment_target_).emplace_back(text);
  }

  std::vector<TextLine> lines_;
  bool ends_in_break_;
  // Moves all the file's solutions may expand to together, 64 Mi plus 4 a
  // byte of text (more than run-length encoding saves on real solutions):
  // counts such as "60000000r" on many lines would otherwise turn a few
  // kilobytes into gigabytes.
  size_t solution_budget_;
  std::vector<Classified> kinds_;
  Collection collection_;
  int current_ = -1;    // index of the level being read, -1 before the first board
  int board_end_ = -1;  // line index after the last board
  bool in_solution_notes_ = false;
  // The list and line of the last plain text note, which the title rule may
  // take back.
  std::vector<std::string>* last_note_list_ = nullptr;
  int last_note_line_ = -1;
  bool comment_open_ = false;
  bool comment_semicolon_ = false;
  int comment_line_ = 0;
  int comment_target_ = -1;
};

}  // namespace

Collection ReadXsbSok(std::string_view text) { return XsbSokReader(text).Run(); }

bool IsPlainNoteLine(std::string_view line, bool solution_title) {
  TextLine text_line;
  text_line.text = line;
  if (line.size() > kMaxLineLength || Classify(text_line).kind != Kind::kText) return false;
  if (!line.empty() && (line.back() == ' ' || line.back() == '\t')) return false;
  bool semicolon = false;
  const std::string_view text = CommentText(line, &semicolon);
  std::string_view value;
  return ParseKey(text, &value) == Key::kNone && (solution_title || !LooksLikeSolutionTitle(text));
}

}  // namespace sokoban
