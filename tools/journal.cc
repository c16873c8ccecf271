#include "tools/journal.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "common/status.h"

namespace sokoban::tools {
namespace {

constexpr int kJournalVersion = 1;

absl::Status ErrnoError(const std::string& path, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat(path, ": ", std::string(what), ": ", std::strerror(errno)));
}

std::string Dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Test hook, inert unless SOKOBAN_TEST_JOURNAL_PAUSE_AT holds a positive
// number N: the N-th record this process appends is then written in two
// halves with a minute's pause between them, so that a test can kill the
// process in the middle of a journal write (tests/journal_cli_test.cc).
bool PauseInThisRecord(int record) {
  const char* at = std::getenv("SOKOBAN_TEST_JOURNAL_PAUSE_AT");
  return at != nullptr && std::strtol(at, nullptr, 10) == record;
}

absl::StatusOr<std::string> ReadText(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  }
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read"));
  // Read in one piece, into a string of the file's size.
  std::string text(static_cast<size_t>(std::max<std::streamoff>(in.tellg(), 0)), '\0');
  in.seekg(0);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return absl::InvalidArgumentError(absl::StrCat(path, ": cannot read"));
  text.resize(static_cast<size_t>(in.gcount()));  // the file may have shrunk meanwhile
  return text;
}

bool IsHeader(const nlohmann::json& j) {
  return j.is_object() && j.contains("journal") && j.contains("options");
}

// Splits text into lines: a last line without '\n' is cut short (a kill
// during its write) and dropped; a line that is not a JSON object is
// dropped too. with_header: the first complete line is the header.
JournalContents Parse(const std::string& path, const std::string& text, bool with_header) {
  JournalContents c;
  size_t pos = 0;
  int line_no = 0;
  while (pos < text.size()) {
    ++line_no;
    const size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) {
      c.warnings.push_back(absl::StrCat(path, ":", line_no,
                                        ": last line cut short (the run was killed while "
                                        "writing it): dropped, that item is done again"));
      break;
    }
    const std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    c.valid_bytes = pos;
    if (line.empty()) continue;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) {
      c.warnings.push_back(absl::StrCat(path, ":", line_no,
                                        ": not a JSON object: dropped, that item is done again"));
      continue;
    }
    if (with_header && line_no == 1) {
      c.header = std::move(j);
      continue;
    }
    c.records.push_back(std::move(j));
  }
  if (with_header && c.header.is_null()) c.valid_bytes = 0;
  return c;
}

// Why text cannot be a part for `sokoban merge`, judged by its first line;
// empty when it can be. A first line cut short (a shard killed while
// writing it) only needs to start as a JSON object.
std::string NotAPart(const std::string& text) {
  if (text.empty()) return "";
  const size_t nl = text.find('\n');
  if (nl == std::string::npos) {
    return text.front() == '{' ? "" : "its first line is not JSON";
  }
  const nlohmann::json first =
      nlohmann::json::parse(text.substr(0, nl), nullptr, /*allow_exceptions=*/false);
  if (first.is_discarded()) return "its first line is not JSON";
  if (!first.is_object()) return "its first line is not a JSON object";
  if (IsHeader(first)) return "";
  if (first.contains("summary")) return "";
  if (first.contains("file") && first.contains("index")) return "";
  return "its first line is neither a journal header nor a level's result";
}

}  // namespace

absl::StatusOr<JournalContents> ReadJournal(const std::string& path) {
  absl::StatusOr<std::string> text = ReadText(path);
  if (!text.ok()) return text.status();
  return Parse(path, *text, /*with_header=*/true);
}

absl::StatusOr<JournalContents> ReadPart(const std::string& path) {
  absl::StatusOr<std::string> text = ReadText(path);
  if (!text.ok()) return text.status();
  if (std::string why = NotAPart(*text); !why.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(path, ": not a journal or '--json' output of a shard: ", why));
  }
  JournalContents c = Parse(path, *text, /*with_header=*/true);
  if (!c.header.is_null() && !IsHeader(c.header)) {
    // --json output: the first line is a record like the rest.
    c.records.insert(c.records.begin(), std::move(c.header));
    c.header = nullptr;
  }
  return c;
}

std::string OptionsDifference(const nlohmann::json& journal, const nlohmann::json& run) {
  auto show = [](const nlohmann::json& j) { return j.is_null() ? std::string("unset") : Dump(j); };
  for (const auto& [key, value] : run.items()) {
    const nlohmann::json old = journal.contains(key) ? journal[key] : nlohmann::json(nullptr);
    if (old != value)
      return absl::StrCat(key, ": ", show(old), " in the journal, ", show(value), " now");
  }
  for (const auto& [key, value] : journal.items()) {
    if (!run.contains(key))
      return absl::StrCat(key, ": ", show(value), " in the journal, unset now");
  }
  return "";
}

