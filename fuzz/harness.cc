#include "fuzz/harness.h"

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "solver/solver.h"

namespace sokoban::fuzz {
namespace {

// Returns from the enclosing check with the failed condition as the reason.
#define FUZZ_EXPECT(cond)                                            \
  do {                                                               \
    if (!(cond)) return absl::StrCat("line ", __LINE__, ": " #cond); \
  } while (0)

constexpr Format kFormats[] = {Format::kAuto,   Format::kXsb,          Format::kSok,
                               Format::kDigits, Format::kActionScript, Format::kNiveaux};

// Long expansions are legal, but replaying tens of MiB per input would only
// slow the fuzzer down.
constexpr size_t kMaxReplay = 200000;

std::string CheckReplay(const Level& level, const std::string& moves) {
  if (moves.size() > kMaxReplay) return "";
  const ReplayResult r = Replay(level, moves);
  if (!r.valid) {
    FUZZ_EXPECT(r.failed_step >= 1 && r.failed_step <= moves.size());
    FUZZ_EXPECT(!r.error.empty());
    return "";
  }
  FUZZ_EXPECT(r.normalized.size() == moves.size());
  FUZZ_EXPECT(static_cast<size_t>(r.metrics.moves) == moves.size());
  int pushes = 0;
  for (char c : r.normalized) pushes += std::isupper(static_cast<unsigned char>(c)) ? 1 : 0;
  FUZZ_EXPECT(r.metrics.pushes == pushes);
  const ReplayResult again = Replay(level, r.normalized);
  FUZZ_EXPECT(again.valid && again.solved == r.solved && again.metrics == r.metrics);
  return "";
}

const Level& Microban1() {
  static const Level level = Level::FromRows({
      "####",
      "# .#",
      "#  ###",
      "#*@  #",
      "#  $ #",
      "#  ###",
      "####",
  });
  return level;
}

}  // namespace

std::string CheckReadCollection(std::string_view input) {
  if (input.empty()) return "";
  const Format format = kFormats[static_cast<unsigned char>(input[0]) % 6];
  const std::string_view text = input.substr(1);
  DetectFormat(text, "fuzz.sok");
  absl::StatusOr<Collection> c = ReadCollection(text, format, "fuzz");
  if (!c.ok()) return "";
  FUZZ_EXPECT(c->format != Format::kAuto);
  Collection good;
  for (const LevelEntry& e : c->levels) {
    const Level& l = e.level;
    FUZZ_EXPECT(l.squares.size() == static_cast<size_t>(l.width) * static_cast<size_t>(l.height));
    if (!e.status.ok()) continue;
    FUZZ_EXPECT(l.width <= kMaxBoardSide && l.height <= kMaxBoardSide);
    FUZZ_EXPECT(ValidateLevel(l).ok());
    for (const Solution& s : l.solutions) {
      if (s.moves.size() > kMaxReplay) continue;
      const ReplayResult r = Replay(l, s.moves);
      FUZZ_EXPECT(r.valid || r.failed_step >= 1);
    }
    good.levels.push_back(e);
  }
  if (good.levels.empty()) return "";
  absl::StatusOr<Collection> back = ReadCollection(WriteSok(good), Format::kSok, "fuzz-back");
  FUZZ_EXPECT(back.ok());
  FUZZ_EXPECT(back->levels.size() == good.levels.size());
  for (size_t i = 0; i < good.levels.size(); ++i) {
    const Level& a = good.levels[i].level;
    const Level& b = back->levels[i].level;
    FUZZ_EXPECT(back->levels[i].status.ok());
    FUZZ_EXPECT(a.width == b.width && a.height == b.height && a.squares == b.squares);
  }
  return "";
}

std::string CheckMoves(std::string_view input) {
  if (input.empty()) return "";
  const std::string_view rest = input.substr(1);
  if (static_cast<unsigned char>(input[0]) % 2 == 0) {
    absl::StatusOr<std::string> moves = ParseMoves(rest);
    return moves.ok() ? CheckReplay(Microban1(), *moves) : "";
  }
  const size_t bang = rest.find('!');
  if (bang == std::string_view::npos) return "";
  absl::StatusOr<std::string> moves = ParseMoves(rest.substr(bang + 1));
  if (!moves.ok()) return "";
  absl::StatusOr<Collection> c = ReadCollection(rest.substr(0, bang), Format::kAuto, "fuzz");
  if (!c.ok()) return "";
  for (const LevelEntry& e : c->levels) {
    if (!e.status.ok()) continue;
    if (std::string failure = CheckReplay(e.level, *moves); !failure.empty()) return failure;
  }
  return "";
}

std::string CheckSolver(std::string_view input) {
  if (input.size() > 4096) return "";
  absl::StatusOr<Collection> c = ReadCollection(input, Format::kXsb, "fuzz");
  if (!c.ok()) return "";
  for (const LevelEntry& e : c->levels) {
    if (!e.status.ok()) continue;
    const Level& level = e.level;
    int boxes = 0;
    for (char sq : level.squares) boxes += IsBoxChar(sq) ? 1 : 0;
    if (level.width > 12 || level.height > 12 || boxes > 6) continue;
    SolveStatus statuses[2];
    for (int m = 0; m < 2; ++m) {
      SolveOptions options;
      options.mode = m == 0 ? SolveMode::kFast : SolveMode::kOptimal;
      options.max_expansions = 2000;
      const SolveResult r = Solve(level, options);
      statuses[m] = r.status;
      FUZZ_EXPECT(r.status != SolveStatus::kInvalid);
      if (r.status == SolveStatus::kSolved) {
        const ReplayResult replay = Replay(level, r.solution);
        FUZZ_EXPECT(replay.valid && replay.solved);
        FUZZ_EXPECT(replay.metrics == r.metrics);
      }
    }
    FUZZ_EXPECT(!(statuses[0] == SolveStatus::kSolved && statuses[1] == SolveStatus::kUnsolvable));
    FUZZ_EXPECT(!(statuses[1] == SolveStatus::kSolved && statuses[0] == SolveStatus::kUnsolvable));
    return "";
  }
  return "";
}

}  // namespace sokoban::fuzz
