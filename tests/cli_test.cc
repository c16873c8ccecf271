// End-to-end tests of the `sokoban` executable: exit codes, output, level
// selection, JSON lines, conversion, and how bad input is reported.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/level_io.h"
#include "tests/cli_test_util.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;

// The same with step 4 turned from 'r' into 'l': after "dlU" the player
// stands at the left wall, so step 4 walks into it.
constexpr char kCorrupted1[] = "dlUlrrdLullddrUluRuulDrddrruLdlUU";

using testing_util::CliFixture;
using testing_util::JsonLines;
using testing_util::kMicroban1;
using testing_util::kSolution1;
using testing_util::Output;
using testing_util::Quote;
using testing_util::ReadAll;

class CliTest : public CliFixture {
 protected:
  static std::string Microban() {
    return Quote(std::string(SOKOBAN_SOURCE_DIR) + "/puzzles/microban.xsb");
  }
};

TEST_F(CliTest, HelpListsCommandsAndExitCodes) {
  Output o = Run("--help");
  EXPECT_EQ(o.code, 0);
  for (const char* word : {"info", "verify", "convert", "Exit codes"}) {
    EXPECT_NE(o.out.find(word), std::string::npos) << word;
  }
  EXPECT_EQ(Run("").code, 2);
  EXPECT_EQ(Run("frobnicate").code, 2);
}

TEST_F(CliTest, EveryCommandDescribesItsOptions) {
  for (const char* cmd : {"info", "verify", "convert"}) {
    Output o = Run(std::string(cmd) + " --help");
    EXPECT_EQ(o.code, 0) << cmd;
    EXPECT_NE(o.out.find("--level"), std::string::npos) << cmd;
    EXPECT_NE(o.out.find("Exit codes"), std::string::npos) << cmd;
    EXPECT_EQ(Run(std::string("help ") + cmd).out, o.out) << cmd;
  }
  EXPECT_NE(Run("verify --help").out.find("--solution"), std::string::npos);
  EXPECT_NE(Run("convert --help").out.find("--to"), std::string::npos);
}

TEST_F(CliTest, BadUsageExitsTwo) {
  const std::string f = Quote(Write("m1.xsb", kMicroban1));
  EXPECT_EQ(Run("info").code, 2);
  Output o = Run("info --bogus " + f);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("bogus"), std::string::npos);
  EXPECT_EQ(Run("info --format nonsense " + f).code, 2);
  EXPECT_EQ(Run("info --level 0 " + f).code, 2);
  EXPECT_EQ(Run("info --level 5-2 " + f).code, 2);
  EXPECT_EQ(Run("info --level '1 2' " + f).code, 2);
  EXPECT_EQ(Run("info --level 1,,2 " + f).code, 2);
  EXPECT_EQ(Run("verify --solution 'lurx' " + f).code, 2);
  EXPECT_EQ(Run("convert " + f).code, 2);                          // no -o
  EXPECT_EQ(Run("convert " + f + " -o out.abc").code, 2);          // format unknown
  EXPECT_EQ(Run("convert " + f + " -o - --to pdf").code, 2);       // not writable
  EXPECT_EQ(Run("convert " + f + " " + f + " -o x.xsb").code, 2);  // two inputs
}

TEST_F(CliTest, VerifyAcceptsAHandWrittenSolution) {
  const std::string f = Quote(Write("m1.xsb", kMicroban1));
  Output o = Run("verify " + f + " --solution " + kSolution1);
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("solved"), std::string::npos);
  EXPECT_NE(o.out.find("33 moves, 8 pushes"), std::string::npos) << o.out;
  EXPECT_EQ(o.err, "");

  // Run-length encoded, the same moves.
  EXPECT_EQ(Run("verify " + f + " --solution 'dlU3rdLu2l 2drUluR2ulDr2d2ruLdl2U'").code, 0);
}

TEST_F(CliTest, VerifyRejectsACorruptedSolutionAtTheRightStep) {
  const std::string path = Write("m1.xsb", kMicroban1);
  Output o = Run("verify " + Quote(path) + " --json --solution " + kCorrupted1);
  EXPECT_EQ(o.code, 1);
  std::vector<nlohmann::json> lines = JsonLines(o.out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["valid"], false);
  EXPECT_EQ(lines[0]["solved"], false);
  EXPECT_EQ(lines[0]["failed_step"], 4);
  EXPECT_NE(lines[0]["error"].get<std::string>().find("wall"), std::string::npos);
  EXPECT_EQ(lines[0]["moves"], 3);  // the legal prefix
  // The error line names the file, the level and its title, and the step.
  EXPECT_NE(o.err.find(path), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 1 \"1\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("step 4"), std::string::npos) << o.err;

  // Legal moves that stop short of solving.
  o = Run("verify " + Quote(path) + " --solution dlU");
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.out.find("not solved"), std::string::npos) << o.out;
}

