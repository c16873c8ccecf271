// Limits that hold, end to end: --time-limit stops a level close to the
// limit, --memory-limit bounds the process's real peak memory (and the
// batch goes on to the next level), and SIGINT / SIGTERM end a run cleanly
// with the summary so far and the -o output of the levels done. Bounds on
// time are hang guards with a wide margin, not measurements.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "cli_test_util.h"
#include "common/level_io.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;
using testing_util::CliFixture;
using testing_util::JsonLines;
using testing_util::ReadAll;
using testing_util::Spawn;
using testing_util::WaitChild;

// A 24x14 room whose 2x2 block of boxes is frozen from the start: the level
// cannot be solved, and the eight free boxes give the solver an enormous
// state space to search before it could tell. Followed by a one-push level.
const char kExplode[] =
    "; explode\n"
    "########################\n"
    "#@                     #\n"
    "#    .  .      $       #\n"
    "#          .  .$       #\n"
    "#                $     #\n"
    "#             .        #\n"
    "#     $   $$   .  $    #\n"
    "#  .      $$    .      #\n"
    "#  $                   #\n"
    "#                $     #\n"
    "#       .  .           #\n"
    "#  .           .    $  #\n"
    "#                      #\n"
    "########################\n"
    "\n"
    "; easy\n"
    "#####\n"
    "#@$.#\n"
    "#####\n";

// A side x side room with `boxes` boxes on a lattice, as many goals on
// another, and a frozen 2x2 block of boxes (with its goals elsewhere) in the
// middle: unsolvable, and on a large board every expansion is slow.
std::string FrozenRoom(int side, int boxes) {
  std::vector<std::string> rows(side, std::string(side, ' '));
  for (int i = 0; i < side; ++i)
    rows[0][i] = rows[side - 1][i] = rows[i][0] = rows[i][side - 1] = '#';
  rows[1][1] = '@';
  const int mid = side / 2;
  for (int y = mid; y < mid + 2; ++y) rows[y][mid] = rows[y][mid + 1] = '$';
  int placed = 0, goals = 0;
  for (int y = 3; y < side - 3 && goals < boxes + 4; y += 3) {
    for (int x = 3; x < side - 3 && goals < boxes + 4; x += 3) {
      if (rows[y][x] != ' ' || rows[y][x + 1] != ' ') continue;
      if (placed < boxes) rows[y][x] = '$', ++placed;
      rows[y][x + 1] = '.', ++goals;
    }
  }
  std::string text = "; room\n";
  for (const std::string& r : rows) text += r + "\n";
  return text;
}

class Limits : public CliFixture {
 protected:
  struct Run {
    int code;
    double seconds;
    long peak_rss_kib;
    std::vector<nlohmann::json> lines;
    std::string err;
  };
  Run Solve(const std::vector<std::string>& args) {
    const std::string out = (dir_ / "out.txt").string(), err = (dir_ / "err.txt").string();
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = Spawn(args, out, err);
    struct rusage usage {};
    Run r;
    r.code = WaitChild(pid, &usage);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.peak_rss_kib = usage.ru_maxrss;
    r.lines = JsonLines(ReadAll(out));
    r.err = ReadAll(err);
    return r;
  }
};

TEST_F(Limits, TimeLimitStopsCloseToTheLimit) {
  const std::string level = Write("explode.xsb", kExplode);
  for (const char* mode : {"fast", "optimal"}) {
    Run r = Solve(
        {"solve", "--json", "--mode", mode, "--time-limit", "1", "--memory-limit", "0", level});
    ASSERT_EQ(r.lines.size(), 3u) << r.err;
    EXPECT_EQ(r.lines[0]["status"], "timeout") << r.lines[0];
    EXPECT_GE(r.lines[0]["seconds"].get<double>(), 1.0);
    // Hang guard with a wide margin (sanitizers slow everything down).
    EXPECT_LT(r.lines[0]["seconds"].get<double>(), 5.0) << mode;
    EXPECT_LT(r.seconds, 15.0) << mode;
    EXPECT_EQ(r.lines[1]["status"], "solved");
    EXPECT_EQ(r.code, 1);
  }
  // A 60x60 room with 100 boxes, where one expansion takes milliseconds.
  const std::string room = Write("room.xsb", FrozenRoom(60, 100));
  Run r = Solve({"solve", "--json", "--time-limit", "1", room});
  ASSERT_EQ(r.lines.size(), 2u) << r.err;
  EXPECT_EQ(r.lines[0]["boxes"], 104);
  EXPECT_EQ(r.lines[0]["status"], "timeout") << r.lines[0];
  EXPECT_LT(r.lines[0]["seconds"].get<double>(), 5.0);
}

