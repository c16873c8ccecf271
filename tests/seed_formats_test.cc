// The seed formats (digit grid, ActionScript arrays, niveaux.lvl) and format
// detection.
#include <gtest/gtest.h>

#include <string>

#include "common/level_io.h"
#include "tests/formats_test_util.h"

namespace sokoban {
namespace {

using testing_util::Read;

const std::string kShared = SOKOBAN_SHARED_DIR;

Collection ReadFile(const std::string& path) {
  absl::StatusOr<Collection> c = ReadCollectionFile(path);
  EXPECT_TRUE(c.ok()) << c.status();
  return c.ok() ? *std::move(c) : Collection();
}

// XSokoban level n from the shared collection.
Level XSokoban(int n) {
  const Collection c = ReadFile(kShared + "/levels/xsokoban90.xsb");
  return c.levels.at(n - 1).level;
}

TEST(DigitFormat, SampleEqualsXSokoban1) {
  const Collection c = ReadFile(kShared + "/formats/seed-digits-xsokoban1.sok");
  EXPECT_EQ(c.format, Format::kDigits);
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  const Level& level = c.levels[0].level;
  EXPECT_EQ(level.Rows(), XSokoban(1).Rows());
  EXPECT_EQ(level.squares, XSokoban(1).squares);
  EXPECT_EQ(level.source_line, 1);
}

TEST(DigitFormat, SeveralBoardsAndErrors) {
  const Collection c = Read(
      "222220\n"
      "215320\n"
      "222220\n"
      "</end>\n"
      "22222\n"
      "21540\n"
      "22222\n"
      "</end>\n"
      "2222\n"
      "2612\n"
      "2222\n",
      Format::kDigits);
  ASSERT_EQ(c.levels.size(), 3u);
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  EXPECT_EQ(c.levels[0].level.Rows(), (std::vector<std::string>{"#####", "#@$.#", "#####"}));
  EXPECT_EQ(std::string(c.levels[1].status.message()),
            "line 6: unknown character '4' at column 4 of a digit row");
  EXPECT_EQ(std::string(c.levels[2].status.message()),
            "line 9: board is not closed by </end> (file cut off?)");
}

TEST(ActionScriptFormat, SampleLevelsEqualXSokoban1And2) {
  const Collection c = ReadFile(kShared + "/formats/seed-actionscript-levels.txt");
  EXPECT_EQ(c.format, Format::kActionScript);
  ASSERT_EQ(c.levels.size(), 3u);
  for (const LevelEntry& e : c.levels) EXPECT_TRUE(e.status.ok()) << e.status;
  EXPECT_EQ(c.levels[0].level.Rows(), XSokoban(1).Rows());
  EXPECT_EQ(c.levels[0].level.squares, XSokoban(1).squares);
  EXPECT_EQ(c.levels[1].level.squares, XSokoban(2).squares);
  EXPECT_EQ(c.levels[0].level.title, "Level 1");
  EXPECT_EQ(c.levels[0].level.source_line, 2);
  // Level 3 is XSokoban 3 with two wall squares opened by the seed's slip.
  std::vector<std::string> rows = XSokoban(3).Rows();
  ASSERT_EQ(rows[6], "#....  ## $  $  #");
  rows[6] = "#....     $  $  #";
  EXPECT_EQ(c.levels[2].level.Rows(), rows);
}

TEST(ActionScriptFormat, PiecesOnWallsOrOutsideAreErrors) {
  const std::string grid =
      "level1[0] = [2,2,2,2,2];\n"
      "level1[1] = [2,1,1,3,2];\n"
      "level1[2] = [2,2,2,2,2];\n";
  const Collection ok = Read(grid + "poussoir1 = [1,1];\nboules1 = [[2,01]];\n");
  EXPECT_TRUE(ok.levels[0].status.ok()) << ok.levels[0].status;
  const Collection on_wall = Read(grid + "poussoir1 = [1,1];\nboules1 = [[0,1]];\n");
  EXPECT_EQ(std::string(on_wall.levels[0].status.message()),
            "line 5: [0,1] is not an empty floor or goal square");
  const Collection outside = Read(grid + "poussoir1 = [9,1];\nboules1 = [[2,1]];\n");
  EXPECT_EQ(std::string(outside.levels[0].status.message()), "line 4: [9,1] is outside the grid");
  const Collection bad_code = Read("level1[0] = [2,7,2];\npoussoir1 = [1,0];\n");
  EXPECT_EQ(std::string(bad_code.levels[0].status.message()),
            "line 1: unknown square code 7 in row 0 of level1");
}

TEST(NiveauxFormat, TwelveByTwelveLines) {
  std::string grid(144, '0');
  const char* rows[] = {"111111", "140231", "111111"};
  for (int y = 0; y < 3; ++y) grid.replace(y * 12 + 2, 6, rows[y]);
  const std::string bad = std::string(143, '0');
  const Collection c = Read(grid + "\n" + bad + "\n" + grid + "\n");
  EXPECT_EQ(c.format, Format::kNiveaux);
  ASSERT_EQ(c.levels.size(), 3u);
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  EXPECT_EQ(c.levels[0].level.Rows(), (std::vector<std::string>{"######", "#@ $.#", "######"}));
  EXPECT_EQ(std::string(c.levels[1].status.message()), "line 2: expected 144 digits, found 143");
  EXPECT_TRUE(c.levels[2].status.ok());
  EXPECT_EQ(c.levels[2].level.source_line, 3);
}

TEST(DetectFormat, FromContentAndName) {
  EXPECT_EQ(DetectFormat("; 1\n#####\n#@$.#\n#####\n"), Format::kXsb);
  EXPECT_EQ(DetectFormat("#####\n#@$.#\n#####\n", "a.sok"), Format::kSok);
  EXPECT_EQ(DetectFormat("5#\n#@$.#\n5#\n"), Format::kSok);
  EXPECT_EQ(DetectFormat("Collection: x\n\n#####\n#@$.#\n#####\n"), Format::kSok);
  EXPECT_EQ(DetectFormat("22222\n21532\n22222\n</end>\n", "a.sok"), Format::kDigits);
  EXPECT_EQ(DetectFormat("22222\n21532\n22222\n"), Format::kDigits);
  EXPECT_EQ(DetectFormat(std::string(144, '1') + "\n"), Format::kNiveaux);
  EXPECT_EQ(DetectFormat("1111\n", "niveaux.lvl"), Format::kNiveaux);
  EXPECT_EQ(DetectFormat("poussoir1 = [1,1];\n"), Format::kActionScript);
}

TEST(DetectFormat, ExplicitFormatWins) {
  // Digits read as XSB hold no board at all.
  EXPECT_FALSE(ReadCollection("22222\n21532\n22222\n", Format::kXsb).ok());
  const Collection c = Read("#####\n#@$.#\n#####\n", Format::kSok);
  EXPECT_EQ(c.format, Format::kSok);
}

TEST(FormatNames, ParseAndPrint) {
  for (Format f : {Format::kAuto, Format::kXsb, Format::kSok, Format::kDigits,
                   Format::kActionScript, Format::kNiveaux}) {
    absl::StatusOr<Format> parsed = ParseFormatName(FormatName(f));
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, f);
  }
  EXPECT_EQ(*ParseFormatName("XSB"), Format::kXsb);
  EXPECT_FALSE(ParseFormatName("pdf").ok());
}

}  // namespace
}  // namespace sokoban