TEST_F(CliTest, VerifyJsonHasEveryKeyWithTheRightType) {
  const std::string f = Quote(Write("m1.xsb", kMicroban1));
  Output o = Run("verify " + f + " --json --solution " + kSolution1);
  ASSERT_EQ(o.code, 0) << o.err;
  std::vector<nlohmann::json> lines = JsonLines(o.out);
  ASSERT_EQ(lines.size(), 1u);
  const nlohmann::json& j = lines[0];
  for (const char* key : {"index", "width", "height", "boxes", "moves", "pushes", "box_lines",
                          "box_changes", "pushing_sessions", "player_lines"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_TRUE(j[key].is_number_integer()) << key;
  }
  for (const char* key : {"valid", "solved"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_TRUE(j[key].is_boolean()) << key;
  }
  EXPECT_TRUE(j["title"].is_string());
  EXPECT_TRUE(j["error"].is_null());
  EXPECT_EQ(j["index"], 1);
  EXPECT_EQ(j["title"], "1");
  EXPECT_EQ(j["width"], 6);
  EXPECT_EQ(j["height"], 7);
  EXPECT_EQ(j["boxes"], 2);
  EXPECT_EQ(j["moves"], 33);
  EXPECT_EQ(j["pushes"], 8);
  EXPECT_EQ(j["solved"], true);
  EXPECT_EQ(j["valid"], true);
}

TEST_F(CliTest, VerifyChecksStoredSolutionsAndGoesOnAfterAWrongOne) {
  const std::string sok = Write("two.sok",
                                "A file note, then the levels.\n\nGood\n\n"
                                "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n"
                                "Solution\n" +
                                    std::string(kSolution1) +
                                    "\n\n"
                                    "Bad\n\n"
                                    "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n"
                                    "Solution\n" +
                                    kCorrupted1 + "\n");
  Output o = Run("verify " + Quote(sok) + " --json");
  EXPECT_EQ(o.code, 1);
  std::vector<nlohmann::json> lines = JsonLines(o.out);
  ASSERT_EQ(lines.size(), 2u) << o.out << o.err;
  EXPECT_EQ(lines[0]["title"], "Good");
  EXPECT_EQ(lines[0]["solved"], true);
  EXPECT_EQ(lines[1]["title"], "Bad");
  EXPECT_EQ(lines[1]["failed_step"], 4);
  EXPECT_EQ(Run("verify " + Quote(sok) + " --level Good").code, 0);
}

TEST_F(CliTest, VerifyWithNothingToVerifyFails) {
  Output o = Run("verify " + Quote(Write("m1.xsb", kMicroban1)));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("no solution"), std::string::npos) << o.err;
}

TEST_F(CliTest, LevelSelectionForms) {
  auto indexes = [&](const std::string& sel) {
    Output o = Run("info --json " + Microban() + " --level " + Quote(sel));
    std::vector<int> found;
    for (const nlohmann::json& j : JsonLines(o.out)) found.push_back(j["index"].get<int>());
    EXPECT_EQ(o.code, 0) << sel << ": " << o.err;
    return found;
  };
  EXPECT_EQ(indexes("3"), (std::vector<int>{3}));
  EXPECT_EQ(indexes("2-4"), (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(indexes("1,3,155"), (std::vector<int>{1, 3, 155}));
  EXPECT_EQ(indexes("1-2,7"), (std::vector<int>{1, 2, 7}));
  EXPECT_EQ(indexes("4 - 5, 9"), (std::vector<int>{4, 5, 9}));
  EXPECT_EQ(indexes("title:12"), (std::vector<int>{12}));
  EXPECT_EQ(JsonLines(Run("info --json " + Microban()).out).size(), 155u);

  const std::string named = Quote(Write("named.xsb",
                                        "; Alpha\n#####\n#@$.#\n#####\n\n"
                                        "; Beta Two\n######\n#@ $.#\n######\n"));
  Output o = Run("info --json " + named + " --level 'Beta Two'");
  EXPECT_EQ(o.code, 0) << o.err;
  ASSERT_EQ(JsonLines(o.out).size(), 1u);
  EXPECT_EQ(JsonLines(o.out)[0]["index"], 2);

  o = Run("info " + named + " --level Gamma");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("no level titled \"Gamma\""), std::string::npos) << o.err;

  o = Run("info --json " + Microban() + " --level 154-200");
  EXPECT_EQ(o.code, 2);
  EXPECT_EQ(JsonLines(o.out).size(), 2u);  // the levels that exist still run
  EXPECT_NE(o.err.find("levels 156-200 not found"), std::string::npos) << o.err;
}

TEST_F(CliTest, InfoReportsABrokenLevelAndGoesOn) {
  const std::string path = Write("broken.xsb",
                                 "; First\n#####\n#@$.#\n#####\n\n"
                                 "; Second\n######\n#@@$.#\n######\n\n"
                                 "; Third\n######\n#@ $.#\n######\n");
  Output o = Run("info --json " + Quote(path));
  EXPECT_EQ(o.code, 1);
  std::vector<nlohmann::json> lines = JsonLines(o.out);
  ASSERT_EQ(lines.size(), 3u) << o.out << o.err;
  EXPECT_EQ(lines[0]["valid"], true);
  EXPECT_EQ(lines[0]["floor"], 3);
  EXPECT_EQ(lines[1]["valid"], false);
  EXPECT_TRUE(lines[1]["error"].is_string());
  EXPECT_TRUE(lines[1]["floor"].is_null());
  EXPECT_EQ(lines[2]["valid"], true);
  EXPECT_EQ(lines[2]["title"], "Third");
  EXPECT_NE(o.err.find(path), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 2 \"Second\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("player"), std::string::npos) << o.err;

  o = Run("info " + Quote(path));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.out.find("INVALID"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("6x3, 1 box, 4 floor"), std::string::npos) << o.out;
}

TEST_F(CliTest, UnreadableInputExitsTwoNamingTheFile) {
  const std::string missing = (dir_ / "no-such-file.xsb").string();
  Output o = Run("info " + Quote(missing));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(missing), std::string::npos) << o.err;

  o = Run("verify " + Quote(dir_.string()) + " --solution r");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(dir_.string()), std::string::npos) << o.err;

  // The readable file is still reported.
  o = Run("info --json " + Quote(missing) + " " + Quote(Write("m1.xsb", kMicroban1)));
  EXPECT_EQ(o.code, 2);
  EXPECT_EQ(JsonLines(o.out).size(), 1u);
}

TEST_F(CliTest, ReadsStandardInputAndSeveralFiles) {
  const std::string m1 = Write("m1.xsb", kMicroban1);
  Output o = Run("info --json -", m1);
  EXPECT_EQ(o.code, 0) << o.err;
  ASSERT_EQ(JsonLines(o.out).size(), 1u);
  EXPECT_EQ(JsonLines(o.out)[0]["file"], "-");

  o = Run("info --json --format xsb " + Quote(m1) + " " + Microban() + " --level 1");
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(JsonLines(o.out).size(), 2u);
}

// Compares what matters of two collections' levels: titles and boards.
void ExpectSameLevels(const Collection& a, const Collection& b) {
  ASSERT_EQ(a.levels.size(), b.levels.size());
  for (size_t i = 0; i < a.levels.size(); ++i) {
    const Level& x = a.levels[i].level;
    const Level& y = b.levels[i].level;
    EXPECT_EQ(x.title, y.title) << i;
    EXPECT_EQ(x.Rows(), y.Rows()) << "level " << i + 1;
    EXPECT_TRUE(b.levels[i].status.ok()) << b.levels[i].status;
  }
}

TEST_F(CliTest, ConvertRoundTripXsbSokXsb) {
  const std::string sok = (dir_ / "microban.sok").string();
  const std::string back = (dir_ / "back.xsb").string();
  Output o = Run("convert " + Microban() + " -o " + Quote(sok));
  ASSERT_EQ(o.code, 0) << o.err;
  o = Run("convert " + Quote(sok) + " -o " + Quote(back));
  ASSERT_EQ(o.code, 0) << o.err;

  absl::StatusOr<Collection> original =
      ReadCollectionFile(std::string(SOKOBAN_SOURCE_DIR) + "/puzzles/microban.xsb");
  absl::StatusOr<Collection> as_sok = ReadCollectionFile(sok);
  absl::StatusOr<Collection> round = ReadCollectionFile(back);
  ASSERT_TRUE(original.ok() && as_sok.ok() && round.ok());
  EXPECT_EQ(as_sok->format, Format::kSok);
  EXPECT_EQ(round->format, Format::kXsb);
  ExpectSameLevels(*original, *as_sok);
  ExpectSameLevels(*original, *round);
}

TEST_F(CliTest, ConvertSelectedLevelsToStandardOutput) {
  Output o = Run("convert " + Microban() + " --level 2-3 -o -");
  ASSERT_EQ(o.code, 0) << o.err;
  absl::StatusOr<Collection> c = ReadCollection(o.out, Format::kXsb);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->levels.size(), 2u);
  EXPECT_EQ(c->levels[0].level.title, "2");
  EXPECT_EQ(c->levels[1].level.title, "3");

  o = Run("convert " + Microban() + " --level 1 -o - --to sok");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(DetectFormat(o.out), Format::kSok) << o.out;
}