TEST_F(Limits, MemoryLimitHoldsAndTheBatchGoesOn) {
  const std::string level = Write("explode.xsb", kExplode);
  constexpr long kLimitMib = 16;
  for (const char* mode : {"optimal", "fast"}) {
    Run r = Solve({"solve", "--json", "--mode", mode, "--time-limit", "300", "--memory-limit",
                   std::to_string(kLimitMib), level});
    ASSERT_EQ(r.lines.size(), 3u) << r.err;
    // Fast mode runs two searches with half the memory each; either one
    // running out is reported as memory, not as a timeout.
    EXPECT_EQ(r.lines[0]["status"], "memory") << mode << " " << r.lines[0];
    EXPECT_LE(r.lines[0]["peak_bytes"].get<long>(), kLimitMib << 20);
    EXPECT_EQ(r.lines[1]["status"], "solved");
    EXPECT_EQ(r.lines[2]["summary"]["memory"], 1);
    EXPECT_EQ(r.code, 1);
#ifndef SOKOBAN_SANITIZED
    // The whole process: the limit plus a small fixed overhead (the
    // executable, the level, the search's tables). AddressSanitizer's own
    // memory makes this meaningless in the sanitizer build.
    EXPECT_LT(r.peak_rss_kib, (kLimitMib + 24) * 1024) << mode;
#endif
  }
}

// Sends sig once the first level's line is out, while the second level
// (XSokoban 29, far beyond a minute) is being solved.
void ExpectCleanStopOn(int sig, const fs::path& dir) {
  const fs::path input = dir / "two.xsb";
  absl::StatusOr<Collection> xsokoban =
      ReadCollectionFile(std::string(SOKOBAN_SHARED_DIR) + "/levels/xsokoban90.xsb");
  ASSERT_TRUE(xsokoban.ok()) << xsokoban.status();
  Collection c;
  c.levels.push_back({1, Level::FromRows({"#####", "#@$.#", "#####"}, "easy"), {}});
  c.levels.push_back(xsokoban->levels.at(28));
  std::ofstream(input) << WriteXsb(c);
  const std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  const std::string sok = (dir / "found.sok").string();
  const pid_t pid =
      Spawn({"solve", "--json", "--time-limit", "120", input.string(), "-o", sok}, out, err);
  const auto start = std::chrono::steady_clock::now();
  while (ReadAll(out).find("\"easy\"") == std::string::npos &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ::kill(pid, sig);
  EXPECT_EQ(WaitChild(pid), 1) << ReadAll(err);
  const std::vector<nlohmann::json> lines = JsonLines(ReadAll(out));
  ASSERT_EQ(lines.size(), 3u) << ReadAll(out);
  EXPECT_EQ(lines[0]["status"], "solved");
  EXPECT_EQ(lines[1]["status"], "cancelled");
  const nlohmann::json& s = lines[2]["summary"];
  EXPECT_EQ(s["levels"], 2);
  EXPECT_EQ(s["solved"], 1);
  EXPECT_EQ(s["cancelled"], 1);
  // The -o file holds both levels, the solved one with its solution.
  absl::StatusOr<Collection> found = ReadCollectionFile(sok);
  ASSERT_TRUE(found.ok()) << found.status();
  ASSERT_EQ(found->levels.size(), 2u);
  ASSERT_EQ(found->levels[0].level.solutions.size(), 1u);
  EXPECT_EQ(found->levels[0].level.solutions[0].moves, "R");
  EXPECT_TRUE(found->levels[1].level.solutions.empty());
}

TEST_F(Limits, SigtermStopsCleanlyWithTheSummarySoFar) { ExpectCleanStopOn(SIGTERM, dir_); }

TEST_F(Limits, SigintStopsCleanlyWithTheSummarySoFar) { ExpectCleanStopOn(SIGINT, dir_); }

}  // namespace
}  // namespace sokoban
