// End-to-end tests of `sokoban solve` and `sokoban bench`: output lines and
// JSON keys, exit codes, determinism across --threads, limits, -o and
// --write-back.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/level_io.h"
#include "common/moves.h"
#include "solver/solver.h"
#include "tests/cli_test_util.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;

using testing_util::CliFixture;
using testing_util::Lines;
using testing_util::Output;
using testing_util::Quote;
using testing_util::ReadAll;

std::vector<nlohmann::json> Json(const std::string& text) { return testing_util::JsonLines(text); }

const std::string kMicroban = std::string(SOKOBAN_SHARED_DIR) + "/levels/microban.xsb";
const std::string kXsokoban = std::string(SOKOBAN_SHARED_DIR) + "/levels/xsokoban90.xsb";

// A SOK file with everything write-back must keep: a collection header, file
// notes, a level with notes and a stored solution, an unsolvable level and an
// invalid one.
const std::string kSok = absl::StrCat(
    "Collection: Write-back test\n"
    "A file note that must survive.\n"
    "\n"
    "First\n",
    testing_util::kMicroban1Board,
    "Author: David W. Skinner\n"
    "A level note that must survive.\n"
    "\n"
    "Solution (hand)\n",
    testing_util::kSolution1,
    "\n"
    "\n"
    "Corner\n"
    "#####\n"
    "#$  #\n"
    "#  .#\n"
    "# @ #\n"
    "#####\n"
    "\n"
    "Corridor\n"
    "#######\n"
    "#@ $ .#\n"
    "#######\n"
    "\n"
    "Broken\n"
    "#####\n"
    "#$ .#\n"
    "#####\n");

using SolveCliTest = CliFixture;

TEST_F(SolveCliTest, SolvesAndPrintsOneLinePerLevelThenASummary) {
  Output o = Run("solve " + Quote(kMicroban) + " --level 1-3");
  EXPECT_EQ(o.code, 0) << o.err;
  const std::vector<std::string> lines = Lines(o.out);
  ASSERT_EQ(lines.size(), 4u) << o.out;
  for (int i = 0; i < 3; ++i) {
    EXPECT_NE(lines[i].find("level " + std::to_string(i + 1) + " \"" + std::to_string(i + 1) +
                            "\": solved"),
              std::string::npos)
        << lines[i];
    // The LURD string ends the line and solves the level.
    const std::string lurd = lines[i].substr(lines[i].rfind(' ') + 1);
    absl::StatusOr<Collection> c = ReadCollectionFile(kMicroban);
    ASSERT_TRUE(c.ok());
    const ReplayResult r = Replay(c->levels[i].level, lurd);
    EXPECT_TRUE(r.valid && r.solved) << lines[i];
  }
  EXPECT_NE(lines[3].find("Solved 3 of 3"), std::string::npos) << lines[3];
  EXPECT_EQ(o.err, "");  // stderr is not a terminal: no progress line
}

