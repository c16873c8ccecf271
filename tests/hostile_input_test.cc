// Hostile input end to end, through the built `sokoban` executable: huge
// files and lines, run-length bombs, binary bytes, odd line ends, giant
// boards, paths that cannot be read, closed standard input. Each must end
// with a clear error naming the file and the reason (exit 2 for input that
// cannot be read, 1 for an invalid level) or a correct answer, in bounded
// time and memory. `timeout 60` guards against hangs (a hang shows as exit
// code 124); outside the sanitizer build an address-space limit (ulimit -v)
// guards against runaway memory.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_test_util.h"
#include "common/level_io.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;
using testing_util::CliFixture;
using testing_util::Output;
using testing_util::Quote;
using testing_util::ReadAll;

const char kLevel[] = "; ok\n#####\n#@$.#\n#####\n";

class HostileInput : public CliFixture {
 protected:
  // Runs `sokoban ARGS` under a hang guard and, where it works (not with
  // AddressSanitizer, which reserves terabytes of address space), a 2 GiB
  // address-space limit. redirect_stdin is the shell redirection for
  // standard input.
  Output RunGuarded(const std::string& args, const std::string& redirect_stdin = "</dev/null") {
    std::string limit;
#ifndef SOKOBAN_SANITIZED
    limit = "ulimit -v 2097152; ";
#endif
    return RunWith(limit + "exec timeout 60 ", args, redirect_stdin);
  }
};

TEST_F(HostileInput, HundredMegabyteFileIsReadInBoundedMemory) {
  // 100 MB of comment lines with one level at the end: the tool reads it
  // all (it is under the 256 MiB cap) and finds the level.
  const fs::path path = dir_ / "big.xsb";
  {
    std::ofstream out(path, std::ios::binary);
    const std::string line = "; " + std::string(97, 'x') + "\n";  // 100 bytes
    for (int i = 0; i < 1000000; ++i) out << line;
    out << "\n" << kLevel;
  }
  ASSERT_GE(fs::file_size(path), size_t{100000000});
  Output o = RunGuarded("info " + Quote(path.string()));
  fs::remove(path);
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("1 level"), std::string::npos) << o.out.substr(0, 500);
  EXPECT_NE(o.out.find("5x3, 1 box"), std::string::npos) << o.out.substr(0, 500);
}

TEST_F(HostileInput, FileOverTheSizeCapIsRefusedWithoutReadingIt) {
  // A sparse 300 MB file: refused from its size alone.
  const fs::path path = dir_ / "huge.xsb";
  { std::ofstream out(path, std::ios::binary); }
  fs::resize_file(path, 300000000);
  Output o = RunGuarded("info " + Quote(path.string()));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(path.string() + ": file is larger than 256 MiB"), std::string::npos)
      << o.err;
}

TEST_F(HostileInput, TenMegabyteLineIsAnErrorForItsLevelOnly) {
  const std::string path =
      Write("long.xsb", std::string(kLevel) + "\n; long\n#" + std::string(10000000, ' ') +
                            "#\n\n; last\n#####\n#@$.#\n#####\n");
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.err.find("long.xsb:7: level 2 \"long\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("longer than"), std::string::npos) << o.err;
  // The levels around it are read.
  EXPECT_NE(o.out.find("1 \"ok\": 5x3"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("3 \"last\": 5x3"), std::string::npos) << o.out;
}

TEST_F(HostileInput, RunLengthBombsInBoardsAreErrors) {
  const std::string nested = std::string(100, '(') + "#" + std::string(100, ')');
  const std::string path =
      Write("rle.sok", std::string("huge count\n999999999#\n#@$.#\n5#\n\n") +
                           "product\n9(9(9(9(9(9(9(9(9(9#)))))))))\n#@$.#\n5#\n\n" + "deep\n" +
                           nested + "\n#@$.#\n5#\n\n" + kLevel);
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.err.find("rle.sok:2: level 1 \"huge count\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("too large"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 2 \"product\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("too long"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 3 \"deep\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("nested more than 64 deep"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("4 \"ok\": 5x3"), std::string::npos) << o.out;
}

// Fifty stored solutions of 60 million moves each: 1 KB of text that used
// to expand to 3 GB. The file's solutions share a budget of 64 Mi moves
// (plus 4 a byte of the file).
TEST_F(HostileInput, RunLengthBombsInStoredSolutions) {
  std::string text = "Level\n#####\n#@$.#\n#####\n\n";
  for (int i = 1; i <= 50; ++i) text += "Solution " + std::to_string(i) + "\n60000000r\n\n";
  const std::string path = Write("solutions.sok", text);
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.err.find("solutions.sok:10: level 1 \"Level\": solution 'Solution 2': move string: "
                       "run-length count at column 1 is too large"),
            std::string::npos)
      << o.err;
}

