// End-to-end tests of `sokoban render`: what it writes for good input, and
// that bad input (an invalid level, an illegal --solution, an unknown view,
// an unwritable OUT) gets a clear error and leaves nothing half-written.
// The SVG files and the page in a browser are checked by the system tests
// (tests/system/render_*_test.py).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli_test_util.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;
using testing_util::CliFixture;
using testing_util::Output;
using testing_util::Quote;
using testing_util::ReadAll;

using testing_util::kMicroban1;
using testing_util::kMicroban1Board;
using testing_util::kSolution1;

class RenderTest : public CliFixture {
 protected:
  // How many times needle occurs in text.
  static int Count(const std::string& text, const std::string& needle) {
    int n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
      ++n;
    }
    return n;
  }
  // Files in the scratch folder other than the test's own.
  std::vector<std::string> Leftovers() {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      if (name != "stdout.txt" && name != "stderr.txt" && name != "m1.xsb") names.push_back(name);
    }
    return names;
  }
};

TEST_F(RenderTest, WritesStillAndAnimatedSvg) {
  const std::string level = Write("m1.xsb", kMicroban1);
  Output o = Run("render " + Quote(level) + " -o -");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out.rfind("<svg", 0), 0u);
  EXPECT_NE(o.out.find("width=\"192\" height=\"224\""), std::string::npos);  // 6x7 squares of 32
  EXPECT_EQ(Count(o.out, "class=\"goal\""), 2);
  EXPECT_EQ(Count(o.out, "class=\"box"), 2);
  EXPECT_EQ(Count(o.out, "<animate"), 0);

  o = Run("render " + Quote(level) + " --view iso --solution " + kSolution1 + " -o " +
          Quote((dir_ / "a.svg").string()));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string svg = ReadAll(dir_ / "a.svg");
  EXPECT_NE(svg.find("sokoban-board iso"), std::string::npos);
  EXPECT_NE(svg.find("<animateTransform"), std::string::npos);
  EXPECT_NE(svg.find("data-moves=\"33\""), std::string::npos);
}

TEST_F(RenderTest, WritesOnePageForEveryLevel) {
  const std::string out = (dir_ / "page.html").string();
  Output o = Run("render " + Quote(std::string(SOKOBAN_SOURCE_DIR) + "/puzzles/microban.xsb") +
                 " --level 1-3 -o " + Quote(out));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string html = ReadAll(out);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(Count(html, "\"rows\":"), 3);
  // Self-contained: nothing fetched from elsewhere.
  EXPECT_EQ(Count(html, "src="), 0);
  EXPECT_EQ(Count(html, "http://"), 0);
  EXPECT_EQ(Count(html, "https://"), 0);
  EXPECT_EQ(Count(html, "{{"), 0);
}

TEST_F(RenderTest, TitlesCannotBreakOutOfThePageOrThePicture) {
  const std::string level =
      Write("m1.xsb", std::string("; </script><b>\"&amp;\n") + std::string(kMicroban1Board));
  const std::string page = (dir_ / "t.html").string();
  Output o = Run("render " + Quote(level) + " -o " + Quote(page));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string html = ReadAll(page);
  EXPECT_EQ(Count(html, "</script>"), 2);  // the data's and the script's own
  EXPECT_EQ(Count(html, "<b>"), 0);
  o = Run("render " + Quote(level) + " -o -");
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("<title>&lt;/script&gt;&lt;b&gt;&quot;&amp;amp;</title>"),
            std::string::npos);
}

TEST_F(RenderTest, IllegalSolutionNamesTheStepAndWritesNothing) {
  const std::string level = Write("m1.xsb", kMicroban1);
  const std::string out = (dir_ / "bad.svg").string();
  Output o = Run("render " + Quote(level) + " --solution dlUl -o " + Quote(out));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("step 4 'l': walks into a wall"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 1"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_TRUE(Leftovers().empty());

  o = Run("render " + Quote(level) + " --solution dlUx -o " + Quote(out));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("--solution"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(RenderTest, InvalidLevelIsReportedAndNotDrawn) {
  const std::string level = Write("m1.xsb", "; two players\n#####\n#@$.#\n#@  #\n#####\n");
  const std::string out = (dir_ / "x.svg").string();
  Output o = Run("render " + Quote(level) + " -o " + Quote(out));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("m1.xsb:2: level 1 \"two players\""), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(out));
  o = Run("render " + Quote(level) + " -o " + Quote((dir_ / "x.html").string()));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("not written"), std::string::npos) << o.err;
  EXPECT_TRUE(Leftovers().empty());
}

TEST_F(RenderTest, UnknownViewAndOutputAreUsageErrors) {
  const std::string level = Write("m1.xsb", kMicroban1);
  Output o = Run("render " + Quote(level) + " --view side -o -");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("unknown view 'side': say top or iso"), std::string::npos) << o.err;
  EXPECT_TRUE(o.out.empty());
  o = Run("render " + Quote(level) + " -o " + Quote((dir_ / "x.png").string()));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("name it .svg or .html"), std::string::npos) << o.err;
  o = Run("render " + Quote(level));
  EXPECT_EQ(o.code, 2);
  o = Run("render " + Quote(std::string(SOKOBAN_SOURCE_DIR) + "/puzzles/microban.xsb") +
          " --level 1-2 -o -");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("an SVG holds one level"), std::string::npos) << o.err;
  EXPECT_TRUE(Leftovers().empty());
}