TEST_F(SolveCliTest, JsonKeysAndTypes) {
  const std::string f = Write("mixed.sok", kSok);
  Output o = Run("solve --json " + Quote(f));
  EXPECT_EQ(o.code, 1);  // Corner is unsolvable, Broken invalid
  const std::vector<nlohmann::json> j = Json(o.out);
  ASSERT_EQ(j.size(), 5u) << o.out;
  const char* statuses[] = {"solved", "unsolvable", "solved", "invalid"};
  for (int i = 0; i < 4; ++i) {
    const nlohmann::json& l = j[i];
    EXPECT_EQ(l["index"], i + 1);
    EXPECT_EQ(l["status"], statuses[i]) << l.dump();
    EXPECT_TRUE(l["title"].is_string());
    EXPECT_TRUE(l["moves"].is_number_integer());
    EXPECT_TRUE(l["pushes"].is_number_integer());
    EXPECT_TRUE(l["seconds"].is_number());
    EXPECT_TRUE(l["states"].is_number_integer());
    EXPECT_TRUE(l["push_optimal"].is_boolean());
    for (const char* key : {"mode", "stored", "bytes_per_state", "box_lines", "box_changes",
                            "pushing_sessions", "player_lines"}) {
      EXPECT_TRUE(l.contains(key)) << key;
    }
    const bool solved = l["status"] == "solved";
    EXPECT_EQ(l["solution"].is_string(), solved);
    EXPECT_EQ(l["solution"].is_null(), !solved);
    EXPECT_EQ(l["error"].is_null(), l["status"] != "invalid");
  }
  EXPECT_EQ(j[2]["solution"], "rRR");
  EXPECT_EQ(j[2]["pushes"], 2);
  EXPECT_TRUE(j[3]["error"].is_string());
  const nlohmann::json& s = j[4]["summary"];
  EXPECT_EQ(s["levels"], 4);
  EXPECT_EQ(s["solved"], 2);
  EXPECT_EQ(s["unsolvable"], 1);
  EXPECT_EQ(s["invalid"], 1);
  EXPECT_EQ(s["timeout"], 0);
  EXPECT_EQ(s["memory"], 0);
  EXPECT_TRUE(s["seconds"].is_number());
  EXPECT_TRUE(s["peak_rss_kib"].is_number_integer());
  EXPECT_GT(s["peak_rss_kib"].get<long>(), 0);
  // The broken level is also reported on stderr, with file and title.
  EXPECT_NE(o.err.find("\"Broken\""), std::string::npos) << o.err;
}

TEST_F(SolveCliTest, SameStatesWhateverTheThreadCount) {
  const std::string args = "solve --json --level 1-12 " + Quote(kMicroban);
  const std::vector<nlohmann::json> one = Json(Run(args + " --threads 1").out);
  const std::vector<nlohmann::json> two = Json(Run(args + " --threads 2").out);
  const std::vector<nlohmann::json> again = Json(Run(args + " --threads 2").out);
  ASSERT_EQ(one.size(), 13u);
  ASSERT_EQ(two.size(), 13u);
  for (size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(one[i]["index"], two[i]["index"]);  // input order kept
    EXPECT_EQ(one[i]["states"], two[i]["states"]) << i;
    EXPECT_EQ(one[i]["states"], again[i]["states"]) << i;
    EXPECT_EQ(one[i]["solution"], two[i]["solution"]) << i;
  }
  EXPECT_EQ(one[12]["summary"]["states"], two[12]["summary"]["states"]);
}

TEST_F(SolveCliTest, LimitsGiveTimeoutAndMemory) {
  // XSokoban 29 is far out of reach of a fraction of a second or 1 MiB.
  Output t = Run("solve --json --level 29 --time-limit 0.3 " + Quote(kXsokoban));
  EXPECT_EQ(t.code, 1);
  EXPECT_EQ(Json(t.out).at(0)["status"], "timeout") << t.out;
  Output m = Run("solve --json --level 29 --time-limit 60 --memory-limit 1 " + Quote(kXsokoban));
  EXPECT_EQ(m.code, 1);
  EXPECT_EQ(Json(m.out).at(0)["status"], "memory") << m.out;
  Output e = Run("solve --json --level 29 --max-expansions 1000 " + Quote(kXsokoban));
  EXPECT_EQ(Json(e.out).at(0)["status"], "timeout") << e.out;
}