TEST_F(HostileInput, RunLengthBombsInMovesAreErrors) {
  const std::string path = Write("one.xsb", kLevel);
  for (const std::string& moves :
       {std::string("999999999r"), std::string("9(9(9(9(9(9(9(9(9(9r)))))))))"),
        std::string(100, '(') + "R" + std::string(100, ')')}) {
    Output o = RunGuarded("verify " + Quote(path) + " --solution " + Quote(moves));
    EXPECT_EQ(o.code, 2) << moves << "\n" << o.err;
    EXPECT_NE(o.err.find("--solution"), std::string::npos) << o.err;
  }
}

TEST_F(HostileInput, NulBytesAreBinaryData) {
  const std::string path = Write("nul.xsb", std::string(kLevel) + std::string(64, '\0'));
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(path + ": not level text (binary data)"), std::string::npos) << o.err;
}

TEST_F(HostileInput, InvalidUtf8TitleGivesValidJson) {
  const std::string path = Write("utf.xsb", "; caf\xC3 \xFF\xFE\n#####\n#@$.#\n#####\n");
  Output o = RunGuarded("info --json " + Quote(path));
  EXPECT_EQ(o.code, 0) << o.err;
  const std::vector<nlohmann::json> lines = testing_util::JsonLines(o.out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["valid"], true);
  EXPECT_EQ(lines[0]["boxes"], 1);
}

TEST_F(HostileInput, CrlfAndCrOnlyLineEnds) {
  for (const std::string& eol : {std::string("\r\n"), std::string("\r")}) {
    const std::string path =
        Write("eol.xsb", "; A" + eol + "#####" + eol + "#@$.#" + eol + "#####" + eol + eol + "; B" +
                             eol + "######" + eol + "#@ $.#" + eol + "######" + eol);
    Output o = RunGuarded("verify " + Quote(path) + " --level 2 --solution rR");
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("\"B\""), std::string::npos) << o.out;
    o = RunGuarded("info " + Quote(path));
    EXPECT_EQ(o.code, 0) << o.err;
    EXPECT_NE(o.out.find("2 levels"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("1 \"A\": 5x3, 1 box, 3 floor"), std::string::npos) << o.out;
  }
}

TEST_F(HostileInput, ThousandSquareBoardIsTooLarge) {
  std::string text = "; giant\n" + std::string(1000, '#') + "\n";
  std::string row = "#" + std::string(998, ' ') + "#\n";
  row[1] = '@';
  text += row;
  row[1] = '$';
  text += row;
  row[1] = '.';
  text += row;
  row[1] = ' ';
  for (int i = 0; i < 995; ++i) text += row;
  text += std::string(1000, '#') + "\n\n" + kLevel;
  const std::string path = Write("giant.xsb", text);
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.err.find("giant.xsb:2: level 1 \"giant\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("255"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("2 \"ok\": 5x3"), std::string::npos) << o.out;
  o = RunGuarded("solve -t 5 " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.out.find("level 1 \"giant\": invalid"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("level 2 \"ok\": solved"), std::string::npos) << o.out;
}

// A 102x42 room holding 2000 boxes on their goals but one: read and
// measured correctly, and the solver stops within its limits.
TEST_F(HostileInput, TwoThousandBoxes) {
  std::string text = "; crowd\n" + std::string(102, '#') + "\n";
  int boxes = 0;
  for (int y = 0; y < 40; ++y) {
    std::string row = "#";
    for (int x = 0; x < 100; ++x) {
      char c = ' ';
      if (y % 2 == 0 && boxes < 2000 && x > 0) {
        c = '*';
        ++boxes;
      }
      row += c;
    }
    text += row + "#\n";
  }
  text += std::string(102, '#') + "\n";
  // Put the player in the top-left corner, and move one box off its goal.
  text[text.find('\n') + 1 + 103 + 1] = '@';
  const size_t star = text.find('*', text.find('\n') + 1 + 103 * 4);
  ASSERT_NE(star, std::string::npos);
  text[star] = '$';
  text[star + 103] = '.';
  const std::string path = Write("crowd.xsb", text);
  Output o = RunGuarded("info --json " + Quote(path));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::vector<nlohmann::json> lines = testing_util::JsonLines(o.out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["valid"], true) << lines[0];
  EXPECT_EQ(lines[0]["width"], 102);
  EXPECT_EQ(lines[0]["boxes"], boxes - 0);
  o = RunGuarded("solve --json -t 2 --memory-limit 256 " + Quote(path));
  const std::vector<nlohmann::json> solved = testing_util::JsonLines(o.out);
  ASSERT_EQ(solved.size(), 2u) << o.err;
  const std::string status = solved[0]["status"];
  EXPECT_TRUE(status == "solved" || status == "timeout" || status == "memory") << status;
  EXPECT_EQ(o.code, status == "solved" ? 0 : 1);
}