TEST_F(RenderTest, UnwritableOutputFailsAndLeavesNothingBehind) {
  const std::string level = Write("m1.xsb", kMicroban1);
  Output o = Run("render " + Quote(level) + " -o " + Quote((dir_ / "no/such/dir/x.svg").string()));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("x.svg"), std::string::npos) << o.err;
  // OUT names a folder: nothing replaces it, and no temporary file is left
  // beside it (this holds for root too).
  fs::create_directory(dir_ / "x.svg");
  Write("x.svg/inside", "kept");
  o = Run("render " + Quote(level) + " -o " + Quote((dir_ / "x.svg").string()));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("x.svg"), std::string::npos) << o.err;
  EXPECT_EQ(ReadAll(dir_ / "x.svg" / "inside"), "kept");
  EXPECT_EQ(Leftovers(), std::vector<std::string>{"x.svg"});
}

TEST_F(RenderTest, SolveJournalFillsThePage) {
  // A `solve --journal` file holds the same per-level objects as `solve
  // --json`, after a line of options.
  const std::string level = Write("m1.xsb", kMicroban1);
  const std::string journal = (dir_ / "j.jsonl").string();
  Output o = Run("solve " + Quote(level) + " --journal " + Quote(journal));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string out = (dir_ / "p.html").string();
  o = Run("render " + Quote(level) + " --results " + Quote(journal) + " -o " + Quote(out));
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string html = ReadAll(out);
  EXPECT_EQ(Count(html, "\"result\":"), 1);
  EXPECT_NE(html.find("\"status\":\"solved\""), std::string::npos);
}

// The furthest position of a level left unsolved goes into its page entry;
// one that is not a position of the level (a board edited by hand) is left
// out with a note naming the level, and the rest of the page is written.
TEST_F(RenderTest, FurthestPositionIsDrawnOnlyWhenItIsTheLevels) {
  const std::string level = Write("m1.xsb", kMicroban1);
  const Output solved = Run("solve " + Quote(level) + " --json --max-expansions 1");
  ASSERT_EQ(solved.code, 1) << solved.err;
  const std::string out = (dir_ / "p.html").string();
  Output o = Run("render " + Quote(level) + " --results " + Quote(Write("r.jsonl", solved.out)) +
                 " -o " + Quote(out));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(Count(ReadAll(out), "\"furthest\":"), 1);
  // One row more than the level has.
  nlohmann::json r = nlohmann::json::parse(solved.out.substr(0, solved.out.find('\n')));
  for (auto& [name, p] : r["progress"].items()) p["position"].push_back("#####");
  o = Run("render " + Quote(level) + " --results " + Quote(Write("bad.jsonl", r.dump() + "\n")) +
          " -o " + Quote(out));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("level 1"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("the best position in"), std::string::npos) << o.err;
  const std::string html = ReadAll(out);
  EXPECT_EQ(Count(html, "\"furthest\":"), 0);
  EXPECT_EQ(Count(html, "\"result\":"), 1);
}

TEST_F(RenderTest, ResultsFileMustBeSolveOutput) {
  const std::string level = Write("m1.xsb", kMicroban1);
  const std::string results = Write("r.jsonl", "{\"file\": \"m1.xsb\", \"index\": 1}\nnot json\n");
  Output o = Run("render " + Quote(level) + " --results " + Quote(results) + " -o " +
                 Quote((dir_ / "p.html").string()));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("r.jsonl:2: not a JSON object"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(dir_ / "p.html"));
}

}  // namespace
}  // namespace sokoban