// A level left unsolved says how far the push searches got: in the text
// line, and in --json as best_on_goals and each push member's progress.
TEST_F(SolveCliTest, UnsolvedLevelSaysHowFarItGot) {
  const std::string args = "--level 29 --max-expansions 3000 " + Quote(kXsokoban);
  Output t = Run("solve " + args);
  EXPECT_EQ(t.code, 1);
  const std::string line = Lines(t.out).at(0);
  EXPECT_NE(line.find(": timeout, "), std::string::npos) << line;
  const size_t at = line.find(", at best ");
  ASSERT_NE(at, std::string::npos) << line;
  EXPECT_NE(line.find(" of 16 boxes on goals", at), std::string::npos) << line;
  Output j = Run("solve --json " + args);
  const nlohmann::json r = Json(j.out).at(0);
  ASSERT_TRUE(r["best_on_goals"].is_number_integer()) << r.dump();
  const int best = r["best_on_goals"].get<int>();
  EXPECT_EQ(line.substr(at), absl::StrCat(", at best ", best, " of 16 boxes on goals"));
  ASSERT_TRUE(r["progress"].is_object());
  EXPECT_FALSE(r["progress"].contains("pull"));
  int most = -1;
  for (const auto& [name, p] : r["progress"].items()) {
    ASSERT_TRUE(r["members"].contains(name)) << name;
    EXPECT_LE(p["at"].get<uint64_t>(), r["members"][name].get<uint64_t>()) << name;
    most = std::max(most, p["on_goals"].get<int>());
  }
  EXPECT_EQ(most, best);
  // A solved level's line ends with its solution.
  Output s = Run("solve --level 1 " + Quote(kMicroban));
  EXPECT_EQ(Lines(s.out).at(0).find("at best"), std::string::npos);
}

// --best-positions writes, for each level left unsolved, the furthest
// position as a level of its own: the one --json gives, on the level's
// board, with as many boxes on goals as the line says. Solved levels are
// left out; a file that cannot be written is exit code 2.
TEST_F(SolveCliTest, BestPositionsAreWrittenAsLevels) {
  const std::string out = (dir_ / "best.sok").string();
  const std::string args = "--level 1,29,52 --max-expansions 20000 " + Quote(kXsokoban);
  Output t = Run("solve --best-positions " + Quote(out) + " " + args);
  EXPECT_EQ(t.code, 1) << t.err;
  Output j = Run("solve --json " + args);
  const std::vector<nlohmann::json> records = Json(j.out);
  absl::StatusOr<Collection> best = ReadCollectionFile(out);
  ASSERT_TRUE(best.ok()) << best.status();
  ASSERT_EQ(best->levels.size(), 2u);  // 29 and 52: level 1 is solved
  EXPECT_EQ(records.at(0)["status"], "solved");
  for (int k = 0; k < 2; ++k) {
    const nlohmann::json& r = records.at(k + 1);
    const Level& level = best->levels[k].level;
    ASSERT_TRUE(best->levels[k].status.ok()) << best->levels[k].status;
    const int on_goals = r["best_on_goals"].get<int>();
    const int boxes = r["boxes"].get<int>();
    EXPECT_EQ(level.title,
              absl::StrCat(r["title"].get<std::string>(), ", best ", on_goals, " of ", boxes));
    // The rows of the member that got there first, as in --json.
    std::vector<std::string> rows;
    uint64_t first = UINT64_MAX;
    std::string member;
    for (const auto& [name, p] : r["progress"].items()) {
      if (p["on_goals"] == on_goals && p["at"].get<uint64_t>() < first) {
        first = p["at"].get<uint64_t>();
        rows = p["position"].get<std::vector<std::string>>();
        member = name;
      }
    }
    EXPECT_EQ(level.Rows(), rows);
    EXPECT_EQ(std::count(level.squares.begin(), level.squares.end(), '*'), on_goals);
    EXPECT_EQ(std::count_if(level.squares.begin(), level.squares.end(), IsBoxChar), boxes);
    ASSERT_FALSE(level.notes.empty());
    EXPECT_NE(level.notes[0].find("`" + member + "` search"), std::string::npos) << level.notes[0];
    // Its walls and goals are the level's.
    absl::StatusOr<Collection> source = ReadCollectionFile(kXsokoban);
    ASSERT_TRUE(source.ok());
    const Level& start = source->levels.at(r["index"].get<int>() - 1).level;
    ASSERT_EQ(level.width, start.width);
    ASSERT_EQ(level.height, start.height);
    for (size_t i = 0; i < level.squares.size(); ++i) {
      EXPECT_EQ(level.squares[i] == '#', start.squares[i] == '#') << i;
      EXPECT_EQ(IsGoalChar(level.squares[i]), IsGoalChar(start.squares[i])) << i;
    }
  }
  // A solved level has no position in --json either.
  EXPECT_FALSE(records.at(0)["progress"].begin().value().contains("position"));
  Output bad = Run("solve --best-positions " + Quote((dir_ / "no/such/dir/best.sok").string()) +
                   " --level 29 --max-expansions 100 " + Quote(kXsokoban));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("best.sok"), std::string::npos) << bad.err;
}

