// XSB and SOK reading: titles, metadata, board notations, run-length rows,
// solution sections, and per-level errors with their line numbers.
#include <gtest/gtest.h>

#include <string>

#include "common/level_io.h"
#include "common/moves.h"
#include "tests/formats_test_util.h"

namespace sokoban {
namespace {

using testing_util::Read;

// Microban 1 as the shared collection spells it (seven lines).
constexpr char kMicroban1Board[] = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";

Level Microban1() {
  return Level::FromRows({"####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####"});
}

TEST(XsbReader, TitlesAuthorCommentsAndNotes) {
  const Collection c = Read(
      "; My collection\n"
      ";\n"
      "\n"
      "; 1\n" +
      std::string(kMicroban1Board) +
      "Author: David W. Skinner\n"
      "Comment:\n"
      "first comment line\n"
      "\n"
      "#### not a board inside a comment\n"
      "Comment-End:\n"
      "Difficulty: easy\n"
      "\n" +
      kMicroban1Board +
      "Title: Second\n"
      "COMMENT: one line\n");
  ASSERT_EQ(c.levels.size(), 2u);
  EXPECT_EQ(c.notes, (std::vector<std::string>{"My collection", ""}));
  const Level& first = c.levels[0].level;
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  EXPECT_EQ(first.title, "1");
  EXPECT_EQ(first.author, "David W. Skinner");
  EXPECT_EQ(first.notes,
            (std::vector<std::string>{"first comment line", "", "#### not a board inside a comment",
                                      "Difficulty: easy"}));
  EXPECT_EQ(first.source_line, 5);
  EXPECT_EQ(first.squares, Microban1().squares);
  const Level& second = c.levels[1].level;
  EXPECT_EQ(second.title, "Second");
  EXPECT_EQ(second.notes, (std::vector<std::string>{"one line"}));
  EXPECT_EQ(second.source_line, 20);
}

TEST(XsbReader, AlternativeFloorAndPieceLettersAndRaggedIndentedRows) {
  const Collection c = Read(
      "   ####\n"
      "   #_.#\n"
      "   #--###\n"
      "   #Bp--#\n"
      "   #  b #\n"
      "   #  ###\n"
      "   ####\n");
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  Level expected = Microban1();
  expected.source_line = 1;
  EXPECT_EQ(c.levels[0].level, expected);
  EXPECT_EQ(c.levels[0].level.width, 6);
}

TEST(XsbReader, PlayerOnGoalLetterAndEmptyInteriorRow) {
  const Collection c = Read(
      "#####\n"
      "#P$ #\n"
      "#---#\n"
      "#.$ #\n"
      "#####\n");
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  EXPECT_EQ(c.levels[0].level.Rows(),
            (std::vector<std::string>{"#####", "#+$ #", "#   #", "#.$ #", "#####"}));
}

TEST(XsbReader, DigitAndTitleLinesAreNotBoardRows) {
  const Collection c = Read(
      "; 1\n"
      "1\n"
      "Title: 1\n"
      "\n"
      "2\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "   \n"
      "#####\n"
      "#.$@#\n"
      "#####\n");
  ASSERT_EQ(c.levels.size(), 2u);
  EXPECT_EQ(c.levels[0].level.title, "2");
  EXPECT_EQ(c.levels[0].level.source_line, 6);
  EXPECT_EQ(c.notes, (std::vector<std::string>{"1", "1", "Title: 1"}));
  // The line of spaces is blank: it ends the first board.
  EXPECT_EQ(c.levels[1].level.source_line, 10);
  EXPECT_TRUE(c.levels[1].status.ok());
}

TEST(XsbReader, CrlfLineEnds) {
  const Collection c = Read("; A\r\n#####\r\n#@$.#\r\n#####\r\nAuthor: Me\r\n");
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_TRUE(c.levels[0].status.ok());
  EXPECT_EQ(c.levels[0].level.title, "A");
  EXPECT_EQ(c.levels[0].level.author, "Me");
  EXPECT_EQ(c.levels[0].level.Rows(), (std::vector<std::string>{"#####", "#@$.#", "#####"}));
}

TEST(XsbReader, EachBadLevelIsReportedWithItsLineAndTheRestStillRead) {
  const Collection c = Read(
      "; no player\n"  // 1
      "#####\n"        // 2
      "# $.#\n"        // 3
      "#####\n"        // 4
      "\n"             // 5
      "#######\n"      // 6  two players
      "#@$.@ #\n"      // 7
      "#######\n"      // 8
      "\n"             // 9
      "######\n"       // 10 boxes != goals
      "#@$$.#\n"       // 11
      "######\n"       // 12
      "\n"             // 13
      "####\n"         // 14 no boxes
      "#@.#\n"         // 15
      "####\n"         // 16
      "\n"             // 17
      "#####\n"        // 18 box outside the reachable floor
      "#@$.#\n"        // 19
      "#####\n"        // 20
      "#$ .#\n"        // 21
      "#####\n"        // 22
      "\n"             // 23
      "#####\n"        // 24 open boundary
      "#@$.\n"         // 25
      "#####\n"        // 26
      "\n"             // 27
      "#####\n"        // 28 unknown character
      "#@$X.#\n"       // 29
      "#####\n"        // 30
      "\n"             // 31
      "5#\n"           // 32 RLE error
      "#@$.2\n"        // 33
      "5#\n"           // 34
      "\n"             // 35
      "#####\n"        // 36 fine
      "#@$.#\n"        // 37
      "#####\n"        // 38
      "Solution\n");   // 39 cut off
  ASSERT_EQ(c.levels.size(), 9u);
  auto message = [&](int i) { return std::string(c.levels[i].status.message()); };
  EXPECT_EQ(message(0), "line 2: no player");
  EXPECT_EQ(message(1), "line 6: 2 players; a level has exactly one");
  EXPECT_EQ(message(2), "line 10: 2 boxes but 1 goals");
  EXPECT_EQ(message(3), "line 14: no boxes");
  EXPECT_EQ(message(4),
            "line 18: box at row 4, column 2 is outside the player's reach and not on a goal");
  EXPECT_EQ(message(5),
            "line 24: open boundary: the player can walk off the board at row 2, "
            "column 5");
  EXPECT_EQ(message(6), "line 29: unknown character 'X' at column 4 of a board row");
  EXPECT_EQ(message(7).rfind("line 33: run-length row: ", 0), 0u) << message(7);
  EXPECT_EQ(message(8), "line 39: solution 'Solution' has no move string (file cut off?)");
  EXPECT_EQ(c.levels[0].level.title, "no player");
  for (int i = 0; i < 9; ++i) EXPECT_EQ(c.levels[i].index, i + 1);
}

TEST(XsbReader, BoardCutOffAtTheEndOfTheText) {
  const Collection c = Read("#####\n#@$.#\n#####\n\n#####\n#@$.#\n##");
  ASSERT_EQ(c.levels.size(), 2u);
  EXPECT_TRUE(c.levels[0].status.ok());
  EXPECT_EQ(std::string(c.levels[1].status.message()),
            "line 5: open boundary: the player can walk off the board at row 3, column 3 "
            "(board at end of file: cut off?)");
}

TEST(XsbReader, HugeLineIsAnErrorForItsLevelOnly) {
  std::string text = "#####\n#@$.#\n" + std::string(2 << 20, '#') + "\n\n#####\n#@$.#\n#####\n";
  const Collection c = Read(text);
  ASSERT_EQ(c.levels.size(), 2u);
  EXPECT_EQ(std::string(c.levels[0].status.message()),
            "line 3: line is longer than 1048576 characters");
  EXPECT_TRUE(c.levels[1].status.ok());
}

TEST(XsbReader, HugeRunLengthCountFailsFast) {
  const Collection c = Read("#####\n#@$.#\n999999999#\n");
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_EQ(std::string(c.levels[0].status.message()).rfind("line 3: run-length row:", 0), 0u);
}

TEST(XsbReader, UnclosedCommentBlockIsAnError) {
  const Collection c = Read("#####\n#@$.#\n#####\nComment:\nsomething\n");
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_EQ(std::string(c.levels[0].status.message()),
            "line 4: Comment: block is not closed by Comment-End:");
  EXPECT_EQ(c.levels[0].level.notes, (std::vector<std::string>{"something"}));
}

TEST(SokReader, FileNotesRemarksCollectionAndTitleRule) {
  const Collection c = Read(
      "Collection: Small ones\n"
      "These levels are small.\n"
      ":: a remark for people only\n"
      "\n"
      "First\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "A note on First.\n"
      "\n"
      "two lines of text\n"
      "are not a title\n"
      "#####\n"
      "#.$@#\n"
      "#####\n"
      "\n"
      "Third\n"
      "\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "\n"
      "Author: someone\n"
      "#####\n"
      "#.$@#\n"
      "#####\n");
  ASSERT_EQ(c.levels.size(), 4u);
  EXPECT_EQ(c.name, "Small ones");
  EXPECT_EQ(c.notes, (std::vector<std::string>{"These levels are small."}));
  EXPECT_EQ(c.levels[0].level.title, "First");
  // Two lines of text are no title: they are notes of the level above.
  EXPECT_EQ(c.levels[0].level.notes,
            (std::vector<std::string>{"A note on First.", "two lines of text", "are not a title"}));
  EXPECT_EQ(c.levels[1].level.title, "");
  EXPECT_EQ(c.levels[2].level.title, "Third");
  // A key line is never a title; the author belongs to the level above it.
  EXPECT_EQ(c.levels[3].level.title, "");
  EXPECT_EQ(c.levels[2].level.author, "someone");
  for (const LevelEntry& e : c.levels) EXPECT_TRUE(e.status.ok()) << e.status;
}

// Files that head each board with a `Title:` line: after a blank line and
// directly above a board, it names that board (`Title:` stripped), also
// above the first board; a `Title:` note under a board still names the
// level above it.
TEST(SokReader, TitleKeyLinesHeadingBoards) {
  const Collection c = Read(
      "Title: a\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "\n"
      "Title: b\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "Title: c\n"
      "\n"
      "#####\n"
      "#@$.#\n"
      "#####\n");
  ASSERT_EQ(c.levels.size(), 3u);
  EXPECT_EQ(c.levels[0].level.title, "a");
  EXPECT_EQ(c.levels[1].level.title, "c");
  EXPECT_EQ(c.levels[2].level.title, "");
  EXPECT_TRUE(c.notes.empty());
  for (const LevelEntry& e : c.levels) {
    EXPECT_TRUE(e.status.ok()) << e.status;
    EXPECT_TRUE(e.level.notes.empty()) << e.level.title;
  }
}

// A `Title:` line directly above a board names that board even without a
// blank line before it: after file notes, after a level's notes.
TEST(SokReader, TitleKeyLineDirectlyAboveBoardAfterNotes) {
  const Collection c = Read(
      "Some file note\n"
      "Title: a\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "\n"
      "A note of a\n"
      "Title: b\n"
      "#####\n"
      "#@$.#\n"
      "#####\n");
  ASSERT_EQ(c.levels.size(), 2u);
  EXPECT_EQ(c.levels[0].level.title, "a");
  EXPECT_EQ(c.levels[1].level.title, "b");
  EXPECT_EQ(c.notes, (std::vector<std::string>{"Some file note"}));
  EXPECT_EQ(c.levels[0].level.notes, (std::vector<std::string>{"A note of a"}));
  EXPECT_TRUE(c.levels[1].level.notes.empty());
}

TEST(SokReader, RunLengthRowsGroupsAndRowSeparators) {
  const Collection c = Read(
      "4#\n"
      "#-.#\n"
      "#2-3#\n"
      "#*p2-#\n"
      "#2-b-#\n"
      "#2-3#\n"
      "4#\n"
      "\n"
      "4#|#-.#|#2-3#|#*p2-#|#2-b-#|#2-3#|4#\n"
      "\n"
      "2(3#)#\n"
      "#@$.2(-)#\n"
      "7#\n");
  ASSERT_EQ(c.levels.size(), 3u);
  EXPECT_EQ(c.levels[0].level.squares, Microban1().squares);
  EXPECT_EQ(c.levels[1].level.squares, Microban1().squares);
  EXPECT_EQ(c.levels[2].level.Rows(), (std::vector<std::string>{"#######", "#@$.  #", "#######"}));
  EXPECT_TRUE(c.levels[2].status.ok()) << c.levels[2].status;
  EXPECT_EQ(Read("--3#|3#-#|#pb.#|5#\n").levels[0].level.Rows(),
            (std::vector<std::string>{"  ###", "### #", "#@$.#", "#####"}));
}

TEST(SokReader, SolutionSectionsWithWrappedAndRunLengthMoves) {
  const Collection c = Read("1\n" + std::string(kMicroban1Board) +
                            "Title: Microban 1\n"
                            "\n"
                            "Solution/Moves\n"
                            "dlUrrrdLullddrUluRuulDr\n"
                            "ddrruLdlUU\n"
                            "Solver: by hand\n"
                            "Date: today\n"
                            "\n"
                            "Best Solution\n"
                            "dlU3rdLu2l2drUluR2ulDr2d2ruLdl2U\n"
                            "\n"
                            "Save\n"
                            "2(dl)\n");
  ASSERT_EQ(c.levels.size(), 1u);
  const Level& level = c.levels[0].level;
  EXPECT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  EXPECT_EQ(level.title, "Microban 1");
  ASSERT_EQ(level.solutions.size(), 3u);
  EXPECT_EQ(level.solutions[0].title, "Solution/Moves");
  EXPECT_EQ(level.solutions[0].moves, "dlUrrrdLullddrUluRuulDrddrruLdlUU");
  EXPECT_EQ(level.solutions[0].notes, (std::vector<std::string>{"Solver: by hand", "Date: today"}));
  EXPECT_EQ(level.solutions[1].title, "Best Solution");
  EXPECT_EQ(level.solutions[1].moves, level.solutions[0].moves);
  EXPECT_EQ(level.solutions[2].moves, "dldl");
  const ReplayResult r = Replay(level, level.solutions[1].moves);
  EXPECT_TRUE(r.valid) << r.error;
  EXPECT_TRUE(r.solved);
}

TEST(SokReader, BrokenMoveStringIsAnErrorAtItsLine) {
  const Collection c = Read("#####\n#@$.#\n#####\n\nSolution\n3(rR\n");
  ASSERT_EQ(c.levels.size(), 1u);
  EXPECT_EQ(std::string(c.levels[0].status.message()).rfind("line 6: solution 'Solution': ", 0), 0u)
      << c.levels[0].status;
}

TEST(SokReader, HandWrittenSolutionRoundTripsAndReplaysToSolved) {
  const std::string text =
      "Collection: Hand made\n"
      "\n"
      "Microban 1\n"
      "####\n"
      "#-.#\n"
      "#--###\n"
      "#*@--#\n"
      "#--$-#\n"
      "#--###\n"
      "####\n"
      "Author: David W. Skinner\n"
      "\n"
      "Solution\n"
      "dlU3rdLu2l2drUlu\n"
      "R2ulDr2d2ruLdl2U\n"
      "Found by hand\n";
  const Collection c = Read(text);
  ASSERT_EQ(c.levels.size(), 1u);
  ASSERT_TRUE(c.levels[0].status.ok()) << c.levels[0].status;
  const Level& level = c.levels[0].level;
  ASSERT_EQ(level.solutions.size(), 1u);
  EXPECT_EQ(level.solutions[0].notes, (std::vector<std::string>{"Found by hand"}));
  const ReplayResult r = Replay(level, level.solutions[0].moves);
  EXPECT_TRUE(r.valid) << r.error;
  EXPECT_TRUE(r.solved);
  EXPECT_EQ(r.metrics.moves, 33);
  const Collection again = Read(WriteSok(c));
  EXPECT_EQ(again.name, "Hand made");
  ASSERT_EQ(again.levels.size(), 1u);
  testing_util::ExpectSameLevel(again.levels[0].level, level);
}

}  // namespace
}  // namespace sokoban
