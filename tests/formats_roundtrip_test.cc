// Every shared collection reads without errors, and writing it as XSB and as
// SOK then reading it back gives the same levels.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <string>

#include "common/level_io.h"
#include "tests/formats_test_util.h"

namespace sokoban {
namespace {

using testing_util::ExpectSameLevel;
using testing_util::Read;

const std::string kLevels = std::string(SOKOBAN_SHARED_DIR) + "/levels/";

void ExpectSameCollection(const Collection& a, const Collection& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.notes, b.notes);
  ASSERT_EQ(a.levels.size(), b.levels.size());
  for (size_t i = 0; i < a.levels.size(); ++i) {
    EXPECT_TRUE(b.levels[i].status.ok()) << b.levels[i].status;
    ExpectSameLevel(a.levels[i].level, b.levels[i].level);
  }
}

struct Expected {
  const char* file;
  size_t levels;
  bool named = true;  // its header gives the collection a name
};

class SharedCollection : public testing::TestWithParam<Expected> {};

TEST_P(SharedCollection, ReadsWithoutErrorsAndRoundTrips) {
  const std::string path = kLevels + GetParam().file;
  absl::StatusOr<Collection> c = ReadCollectionFile(path);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->format, Format::kXsb);
  EXPECT_EQ(!c->name.empty(), GetParam().named);
  ASSERT_EQ(c->levels.size(), GetParam().levels);
  for (const LevelEntry& e : c->levels) {
    EXPECT_TRUE(e.status.ok()) << path << " level " << e.index << ": " << e.status;
    EXPECT_FALSE(e.level.title.empty());
  }
  ExpectSameCollection(*c, Read(WriteXsb(*c)));
  const std::string sok = WriteSok(*c);
  ExpectSameCollection(*c, Read(sok));
  // Without a name or notes a SOK file reads as the XSB it then is.
  if (GetParam().named) EXPECT_EQ(Read(sok).format, Format::kSok);
}

INSTANTIATE_TEST_SUITE_P(
    Levels, SharedCollection,
    testing::Values(Expected{"microban.xsb", 155}, Expected{"microban2.xsb", 135},
                    Expected{"xsokoban90.xsb", 90}, Expected{"boxoban-hard-000.xsb", 1000},
                    Expected{"boxoban-medium-valid-000.xsb", 1000},
                    Expected{"boxoban-unfiltered-valid-000.xsb", 1000},
                    Expected{"sasquatch4.xsb", 50, false}, Expected{"sasquatch5.xsb", 50, false},
                    Expected{"grigr2001.xsb", 100, false}),
    [](const testing::TestParamInfo<Expected>& info) {
      // The file name as a test name: letters and digits only.
      std::string name;
      for (char c : std::string(info.param.file)) {
        if (std::isalnum(static_cast<unsigned char>(c))) name += c;
      }
      return name;
    });

TEST(SharedCollections, EveryXsbFileIsCovered) {
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kLevels)) {
    files += entry.path().extension() == ".xsb";
  }
  EXPECT_EQ(files, 9u);
}

TEST(Writers, KeepTrickyTitlesNotesAndSolutions) {
  Collection c;
  c.name = "Tricky";
  c.notes = {"Author: not the level's", "", "#### a wall of text"};
  Level level = Level::FromRows({"#####", "#@$.#", "#   #", "#####"});
  level.title = "lurd";
  level.author = "Someone";
  level.notes = {"plain note", "Title: inside a note", "; semicolon", "", "####"};
  level.solutions.push_back({"Solution", "R", {"Solver: by hand"}});
  level.solutions.push_back({"Best Solution", "Rl", {}});
  c.levels.push_back({1, level, absl::OkStatus()});
  Level second = Level::FromRows({"#####", "#.$@#", "#####"});
  second.title = "####";
  c.levels.push_back({2, second, absl::OkStatus()});
  Level third = Level::FromRows({"#####", "#.$@#", "#####"});
  c.levels.push_back({3, third, absl::OkStatus()});

  const Collection sok = Read(WriteSok(c));
  ASSERT_EQ(sok.levels.size(), 3u);
  EXPECT_EQ(sok.name, c.name);
  EXPECT_EQ(sok.notes, c.notes);
  for (int i = 0; i < 3; ++i) ExpectSameLevel(sok.levels[i].level, c.levels[i].level);

  const Collection xsb = Read(WriteXsb(c));
  ASSERT_EQ(xsb.levels.size(), 3u);
  EXPECT_EQ(xsb.name, c.name);
  EXPECT_EQ(xsb.notes, c.notes);
  for (int i = 0; i < 3; ++i) {
    Level expected = c.levels[i].level;
    expected.solutions.clear();  // XSB carries no solutions
    ExpectSameLevel(xsb.levels[i].level, expected);
  }
}

TEST(Writers, SokLayout) {
  Collection c;
  c.name = "Mine";
  Level level = Level::FromRows({"#####", "#@$.#", "#   #", "#####"}, "One");
  level.author = "Me";
  level.solutions.push_back({"Solution", std::string(75, 'r'), {}});
  c.levels.push_back({1, level, absl::OkStatus()});
  EXPECT_EQ(WriteSok(c),
            "Collection: Mine\n"
            "\n"
            "One\n"
            "#####\n"
            "#@$.#\n"
            "#   #\n"
            "#####\n"
            "Author: Me\n"
            "\n"
            "Solution\n" +
                std::string(70, 'r') + "\nrrrrr\n");
  EXPECT_EQ(WriteXsb(c),
            "; Collection: Mine\n"
            "\n"
            "; One\n"
            "#####\n"
            "#@$.#\n"
            "#   #\n"
            "#####\n"
            "; Author: Me\n");
}

TEST(Writers, EmptyInteriorRowIsWrittenWithAFloorMark) {
  Collection c;
  c.levels.push_back({1, Level::FromRows({"#####", "#@$.#", "", "#####"}), absl::OkStatus()});
  EXPECT_EQ(WriteXsb(c), "#####\n#@$.#\n-\n#####\n");
}

}  // namespace
}  // namespace sokoban
