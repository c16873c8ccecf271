// A crash-safe run journal: an append-only JSON Lines file. The first line
// is a header naming the command and the options that decide the results;
// each later line is one finished record, written with a single write(), so
// a kill can only leave the last line half written. Reading drops such a
// line (with a warning) and the run redoes it. The header is fsync'd at
// once; the records at most kJournalSyncSeconds after they are written and
// when the writer closes, so that a power cut or a crash of the machine
// loses at most the last second's records (which the resumed run redoes),
// while a run of many quick records does not wait for the disk after each.
//
//   JournalWriter writer;
//   absl::StatusOr<JournalContents> old =
//       OpenJournal("run.jsonl", "solve", options_json, writer, std::cerr);
//   if (!old.ok()) { ... }           // other options, unreadable, not a journal
//   for (const nlohmann::json& r : old->records) { ... }  // what is already done
//   writer.Append(record);           // after each finished level
#pragma once

#include <chrono>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace sokoban::tools {

// What a journal file holds.
struct JournalContents {
  // {"journal": KIND, "version": 1, "options": {...}}; null when the file
  // is empty or its header line was cut short.
  nlohmann::json header;
  std::vector<nlohmann::json> records;  // the complete lines after the header
  // One message per line dropped (cut short by a kill, or not JSON), each
  // naming the file and line.
  std::vector<std::string> warnings;
  // Length of the file up to the end of the last complete line; a writer
  // resuming the journal truncates the file to this.
  size_t valid_bytes = 0;
};

// Reads path (NotFound when it does not exist). Never fails on content: bad
// lines become warnings.
absl::StatusOr<JournalContents> ReadJournal(const std::string& path);

// Reads a JSON Lines file that is either a journal or the `--json` output of
// a command (no header: header stays null and every object is a record).
// Used by `sokoban merge` for its parts. A file whose first line is neither
// a journal header nor a line of `--json` output (an object naming a level's
// file and index, or the summary) is no part: FailedPrecondition, saying so
// in one line. An empty file is an empty part.
absl::StatusOr<JournalContents> ReadPart(const std::string& path);

// The first difference between the options a journal was made with and the
// options of this run, as "NAME: JOURNAL_VALUE in the journal, RUN_VALUE
// now"; empty when they are the same.
std::string OptionsDifference(const nlohmann::json& journal, const nlohmann::json& run);

// How long a record may wait before it is fsync'd.
inline constexpr double kJournalSyncSeconds = 1.0;

// Appends records to a journal, each line written in one write(), fsync'd
// within kJournalSyncSeconds and when the writer is synced or closed.
class JournalWriter {
 public:
  JournalWriter() = default;
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;
  ~JournalWriter();

  // Opens path (creating it) and locks it with flock; FailedPrecondition
  // while another process holds the lock.
  absl::Status Lock(const std::string& path);
  // Cuts the file to keep_bytes (dropping a half-written last line) and,
  // when keep_bytes is 0, writes header as the first line. The file and its
  // folder are fsync'd.
  absl::Status Start(size_t keep_bytes, const nlohmann::json& header);
  bool is_open() const { return fd_ >= 0; }
  // One line; an fsync when the last was kJournalSyncSeconds ago or more.
  absl::Status Append(const nlohmann::json& record);
  // fsyncs what was appended since the last fsync. The destructor does too.
  absl::Status Sync();

 private:
  absl::Status WriteLine(const nlohmann::json& j, bool pause = false);
  std::string path_;
  int fd_ = -1;
  int appended_ = 0;
  bool unsynced_ = false;  // lines written since the last fsync
  std::chrono::steady_clock::time_point synced_at_;
};

// Opens the journal of a run of `sokoban KIND` made with options: creates it
// when missing or empty; else checks its header (the same kind, the same
// options, else FailedPrecondition naming the difference), prints its
// warnings on err and returns what it already holds, with writer open to
// append after the last complete line.
absl::StatusOr<JournalContents> OpenJournal(const std::string& path, const std::string& kind,
                                            const nlohmann::json& options, JournalWriter& writer,
                                            std::ostream& err);

}  // namespace sokoban::tools