// --member runs one search of the fast-mode portfolio alone: each solves
// Microban 1.
TEST_F(SolveCliTest, MemberRunsOneSearchAlone) {
  for (const char* member : {"features", "pull", "plain", "ownopen", "unlearned"}) {
    Output o =
        Run(std::string("solve --json --level 1 --member ") + member + " " + Quote(kMicroban));
    EXPECT_EQ(o.code, 0) << member << ": " << o.err;
    EXPECT_EQ(Json(o.out).at(0)["status"], "solved") << member;
  }
}

// solve --help names, for --member, exactly the members it takes.
TEST_F(SolveCliTest, HelpNamesEveryMember) {
  const std::string help = Run("solve --help").out;
  const size_t from = help.find("search NAME (");
  ASSERT_NE(from, std::string::npos) << help;
  const size_t to = help.find(')', from);
  ASSERT_NE(to, std::string::npos);
  std::vector<std::string> listed;
  std::istringstream words(help.substr(from + 13, to - from - 13));
  for (std::string word; words >> word;) {
    if (word.back() == ',') word.pop_back();
    listed.push_back(word);
  }
  const std::vector<std::string_view> names = FastMemberNames();
  EXPECT_EQ(listed, std::vector<std::string>(names.begin(), names.end()));
}

TEST_F(SolveCliTest, OptimalModeReportsPushOptimal) {
  Output o = Run("solve --json --mode optimal --level 1 " + Quote(kMicroban));
  EXPECT_EQ(o.code, 0) << o.err;
  const nlohmann::json l = Json(o.out).at(0);
  EXPECT_EQ(l["pushes"], 8);
  EXPECT_EQ(l["push_optimal"], true);
  EXPECT_EQ(l["mode"], "optimal");
}

// solve --help lists, under --prune, exactly the technique words the
// parser knows, and each word it lists is accepted, alone and taken out.
TEST_F(SolveCliTest, HelpNamesEveryPruneWord) {
  const std::string help = Run("solve --help").out;
  const size_t from = help.find("--prune LIST", help.find("Options:"));
  const size_t to = help.find("--members LIST", from);
  ASSERT_NE(from, std::string::npos) << help;
  ASSERT_NE(to, std::string::npos) << help;
  std::vector<std::string> listed;
  std::istringstream lines(help.substr(from, to - from));
  for (std::string line; std::getline(lines, line);) {
    // A word's line: spaces, the word, a colon.
    const size_t start = line.find_first_not_of(' ');
    const size_t colon = line.find(':');
    if (start == std::string::npos || colon == std::string::npos || colon <= start) continue;
    const std::string word = line.substr(start, colon - start);
    if (std::all_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
      listed.push_back(word);
  }
  std::vector<std::string> known;
  for (const auto& [name, line] : PruneTechniques()) known.emplace_back(name);
  EXPECT_EQ(listed, known);
  for (const std::string& word : listed) {
    for (const std::string& list : {word, "default,-" + word}) {
      Output o = Run("solve --json --level 1 --prune " + list + " " + Quote(kMicroban));
      EXPECT_EQ(o.code, 0) << list << ": " << o.err;
      EXPECT_EQ(Json(o.out).at(0)["status"], "solved") << list;
    }
  }
  EXPECT_EQ(Run("solve --level 1 --prune default,-nothing " + Quote(kMicroban)).code, 2);
  EXPECT_EQ(Run("solve --level 1 --members default,-nothing " + Quote(kMicroban)).code, 2);
}

TEST_F(SolveCliTest, BadUsageAndUnreadableInputExitTwo) {
  const std::string f = Quote(Write("m.sok", kSok));
  EXPECT_EQ(Run("solve").code, 2);
  EXPECT_EQ(Run("solve --mode slow " + f).code, 2);
  EXPECT_EQ(Run("solve --prune nothing " + f).code, 2);
  EXPECT_EQ(Run("solve --member nothing " + f).code, 2);
  EXPECT_EQ(Run("solve --member pull --mode optimal " + f).code, 2);
  EXPECT_EQ(
      Run("solve --member pull --journal " + Quote((dir_ / "j.jsonl").string()) + " " + f).code, 2);
  EXPECT_EQ(Run("solve --threads 0 " + f).code, 2);
  EXPECT_EQ(Run("solve --time-limit -1 " + f).code, 2);
  EXPECT_EQ(Run("solve --level 9 " + f).code, 2);
  Output missing = Run("solve " + Quote((dir_ / "nope.xsb").string()));
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("nope.xsb"), std::string::npos);
  // A missing file next to a good one: the good one is still solved.
  Output mixed = Run("solve --level 3 " + f + " " + Quote((dir_ / "nope.xsb").string()));
  EXPECT_EQ(mixed.code, 2);
  EXPECT_NE(mixed.out.find("\"Corridor\": solved"), std::string::npos) << mixed.out;
  // An output that cannot be written.
  EXPECT_EQ(
      Run("solve --level 3 " + f + " -o " + Quote((dir_ / "no/such/dir/x.sok").string())).code, 2);
  EXPECT_EQ(Run("solve --help").code, 0);
  EXPECT_NE(Run("solve --help").out.find("--write-back"), std::string::npos);
}