JournalWriter::~JournalWriter() {
  if (fd_ >= 0) {
    (void)Sync();
    ::close(fd_);
  }
}

absl::Status JournalWriter::Sync() {
  if (fd_ < 0 || !unsynced_) return absl::OkStatus();
  if (::fsync(fd_) != 0) return ErrnoError(path_, "cannot sync the journal");
  unsynced_ = false;
  synced_at_ = std::chrono::steady_clock::now();
  return absl::OkStatus();
}

absl::Status JournalWriter::Lock(const std::string& path) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  synced_at_ = std::chrono::steady_clock::now();
  if (fd_ < 0) return ErrnoError(path, "cannot open the journal");
  // One writer at a time: a run left behind by a scheduler that lost track
  // of it must not append to the journal its resubmission is using.
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    fd_ = -1;
    return absl::FailedPreconditionError(absl::StrCat(
        path, ": the journal is in use by another running process; wait for it or stop it"));
  }
  return absl::OkStatus();
}

absl::Status JournalWriter::Start(size_t keep_bytes, const nlohmann::json& header) {
  const std::string& path = path_;
  if (::ftruncate(fd_, static_cast<off_t>(keep_bytes)) != 0 || ::lseek(fd_, 0, SEEK_END) < 0) {
    return ErrnoError(path, "cannot write the journal");
  }
  if (keep_bytes == 0) SOKOBAN_RETURN_IF_ERROR(WriteLine(header));
  unsynced_ = true;  // the header, or the cut
  SOKOBAN_RETURN_IF_ERROR(Sync());
  // The folder entry too, so that a new journal survives a power cut.
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return absl::OkStatus();
}

absl::Status JournalWriter::WriteLine(const nlohmann::json& j, bool pause) {
  const std::string line = Dump(j) + "\n";
  size_t done = 0;
  while (done < line.size()) {
    if (pause && done >= line.size() / 2) {
      ::fsync(fd_);
      for (unsigned left = 60; left > 0;) left = ::sleep(left);  // through signals
      pause = false;
    }
    const size_t chunk = pause ? line.size() / 2 - done : line.size() - done;
    const ssize_t n = ::write(fd_, line.data() + done, chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(path_, "cannot write the journal");
    }
    done += static_cast<size_t>(n);
  }
  unsynced_ = true;
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - synced_at_).count() <
      kJournalSyncSeconds) {
    return absl::OkStatus();
  }
  return Sync();
}

absl::Status JournalWriter::Append(const nlohmann::json& record) {
  if (fd_ < 0) return absl::FailedPreconditionError(absl::StrCat(path_, ": journal not open"));
  return WriteLine(record, PauseInThisRecord(++appended_));
}

absl::StatusOr<JournalContents> OpenJournal(const std::string& path, const std::string& kind,
                                            const nlohmann::json& options, JournalWriter& writer,
                                            std::ostream& err) {
  const nlohmann::json header = {
      {"journal", kind}, {"version", kJournalVersion}, {"options", options}};
  SOKOBAN_RETURN_IF_ERROR(writer.Lock(path));
  absl::StatusOr<JournalContents> old = ReadJournal(path);
  JournalContents contents;
  if (old.ok()) {
    contents = *std::move(old);
  } else if (!absl::IsNotFound(old.status())) {
    return old.status();
  }
  if (!contents.header.is_null()) {
    if (!IsHeader(contents.header) || contents.header["journal"] != kind) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": not a journal of 'sokoban ", kind, "'"));
    }
    if (contents.header.value("version", 0) != kJournalVersion) {
      return absl::FailedPreconditionError(absl::StrCat(path, ": journal version ",
                                                        Dump(contents.header["version"]),
                                                        ", expected ", kJournalVersion));
    }
    const std::string diff = OptionsDifference(contents.header["options"], options);
    if (!diff.empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, ": the journal was made with other options (", diff,
                       "); rerun with the journal's options or use another journal file"));
    }
  } else {
    contents.records.clear();
  }
  for (const std::string& w : contents.warnings) err << "sokoban: warning: " << w << "\n";
  SOKOBAN_RETURN_IF_ERROR(writer.Start(contents.valid_bytes, header));
  return contents;
}

}  // namespace sokoban::tools