// As convert does, `generate -o -` writes the pack to standard output and
// leaves no file named `-` behind.
TEST_F(CliTest, GenerateToStandardOutput) {
  const std::string in_dir = "cd " + Quote(dir_.string()) + " && ";
  Output o = RunWith(in_dir, "generate --count 2 --boxes 2 --seed 3 -o -", "</dev/null");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "-"));
  absl::StatusOr<Collection> c = ReadCollection(o.out, Format::kSok);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->levels.size(), 2u);
  EXPECT_EQ(c->levels[0].level.title, "Level 1");
  EXPECT_FALSE(c->levels[0].level.solutions.empty());
  // The same pack as without -o.
  EXPECT_EQ(o.out, Run("generate --count 2 --boxes 2 --seed 3").out);
  // With --json both would go to standard output.
  EXPECT_EQ(RunWith(in_dir, "generate --count 1 --json -o -", "</dev/null").code, 2);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "-"));
}

TEST_F(CliTest, ConvertsASeedFormatAndHonoursForcedFormat) {
  const std::string digits =
      Quote(std::string(SOKOBAN_SHARED_DIR) + "/formats/seed-digits-xsokoban1.sok");
  Output o = Run("convert " + digits + " -o -");
  ASSERT_EQ(o.code, 0) << o.err;
  absl::StatusOr<Collection> converted = ReadCollection(o.out, Format::kXsb);
  absl::StatusOr<Collection> xsokoban =
      ReadCollectionFile(std::string(SOKOBAN_SOURCE_DIR) + "/puzzles/xsokoban90.xsb");
  ASSERT_TRUE(converted.ok() && xsokoban.ok());
  ASSERT_EQ(converted->levels.size(), 1u);
  EXPECT_EQ(converted->levels[0].level.Rows(), xsokoban->levels[0].level.Rows());

  EXPECT_EQ(Run("info --format digits " + digits).code, 0);
  o = Run("info --format xsb " + digits);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("seed-digits-xsokoban1.sok"), std::string::npos) << o.err;
}

