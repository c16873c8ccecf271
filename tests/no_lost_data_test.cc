// No lost data: `solve --write-back` and `-o` replace files only by rename
// of a complete, synced temporary file, so a process killed at any moment
// leaves the original byte for byte as it was. What write-back stores keeps
// every existing solution and note and adds only solutions that replay.
//
// The deterministic kill uses the test hook of WriteFileAtomically
// (SOKOBAN_TEST_WRITE_PAUSE_MS: a pause with half the text written); the
// random kills need no hook.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "cli_test_util.h"
#include "common/level_io.h"
#include "common/moves.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;
using testing_util::CliFixture;
using testing_util::ReadAll;
using testing_util::Spawn;
using testing_util::WaitChild;

// A SOK collection of `levels` one-push levels, each with a stored
// two-step solution ("lrR") and notes, so that the solver's "R" is new.
std::string BigSok(int levels) {
  std::string text = "Collection: Kill test\nA note about the file.\n\n";
  for (int i = 1; i <= levels; ++i) {
    absl::StrAppend(&text, "Level ", i, "\n######\n# @$.#\n######\nAuthor: someone\n",
                    "A note for level ", i, "\n\nSolution\nlrR\nStored by hand\n\n");
  }
  return text;
}

// The files of dir whose names start with prefix.
std::vector<fs::path> FilesStartingWith(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> found;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().rfind(prefix, 0) == 0) found.push_back(e.path());
  }
  return found;
}

// Lines of text without the "Date: ..." notes, which change at midnight.
std::string WithoutDates(const std::string& text) {
  std::string kept;
  for (const std::string& line : testing_util::Lines(text)) {
    if (line.rfind("Date: ", 0) != 0) kept += line + "\n";
  }
  return kept;
}

class NoLostData : public CliFixture {
 protected:
  // Starts a solve with the write paused half-way, waits until the
  // temporary file beside target holds data, and kills the process.
  void KillMidWrite(const std::vector<std::string>& args, const fs::path& target) {
    const std::string out = (dir_ / "out.txt").string(), err = (dir_ / "err.txt").string();
    const pid_t pid = Spawn(args, out, err, {"SOKOBAN_TEST_WRITE_PAUSE_MS=60000"});
    const std::string temp_prefix = "." + target.filename().string() + ".";
    const auto start = std::chrono::steady_clock::now();
    bool seen = false;
    while (!seen && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
      for (const fs::path& p : FilesStartingWith(target.parent_path(), temp_prefix)) {
        std::error_code ec;
        if (fs::file_size(p, ec) > 0 && !ec) seen = true;
      }
      if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    EXPECT_EQ(WaitChild(pid), -SIGKILL);
    ASSERT_TRUE(seen) << "no temporary file appeared: " << ReadAll(err);
  }
};

TEST_F(NoLostData, KillDuringWriteBackLeavesTheOriginal) {
  const std::string original = BigSok(300);
  const std::string path = Write("levels.sok", original);
  KillMidWrite({"solve", "--write-back", path}, path);
  EXPECT_EQ(ReadAll(path), original);
  // The half-written temporary file is all that is left, under its own
  // hidden name.
  const std::vector<fs::path> temps = FilesStartingWith(dir_, ".levels.sok.");
  ASSERT_EQ(temps.size(), 1u);
  EXPECT_LT(fs::file_size(temps[0]), original.size());
}

TEST_F(NoLostData, KillDuringOutputLeavesTheOldOutput) {
  const std::string path = Write("levels.sok", BigSok(300));
  const std::string out = Write("found.sok", "old output\n");
  KillMidWrite({"solve", path, "-o", out}, out);
  EXPECT_EQ(ReadAll(out), "old output\n");
}

TEST_F(NoLostData, WriteBackKeepsEverythingAndAddsOnlyReplayingSolutions) {
  const std::string path = Write("levels.sok", BigSok(3));
  testing_util::Output o = Run("solve --write-back " + testing_util::Quote(path));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string after = ReadAll(path);
  EXPECT_NE(after.find("A note about the file."), std::string::npos) << after;
  absl::StatusOr<Collection> c = ReadCollectionFile(path);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->name, "Kill test");
  ASSERT_EQ(c->levels.size(), 3u);
  for (const LevelEntry& e : c->levels) {
    ASSERT_TRUE(e.status.ok()) << e.status;
    EXPECT_EQ(e.level.author, "someone");
    ASSERT_EQ(e.level.solutions.size(), 2u);
    EXPECT_EQ(e.level.solutions[0].moves, "lrR");
    EXPECT_EQ(e.level.solutions[0].notes, std::vector<std::string>{"Stored by hand"});
    EXPECT_EQ(e.level.solutions[1].moves, "R");
    for (const Solution& s : e.level.solutions) {
      const ReplayResult r = Replay(e.level, s.moves);
      EXPECT_TRUE(r.valid && r.solved) << s.moves;
    }
  }
  // Solving again finds the same solution: nothing is added, nothing lost.
  o = Run("solve --write-back " + testing_util::Quote(path));
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(ReadAll(path), after);
}

// Kills at random moments of a whole run (solving and writing): the file is
// always either the original or the complete new one.
TEST_F(NoLostData, RandomKillsNeverLeaveAPartialFile) {
  const std::string original = BigSok(2000);
  const std::string reference = Write("reference.sok", original);
  const auto start = std::chrono::steady_clock::now();
  testing_util::Output o = Run("solve --write-back " + testing_util::Quote(reference));
  const double full =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string complete = WithoutDates(ReadAll(reference));
  std::mt19937 random(12345);
  std::uniform_real_distribution<double> when(0.3 * full, 1.2 * full);
  int kept = 0, replaced = 0;
  for (int attempt = 0; attempt < 6; ++attempt) {
    const std::string path = Write(absl::StrCat("try", attempt, ".sok"), original);
    const std::string out = (dir_ / "out.txt").string(), err = (dir_ / "err.txt").string();
    const pid_t pid = Spawn({"solve", "--write-back", path}, out, err);
    std::this_thread::sleep_for(std::chrono::duration<double>(when(random)));
    ::kill(pid, SIGKILL);
    WaitChild(pid);
    const std::string now = ReadAll(path);
    if (now == original) {
      ++kept;
    } else {
      EXPECT_EQ(WithoutDates(now), complete) << "attempt " << attempt;
      ++replaced;
    }
  }
  EXPECT_EQ(kept + replaced, 6);
}

}  // namespace
}  // namespace sokoban