TEST_F(SolveCliTest, OutputFileHoldsLevelsWithSolutions) {
  const std::string f = Write("m.sok", kSok);
  const std::string out = (dir_ / "out.sok").string();
  EXPECT_EQ(Run("solve " + Quote(f) + " -o " + Quote(out)).code, 1);
  absl::StatusOr<Collection> c = ReadCollectionFile(out);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->levels.size(), 3u);  // the broken level is left out
  // The hand solution stays first; the found one follows unless it is the
  // same moves. Every stored solution solves its level.
  ASSERT_GE(c->levels[0].level.solutions.size(), 1u);
  EXPECT_EQ(c->levels[0].level.solutions[0].title, "Solution (hand)");
  for (const LevelEntry& e : c->levels) {
    for (const Solution& s : e.level.solutions) {
      const ReplayResult r = Replay(e.level, s.moves);
      EXPECT_TRUE(r.valid && r.solved) << e.level.title;
    }
  }
  ASSERT_EQ(c->levels[2].level.solutions.size(), 1u);
  EXPECT_EQ(c->levels[2].level.solutions[0].moves, "rRR");
  EXPECT_EQ(c->levels[2].level.solutions[0].title, "Solution");
  EXPECT_TRUE(c->levels[1].level.solutions.empty());  // unsolvable
}

TEST_F(SolveCliTest, WriteBackKeepsEveryOtherLine) {
  const std::string f = Write("m.sok", kSok);
  Output o = Run("solve --write-back " + Quote(f));
  EXPECT_EQ(o.code, 1) << o.err;  // Corner unsolvable, Broken invalid
  const std::string after = ReadAll(f);
  // Every line of the original is still there, in order.
  const std::vector<std::string> before_lines = Lines(kSok), after_lines = Lines(after);
  size_t at = 0;
  for (const std::string& line : before_lines) {
    if (line.empty()) continue;
    while (at < after_lines.size() && after_lines[at] != line) ++at;
    EXPECT_LT(at, after_lines.size()) << "lost line: " << line << "\n" << after;
  }
  absl::StatusOr<Collection> c = ReadCollectionFile(f);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->levels.size(), 4u);
  const Level& corridor = c->levels[2].level;
  ASSERT_EQ(corridor.solutions.size(), 1u);
  EXPECT_EQ(corridor.solutions[0].moves, "rRR");
  EXPECT_EQ(c->levels[0].level.solutions.at(0).title, "Solution (hand)");

  // A second run finds the same solutions: nothing is added twice.
  Run("solve --write-back " + Quote(f));
  EXPECT_EQ(ReadAll(f), after);
}