TEST_F(CliTest, VerifyReportsAnInvalidLevelAndAMissingOne) {
  const std::string path =
      Write("levels.xsb", std::string(kMicroban1) + "\n; Two players\n######\n#@@$.#\n######\n");
  Output o = Run("verify --json " + Quote(path) + " --solution " + kSolution1);
  EXPECT_EQ(o.code, 1);
  std::vector<nlohmann::json> lines = JsonLines(o.out);
  ASSERT_EQ(lines.size(), 2u) << o.out;
  EXPECT_EQ(lines[0]["solved"], true);
  EXPECT_EQ(lines[1]["valid"], false);
  EXPECT_EQ(lines[1]["solved"], false);
  EXPECT_TRUE(lines[1]["error"].is_string());
  EXPECT_NE(o.err.find("level 2 \"Two players\""), std::string::npos) << o.err;

  // Level 1 checks out, level 3 does not exist: unusable input wins.
  o = Run("verify " + Quote(path) + " --level 1,3 --solution " + kSolution1);
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.out.find("solved"), std::string::npos);
  EXPECT_NE(o.err.find("level 3 not found"), std::string::npos) << o.err;
}

TEST_F(CliTest, ConvertKeepsInvalidLevelsWithAWarning) {
  const std::string in = Write("broken.xsb",
                               "; First\n#####\n#@$.#\n#####\n\n"
                               "; Second\n######\n#@@$.#\n######\n");
  const std::string out = (dir_ / "out.sok").string();
  Output o = Run("convert " + Quote(in) + " -o " + Quote(out));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("level 2 \"Second\""), std::string::npos) << o.err;
  absl::StatusOr<Collection> c = ReadCollectionFile(out);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->levels.size(), 2u);
  EXPECT_FALSE(c->levels[1].status.ok());

  // A folder that does not exist cannot be written to.
  o = Run("convert " + Quote(in) + " -o " + Quote((dir_ / "nowhere" / "x.xsb").string()));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("nowhere"), std::string::npos) << o.err;
}

}  // namespace
}  // namespace sokoban
