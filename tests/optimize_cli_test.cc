// `sokoban optimize` end to end: before/after lines and JSON, the new
// solution stored next to the old, errors for bad stored solutions and
// levels without one, and a write-back killed mid-write leaving the file.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
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
using testing_util::JsonLines;
using testing_util::Quote;
using testing_util::ReadAll;

// Microban 1 with a wasteful stored solution: a 33-move solution (the
// fewest there are) with a pointless "rl" in front.
const std::string kLevel = absl::StrCat("Level 1\n", testing_util::kMicroban1Board,
                                        "\n"
                                        "Solution\n"
                                        "rldlUrrrdLullddrUluRuulDrddrruLdlUU\n"
                                        "Stored by hand\n\n");

class OptimizeCli : public CliFixture {};

TEST_F(OptimizeCli, ImprovesAndKeepsTheOldSolution) {
  const std::string path = Write("one.sok", kLevel);
  testing_util::Output o = Run("optimize --write-back " + Quote(path));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("improved"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("before: 35 moves, 8 pushes"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("after:  33 moves, 8 pushes"), std::string::npos) << o.out;
  absl::StatusOr<Collection> c = ReadCollectionFile(path);
  ASSERT_TRUE(c.ok()) << c.status();
  const Level& level = c->levels.at(0).level;
  ASSERT_EQ(level.solutions.size(), 2u);
  EXPECT_EQ(level.solutions[0].moves, "rldlUrrrdLullddrUluRuulDrddrruLdlUU");
  const ReplayResult r = Replay(level, level.solutions[1].moves);
  EXPECT_TRUE(r.valid && r.solved);
  EXPECT_EQ(r.metrics.moves, 33);
  // Again: the stored best is optimal already, nothing is added.
  const std::string after = ReadAll(path);
  o = Run("optimize --write-back " + Quote(path));
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("no better solution found"), std::string::npos) << o.out;
  EXPECT_EQ(ReadAll(path), after);
}

TEST_F(OptimizeCli, JsonHasBeforeAndAfterWithTheSixMetrics) {
  const std::string path = Write("one.sok", kLevel);
  const std::string out = (dir_ / "out.sok").string();
  testing_util::Output o =
      Run("optimize --json --metric pushes " + Quote(path) + " -o " + Quote(out));
  ASSERT_EQ(o.code, 0) << o.err;
  const auto lines = JsonLines(o.out);
  ASSERT_EQ(lines.size(), 1u);
  const auto& j = lines[0];
  EXPECT_EQ(j["index"], 1);
  EXPECT_EQ(j["title"], "Level 1");
  EXPECT_EQ(j["improved"], true);
  EXPECT_TRUE(j["seconds"].is_number());
  for (const char* side : {"before", "after"}) {
    for (const char* key : {"solution", "moves", "pushes", "box_lines", "box_changes",
                            "pushing_sessions", "player_lines"}) {
      EXPECT_TRUE(j[side].contains(key)) << side << " " << key;
    }
  }
  EXPECT_EQ(j["before"]["moves"], 35);
  EXPECT_EQ(j["after"]["pushes"], 8);
  EXPECT_LE(j["after"]["moves"].get<int>(), 35);
  absl::StatusOr<Collection> c = ReadCollectionFile(out);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->levels.at(0).level.solutions.size(), 2u);
}

TEST_F(OptimizeCli, IllegalStoredSolutionNamesTheStep) {
  const std::string path = Write("bad.sok",
                                 "Level 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n"
                                 "Solution\nuuuuu\n\n");
  testing_util::Output o = Run("optimize " + Quote(path));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("solution 1 is illegal at step 3"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("not optimized"), std::string::npos) << o.out;
}

TEST_F(OptimizeCli, UnsolvingStoredSolutionIsReported) {
  const std::string path = Write("bad.sok",
                                 "Level 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n"
                                 "Solution\ndlU\n\n");
  testing_util::Output o = Run("optimize " + Quote(path));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("does not solve the level"), std::string::npos) << o.err;
}

TEST_F(OptimizeCli, GivenSolutionThatIsIllegalNamesTheStep) {
  const std::string path = Write("plain.xsb", "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
  testing_util::Output o = Run("optimize --solution rrrr " + Quote(path));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("illegal at step 3"), std::string::npos) << o.err;
}

TEST_F(OptimizeCli, LevelWithoutSolutionIsReported) {
  const std::string path = Write("plain.xsb", "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
  testing_util::Output o = Run("optimize " + Quote(path));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("no solution to optimize"), std::string::npos) << o.err;
}

TEST_F(OptimizeCli, BadUsage) {
  const std::string path = Write("one.sok", kLevel);
  EXPECT_EQ(Run("optimize --metric boxes " + Quote(path)).code, 2);
  EXPECT_EQ(Run("optimize --solution xyz " + Quote(path)).code, 2);
  EXPECT_EQ(Run("optimize --write-back -o x.sok " + Quote(path)).code, 2);
}

TEST_F(OptimizeCli, KilledWriteBackLeavesTheFile) {
  std::string text;
  for (int i = 0; i < 200; ++i) absl::StrAppend(&text, kLevel);
  const std::string path = Write("many.sok", text);
  const std::string out = (dir_ / "out.txt").string(), err = (dir_ / "err.txt").string();
  const pid_t pid = testing_util::Spawn({"optimize", "--write-back", path}, out, err,
                                        {"SOKOBAN_TEST_WRITE_PAUSE_MS=60000"});
  bool seen = false;
  const auto start = std::chrono::steady_clock::now();
  while (!seen && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    for (const fs::directory_entry& e : fs::directory_iterator(dir_)) {
      std::error_code ec;
      if (e.path().filename().string().rfind(".many.sok.", 0) == 0 &&
          fs::file_size(e.path(), ec) > 0 && !ec) {
        seen = true;
      }
    }
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  EXPECT_EQ(testing_util::WaitChild(pid), -SIGKILL);
  ASSERT_TRUE(seen) << ReadAll(err);
  EXPECT_EQ(ReadAll(path), text);
}

TEST_F(OptimizeCli, SolveOptimizeAndMovesOptimalMode) {
  const std::string path = Write("plain.xsb", "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
  testing_util::Output o = Run("solve --json --mode optimal --metric moves " + Quote(path));
  ASSERT_EQ(o.code, 0) << o.err;
  auto lines = JsonLines(o.out);
  EXPECT_EQ(lines.at(0)["move_optimal"], true);
  EXPECT_EQ(lines.at(0)["moves"], 33);
  o = Run("solve --json --optimize=pushes " + Quote(path));
  ASSERT_EQ(o.code, 0) << o.err;
  lines = JsonLines(o.out);
  EXPECT_EQ(lines.at(0)["pushes"], 8);
  EXPECT_EQ(Run("solve --metric moves " + Quote(path)).code, 2);
  EXPECT_EQ(Run("solve --optimize=boxes " + Quote(path)).code, 2);
}

}  // namespace
}  // namespace sokoban