// 200x200 squares of open floor: more than the solver's square indices can
// name. `info` measures it; `solve` reports it invalid with the reason
// (it used to crash) and goes on.
TEST_F(HostileInput, RoomTooLargeForTheSolver) {
  std::string text = "; vast\n" + std::string(200, '#') + "\n";
  for (int y = 1; y < 199; ++y) {
    std::string row = "#" + std::string(198, ' ') + "#\n";
    if (y == 1) row[1] = '@';
    if (y == 100) row[100] = '$', row[150] = '.';
    text += row;
  }
  text += std::string(200, '#') + "\n\n" + kLevel;
  const std::string path = Write("vast.xsb", text);
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("1 \"vast\": 200x200, 1 box, 39204 floor"), std::string::npos) << o.out;
  o = RunGuarded("solve -t 5 " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.out.find("level 1 \"vast\": invalid"), std::string::npos) << o.out;
  EXPECT_NE(o.err.find("board has 39204 floor squares; at most 32767"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("level 2 \"ok\": solved"), std::string::npos) << o.out;
}

TEST_F(HostileInput, LevelsWithoutFloorOrPlayerAreInvalid) {
  const std::string path =
      Write("nofloor.xsb",
            "; walls\n#####\n#####\n\n; box in wall\n###\n#$#\n###\n\n" + std::string(kLevel));
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.err.find("nofloor.xsb:2: level 1 \"walls\""), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 2 \"box in wall\""), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("3 \"ok\": 5x3"), std::string::npos) << o.out;
}

TEST_F(HostileInput, UnreadablePaths) {
  const std::string good = Write("good.xsb", kLevel);
  struct Case {
    std::string path, reason;
  };
  const std::vector<Case> cases = {
      {dir_.string(), "is a directory"},
      {(dir_ / "missing.xsb").string(), "no such file"},
      // A regular file used as a folder: unreadable whoever runs the test.
      {good + "/level.xsb", "Not a directory"},
      // A file the kernel refuses to read from (I/O error at offset 0).
      {"/proc/self/mem", "cannot read"},
  };
  for (const Case& c : cases) {
    Output o = RunGuarded("info " + Quote(c.path) + " " + Quote(good));
    EXPECT_EQ(o.code, 2) << c.path << "\n" << o.err;
    EXPECT_NE(o.err.find(c.path + ": "), std::string::npos) << o.err;
    EXPECT_NE(o.err.find(c.reason), std::string::npos) << o.err;
    // The readable file is still reported.
    EXPECT_NE(o.out.find("1 \"ok\": 5x3"), std::string::npos) << o.out;
  }
}

TEST_F(HostileInput, PipesAndEndlessDevices) {
  // A named pipe nobody writes to reads as empty instead of hanging.
  const std::string fifo = (dir_ / "fifo.xsb").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  Output o = RunGuarded("info " + Quote(fifo));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(fifo + ": file is empty"), std::string::npos) << o.err;
  // An endless device stops at the size cap.
  o = RunGuarded("info /dev/zero");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("/dev/zero: file is larger than 256 MiB"), std::string::npos) << o.err;
}

TEST_F(HostileInput, FileWithoutReadPermission) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every file";
  const std::string path = Write("secret.xsb", kLevel);
  fs::permissions(path, fs::perms::none);
  Output o = RunGuarded("info " + Quote(path));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find(path + ": cannot read: Permission denied"), std::string::npos) << o.err;
}

TEST_F(HostileInput, ClosedStandardInput) {
  Output o = RunGuarded("info -", "<&-");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("-: cannot read standard input"), std::string::npos) << o.err;
}

TEST_F(HostileInput, EmptyAndBinaryStandardInput) {
  Output o = RunGuarded("info -");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("-: standard input is empty"), std::string::npos) << o.err;
  o = RunGuarded("info -", "<" + Quote(SOKOBAN_BINARY));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("not level text (binary data)"), std::string::npos) << o.err;
}

}  // namespace
}  // namespace sokoban