TEST_F(SolveCliTest, WriteBackRewritesXsbAsSokKeepingItsContent) {
  const std::string f = Write("two.xsb",
                              "; A file comment\n"
                              "\n"
                              "; Corridor\n"
                              "#######\n"
                              "#@ $ .#\n"
                              "#######\n"
                              "; Author: Someone\n"
                              "\n"
                              "; Corner\n"
                              "#####\n"
                              "#$  #\n"
                              "#  .#\n"
                              "# @ #\n"
                              "#####\n");
  absl::StatusOr<Collection> before = ReadCollectionFile(f);
  ASSERT_TRUE(before.ok());
  EXPECT_EQ(Run("solve --write-back " + Quote(f)).code, 1);  // Corner is unsolvable
  absl::StatusOr<Collection> after = ReadCollectionFile(f);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_NE(ReadAll(f).find("\nSolution\nrRR\n"), std::string::npos) << ReadAll(f);
  EXPECT_EQ(after->notes, before->notes);
  ASSERT_EQ(after->levels.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    const Level &a = after->levels[i].level, &b = before->levels[i].level;
    EXPECT_EQ(a.title, b.title);
    EXPECT_EQ(a.author, b.author);
    EXPECT_EQ(a.notes, b.notes);
    EXPECT_EQ(a.Rows(), b.Rows());
  }
  ASSERT_EQ(after->levels[0].level.solutions.size(), 1u);
  EXPECT_EQ(after->levels[0].level.solutions[0].moves, "rRR");
  EXPECT_TRUE(after->levels[1].level.solutions.empty());
  EXPECT_EQ(Run("verify --level 1 " + Quote(f)).code, 0);
}

TEST_F(SolveCliTest, WriteBackRefusesFormatsThatCannotHoldSolutions) {
  const std::string digits = Write("level.txt",
                                   "11111\n"
                                   "10001\n"
                                   "14351\n"
                                   "10001\n"
                                   "11111\n");
  const std::string before = ReadAll(digits);
  Output o = Run("solve --write-back --format digits " + Quote(digits));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("--write-back"), std::string::npos) << o.err;
  EXPECT_EQ(ReadAll(digits), before);
}

TEST_F(SolveCliTest, SigintStopsCleanlyWithASummary) {
  const fs::path out = dir_ / "out.txt";
  // XSokoban 29 runs far longer than the 0.5 s before the signal.
  const std::string cmd = Quote(SOKOBAN_BINARY) + " solve --json --time-limit 60 --level 1,29 " +
                          Quote(kXsokoban) + " >" + Quote(out.string()) +
                          " 2>/dev/null & pid=$!; sleep 0.5; kill -INT $pid; wait $pid";
  const int status = std::system(("bash -c " + Quote(cmd)).c_str());
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1);
  const std::vector<nlohmann::json> j = Json(ReadAll(out));
  ASSERT_FALSE(j.empty());
  EXPECT_TRUE(j.back().contains("summary"));
  const nlohmann::json& s = j.back()["summary"];
  EXPECT_EQ(s["levels"], 2);
  EXPECT_GE(s["cancelled"].get<int>() + s["not_started"].get<int>(), 1) << s.dump();
  // One line per level before the summary, cancelled ones included.
  EXPECT_EQ(j.size(), 3u);
}

TEST_F(SolveCliTest, BenchIsDeterministic) {
  Output a = Run("bench --level-set microban");
  Output b = Run("bench --level-set microban");
  EXPECT_EQ(a.code, 0) << a.err;
  const std::string last_a = Lines(a.out).back(), last_b = Lines(b.out).back();
  EXPECT_EQ(last_a.substr(0, 7), "Bench: ");
  EXPECT_EQ(last_a, last_b);
  EXPECT_GT(std::stoull(last_a.substr(7)), 0u);
  EXPECT_EQ(Run("bench --level-set nothing").code, 2);
  EXPECT_EQ(Run("bench --bogus").code, 2);
  Output help = Run("help bench");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("Bench: N"), std::string::npos) << help.out;
  EXPECT_NE(Run("--help").out.find("solve"), std::string::npos);
}

}  // namespace
}  // namespace sokoban
