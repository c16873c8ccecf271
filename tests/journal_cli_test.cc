// End-to-end tests of running in parts: `solve --shard` and `generate
// --shard` (the union of the shards is the unsharded run), `--journal`
// (resumes after a SIGKILL, even one in the middle of a write; refuses a
// journal of other options; solves again a level whose journaled solution
// does not replay) and `sokoban merge` (missing, duplicate, foreign and
// corrupt parts are named and give exit 1).
//
// The SIGKILL in the middle of a journal write uses the journal's test hook
// (SOKOBAN_TEST_JOURNAL_PAUSE_AT=N: the N-th record is written in two halves
// with a pause between them).
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tests/cli_test_util.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_util::CliFixture;
using testing_util::JsonLines;
using testing_util::Output;
using testing_util::Quote;
using testing_util::ReadAll;
using testing_util::Spawn;
using testing_util::WaitChild;

const std::string kMicroban = std::string(SOKOBAN_SHARED_DIR) + "/levels/microban.xsb";
// A deterministic budget: results must compare equal across runs.
const std::string kSolve = "solve --json --max-expansions 20000 " + Quote(kMicroban);
const std::string kGenerate = "generate --count 12 --seed 5 --size 9x9 --boxes 3";

// A level's result without the fields that vary from run to run (time).
json Stable(json j) {
  j.erase("seconds");
  return j;
}

// Per-level lines of a --json output or journal, keyed by index.
std::map<int, json> ByIndex(const std::string& text) {
  std::map<int, json> m;
  for (const json& j : JsonLines(text)) {
    if (j.contains("index") && j.contains("status")) m[j["index"].get<int>()] = Stable(j);
  }
  return m;
}

class JournalCli : public CliFixture {
 protected:
  std::string Path(const std::string& name) { return (dir_ / name).string(); }
  // Replaces the first occurrence of from in file.
  void Edit(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = ReadAll(file);
    const size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    Write(fs::path(file).filename().string(), text);
  }
};

TEST_F(JournalCli, SolveShardsTogetherAreTheUnshardedRun) {
  for (const std::string& sel : {std::string("3-40"), std::string("1,5,9-14,30-33")}) {
    const Output whole = Run(kSolve + " --level " + sel);
    ASSERT_EQ(whole.code, 0) << whole.err;
    const std::map<int, json> expected = ByIndex(whole.out);
    for (int n : {1, 2, 3, 7}) {
      std::map<int, json> united;
      std::string parts;
      for (int k = 1; k <= n; ++k) {
        const std::string part = Path(absl::StrCat("s", n, "-", k, ".json"));
        const Output o =
            Run(absl::StrCat(kSolve, " --level ", sel, " --shard ", k, "/", n, " --threads 2"));
        EXPECT_EQ(o.code, 0) << o.err;
        Write(fs::path(part).filename().string(), o.out);
        for (auto& [index, line] : ByIndex(ReadAll(part))) {
          EXPECT_TRUE(united.emplace(index, line).second) << "level " << index << " twice, n=" << n;
        }
        parts += " " + Quote(part);
      }
      EXPECT_EQ(united, expected) << "selection " << sel << ", " << n << " shards";
      // merge joins the --json outputs into the unsharded lines.
      const Output m =
          Run(absl::StrCat("merge --json --level ", sel, " ", Quote(kMicroban), " --from", parts));
      ASSERT_EQ(m.code, 0) << m.err;
      EXPECT_EQ(ByIndex(m.out), expected);
      const std::vector<json> lines = JsonLines(m.out);
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(lines.back()["summary"]["states"],
                JsonLines(whole.out).back()["summary"]["states"]);
      EXPECT_EQ(lines.back()["summary"]["solved"],
                JsonLines(whole.out).back()["summary"]["solved"]);
    }
  }
}

TEST_F(JournalCli, ShardIsCheckedAndAppliedAfterTheSelection) {
  EXPECT_EQ(Run(kSolve + " --shard 0/3").code, 2);
  EXPECT_EQ(Run(kSolve + " --shard 4/3").code, 2);
  EXPECT_EQ(Run(kSolve + " --shard 2").code, 2);
  const Output o = Run(kSolve + " --level 10-20 --shard 2/4");
  ASSERT_EQ(o.code, 0) << o.err;
  std::vector<int> got;
  for (const auto& [index, line] : ByIndex(o.out)) got.push_back(index);
  EXPECT_EQ(got, (std::vector<int>{11, 15, 19}));
}

TEST_F(JournalCli, GenerateShardsMergeIntoTheUnshardedPackByteForByte) {
  const std::string pack = Path("pack.sok");
  ASSERT_EQ(Run(kGenerate + " -o " + Quote(pack)).code, 0);
  const std::string expected = ReadAll(pack);
  ASSERT_NE(expected.find("Level 12"), std::string::npos);
  for (int n : {1, 2, 3, 7}) {
    std::string parts;
    for (int k = 1; k <= n; ++k) {
      const std::string part = Path(absl::StrCat("g", n, "-", k, ".jsonl"));
      const Output o = Run(absl::StrCat(kGenerate, " --shard ", k, "/", n, " --journal ",
                                        Quote(part), k % 2 ? " --threads 2" : ""));
      ASSERT_EQ(o.code, 0) << o.err;
      EXPECT_TRUE(o.out.empty());  // a shard's result is its journal
      parts += " " + Quote(part);
    }
    const std::string merged = Path(absl::StrCat("merged", n, ".sok"));
    const Output m = Run("merge -o " + Quote(merged) + " --from" + parts);
    ASSERT_EQ(m.code, 0) << m.err;
    EXPECT_EQ(ReadAll(merged), expected) << n << " shards";
  }
  // An unsharded journaled run writes the pack itself.
  const std::string journaled = Path("journaled.sok");
  ASSERT_EQ(
      Run(kGenerate + " --journal " + Quote(Path("u.jsonl")) + " -o " + Quote(journaled)).code, 0);
  EXPECT_EQ(ReadAll(journaled), expected);
  EXPECT_EQ(Run(kGenerate + " --shard 1/2").code, 2);  // no journal
}

TEST_F(JournalCli, GenerateMergeNamesMissingDuplicateForeignAndCorruptShards) {
  const std::string a = Path("a.jsonl"), b = Path("b.jsonl"), c = Path("c.jsonl");
  ASSERT_EQ(Run(kGenerate + " --shard 1/2 --journal " + Quote(a)).code, 0);
  ASSERT_EQ(Run(kGenerate + " --shard 2/2 --journal " + Quote(b)).code, 0);
  ASSERT_EQ(Run(kGenerate + " --difficulty easy --shard 2/2 --journal " + Quote(c)).code, 0);
  Output o = Run("merge -o " + Quote(Path("x.sok")) + " --from " + Quote(a));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("shard 2/2: missing"), std::string::npos) << o.err;
  o = Run("merge -o " + Quote(Path("x.sok")) + " --from " + Quote(a) + " " + Quote(b) + " " +
          Quote(a));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("shard 1/2: in both " + a + " and " + a), std::string::npos) << o.err;
  o = Run("merge -o " + Quote(Path("x.sok")) + " --from " + Quote(a) + " " + Quote(c));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find(c + ": made with other options"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("difficulty"), std::string::npos) << o.err;
  // A level whose solution was altered.
  const std::string text = ReadAll(b);
  const size_t moves = text.find("\"moves\":\"");
  ASSERT_NE(moves, std::string::npos);
  std::string bad = text;
  bad[moves + 9] = bad[moves + 9] == 'u' ? 'd' : 'u';
  Write("b.jsonl", bad);
  o = Run("merge -o " + Quote(Path("x.sok")) + " --from " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find(b + ": shard 2/2: level of attempt"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(Path("x.sok")));
  // The shard run again finds the bad level and makes it again.
  o = Run(kGenerate + " --shard 2/2 --journal " + Quote(b));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.err.find("running it again"), std::string::npos) << o.err;
  o = Run("merge -o " + Quote(Path("x.sok")) + " --from " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(o.code, 0) << o.err;
}

TEST_F(JournalCli, ResumeSkipsWhatIsDoneAndGivesTheSameResult) {
  const std::string journal = Path("run.jsonl");
  const Output whole = Run(kSolve + " --level 1-12");
  const Output first = Run(kSolve + " --level 1-12 --journal " + Quote(journal));
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_EQ(testing_util::Lines(ReadAll(journal)).size(), 13u);  // header + 12
  const Output again = Run(kSolve + " --level 1-12 --journal " + Quote(journal));
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.err.find("12 levels done already"), std::string::npos) << again.err;
  EXPECT_EQ(testing_util::Lines(ReadAll(journal)).size(), 13u);  // nothing solved twice
  EXPECT_EQ(ByIndex(again.out), ByIndex(whole.out));
}

// A level left unsolved keeps how far it got: a resumed run prints the same
// progress, positions included, and writes the same --best-positions file.
TEST_F(JournalCli, ResumeKeepsTheFurthestPositions) {
  const std::string journal = Path("run.jsonl");
  const std::string solve = "solve --json --max-expansions 3000 --level 29,52 " +
                            Quote(std::string(SOKOBAN_SHARED_DIR) + "/levels/xsokoban90.xsb");
  const Output first =
      Run(solve + " --journal " + Quote(journal) + " --best-positions " + Quote(Path("first.sok")));
  ASSERT_EQ(first.code, 1) << first.err;
  const Output again =
      Run(solve + " --journal " + Quote(journal) + " --best-positions " + Quote(Path("again.sok")));
  ASSERT_EQ(again.code, 1) << again.err;
  EXPECT_NE(again.err.find("2 levels done already"), std::string::npos) << again.err;
  const std::map<int, json> a = ByIndex(first.out), b = ByIndex(again.out);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(b, a);
  for (const auto& [index, r] : a) {
    for (const auto& [name, p] : r["progress"].items())
      EXPECT_FALSE(p["position"].empty()) << index << " " << name;
  }
  EXPECT_FALSE(ReadAll(Path("first.sok")).empty());
  EXPECT_EQ(ReadAll(Path("again.sok")), ReadAll(Path("first.sok")));
  // A position edited into another board's (a wall taken out of its first
  // row) is found, and the level solved again: the same records.
  const std::string row = a.at(29)["progress"].begin().value()["position"][0];
  const size_t wall = row.find('#');
  ASSERT_NE(wall, std::string::npos);
  std::string edited = row;
  edited[wall] = ' ';
  Edit(journal, "[\"" + row + "\"", "[\"" + edited + "\"");
  const Output fixed = Run(solve + " --journal " + Quote(journal));
  ASSERT_EQ(fixed.code, 1) << fixed.err;
  EXPECT_NE(fixed.err.find("search is not one of this level; solving it again"), std::string::npos)
      << fixed.err;
  EXPECT_EQ(ByIndex(fixed.out), a);
}

TEST_F(JournalCli, KillDuringAJournalWriteDropsTheHalfLineAndRedoesTheLevel) {
  const std::string journal = Path("run.jsonl");
  const std::string out = Path("out.txt"), err = Path("err.txt");
  const std::vector<std::string> args = {"solve", "--json",    "--max-expansions",
                                         "20000", kMicroban,   "--level",
                                         "1-8",   "--journal", journal};
  const pid_t pid = Spawn(args, out, err, {"SOKOBAN_TEST_JOURNAL_PAUSE_AT=5"});
  // Wait for the fifth record to be half written: the file then ends
  // without a newline.
  const auto start = std::chrono::steady_clock::now();
  bool half = false;
  while (!half && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    const std::string text = ReadAll(journal);
    half = testing_util::Lines(text).size() == 6 && !text.empty() && text.back() != '\n';
    if (!half) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(pid, SIGKILL);
  EXPECT_EQ(WaitChild(pid), -SIGKILL);
  ASSERT_TRUE(half) << ReadAll(journal);
  const Output resumed = Run(kSolve + " --level 1-8 --journal " + Quote(journal));
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("run.jsonl:6: last line cut short"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("4 levels done already"), std::string::npos) << resumed.err;
  // Every line complete, each level once, the same results as one run.
  const std::string text = ReadAll(journal);
  EXPECT_EQ(testing_util::Lines(text).size(), 9u) << text;
  EXPECT_EQ(ByIndex(text), ByIndex(Run(kSolve + " --level 1-8").out));
  EXPECT_EQ(ByIndex(resumed.out), ByIndex(text));
}

TEST_F(JournalCli, RandomKillsThenResumeGiveTheUninterruptedResult) {
  const std::string journal = Path("run.jsonl");
  const std::vector<std::string> args = {"solve", "--json",    "--max-expansions",
                                         "20000", kMicroban,   "--level",
                                         "1-40",  "--journal", journal};
  for (int delay_ms : {15, 40, 80}) {
    const pid_t pid = Spawn(args, Path("o.txt"), Path("e.txt"));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(pid, SIGKILL);
    WaitChild(pid);
  }
  const Output resumed = Run(kSolve + " --level 1-40 --journal " + Quote(journal));
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(ByIndex(resumed.out), ByIndex(Run(kSolve + " --level 1-40").out));
  // No level twice in the journal unless its first line was cut short.
  std::map<int, int> seen;
  for (const json& j : JsonLines(ReadAll(journal))) {
    if (j.contains("index")) ++seen[j["index"].get<int>()];
  }
  EXPECT_EQ(seen.size(), 40u);
  for (const auto& [index, count] : seen) EXPECT_EQ(count, 1) << index;
}

TEST_F(JournalCli, AJournalOfOtherOptionsIsRefused) {
  const std::string journal = Path("run.jsonl");
  ASSERT_EQ(Run(kSolve + " --level 1-3 --journal " + Quote(journal)).code, 0);
  const std::string before = ReadAll(journal);
  struct Case {
    std::string args, names;
  };
  for (const Case& c : {Case{"solve --json --max-expansions 30000", "max_expansions"},
                        Case{"solve --json --max-expansions 20000 --mode optimal", "mode"},
                        Case{"solve --json --max-expansions 20000 --prune dead", "prune"},
                        Case{"solve --json --max-expansions 20000 --time-limit 3", "time_limit"},
                        Case{"solve --json --max-expansions 20000 --shard 1/2", "shard"},
                        Case{"solve --json --max-expansions 20000 --optimize", "optimize"}}) {
    const Output o =
        Run(c.args + " " + Quote(kMicroban) + " --level 1-3 --journal " + Quote(journal));
    EXPECT_EQ(o.code, 2) << c.args;
    EXPECT_NE(o.err.find("other options (" + c.names + ":"), std::string::npos) << o.err;
    EXPECT_TRUE(o.out.empty());
  }
  EXPECT_EQ(ReadAll(journal), before);
  const std::string gen = Path("gen.jsonl");
  ASSERT_EQ(Run(kGenerate + " --shard 1/2 --journal " + Quote(gen)).code, 0);
  const Output g = Run(kGenerate + " --shard 1/2 --difficulty easy --journal " + Quote(gen));
  EXPECT_EQ(g.code, 2);
  EXPECT_NE(g.err.find("other options (difficulty:"), std::string::npos) << g.err;
  EXPECT_EQ(Run(kSolve + " --journal " + Quote(gen)).code, 2);  // not a solve journal
}

TEST_F(JournalCli, ACorruptedSolutionInTheJournalIsFoundAndSolvedAgain) {
  const std::string journal = Path("run.jsonl");
  const Output whole = Run(kSolve + " --level 1-4");
  ASSERT_EQ(Run(kSolve + " --level 1-4 --journal " + Quote(journal)).code, 0);
  const std::string solution = ByIndex(whole.out)[2]["solution"].get<std::string>();
  std::string broken = solution;
  broken[0] = broken[0] == 'u' ? 'd' : 'u';
  Edit(journal, "\"solution\":\"" + solution + "\"", "\"solution\":\"" + broken + "\"");
  const Output o = Run(kSolve + " --level 1-4 --journal " + Quote(journal));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.err.find("level 2 \"2\": journal " + journal), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("solving it again"), std::string::npos) << o.err;
  EXPECT_EQ(ByIndex(o.out), ByIndex(whole.out));
  // The good record is appended; the last record of a level counts.
  EXPECT_EQ(Run("merge --json --level 1-4 " + Quote(kMicroban) + " --from " + Quote(journal)).code,
            0);
}

TEST_F(JournalCli, MergeNamesMissingDuplicateForeignAndCorruptParts) {
  std::vector<std::string> parts;
  for (int k = 1; k <= 3; ++k) {
    parts.push_back(Path(absl::StrCat("p", k, ".jsonl")));
    ASSERT_EQ(
        Run(absl::StrCat(kSolve, " --level 1-9 --shard ", k, "/3 --journal ", Quote(parts.back())))
            .code,
        0);
  }
  const std::string merge =
      "merge " + Quote(kMicroban) + " --level 1-9 -o " + Quote(Path("all.sok")) + " --from ";
  // Complete: exit 0 and the SOK holds every level with its solution.
  Output o = Run(merge + Quote(parts[0]) + " " + Quote(parts[1]) + " " + Quote(parts[2]));
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("Solved 9 of 9 levels"), std::string::npos) << o.out;
  ASSERT_TRUE(fs::exists(Path("all.sok")));
  fs::remove(Path("all.sok"));
  // Missing: shard 3 left out; its levels 3, 6, 9 are named.
  o = Run(merge + Quote(parts[0]) + " " + Quote(parts[1]));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("level 6 \"6\": missing from every part"), std::string::npos) << o.err;
  // Duplicate: shard 2 twice under two names.
  fs::copy_file(parts[1], Path("copy.jsonl"));
  o = Run(merge + Quote(parts[0]) + " " + Quote(parts[1]) + " " + Quote(parts[2]) + " " +
          Quote(Path("copy.jsonl")));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("level 5 \"5\": in more than one part: " + parts[1] + " and " +
                       Path("copy.jsonl")),
            std::string::npos)
      << o.err;
  // Foreign: shard 3 made with another budget.
  const std::string foreign = Path("foreign.jsonl");
  ASSERT_EQ(Run("solve --json --max-expansions 30000 " + Quote(kMicroban) +
                " --level 1-9 --shard 3/3 --journal " + Quote(foreign))
                .code,
            0);
  o = Run(merge + Quote(parts[0]) + " " + Quote(parts[1]) + " " + Quote(foreign));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find(foreign + ": made with other options"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("max_expansions"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("level 9 \"9\": only in " + foreign), std::string::npos) << o.err;
  // Corrupt: a solution in shard 1 altered.
  const std::string text = ReadAll(parts[0]);
  const std::map<int, json> lines = ByIndex(text);
  const std::string solution = lines.at(4)["solution"].get<std::string>();
  Edit(parts[0], solution, std::string(solution.rbegin(), solution.rend()));
  o = Run(merge + Quote(parts[0]) + " " + Quote(parts[1]) + " " + Quote(parts[2]));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("level 4 \"4\": in " + parts[0] + ": its solution"), std::string::npos)
      << o.err;
  EXPECT_FALSE(fs::exists(Path("all.sok")));
}

// A file that is no journal and no --json output is refused as a whole, in
// one line, before anything is merged: random bytes (a 20 kB file of 80-odd
// "lines"), and JSON that is not a shard's (an object, an array). An empty
// file is still an empty part (a shard that never wrote).
TEST_F(JournalCli, MergeRefusesAPartThatIsNoJournalInOneLine) {
  const std::string part = Path("p1.jsonl");
  ASSERT_EQ(Run("solve --json --max-expansions 20000 " + Quote(kMicroban) +
                " --level 1-4 --shard 1/2 --journal " + Quote(part))
                .code,
            0);
  std::string random(20000, '\0');
  uint64_t x = 88172645463325252ull;
  for (char& c : random) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    c = static_cast<char>(x);
  }
  ASSERT_GT(std::count(random.begin(), random.end(), '\n'), 40);
  Write("random.bin", random);
  Write("object.json", "{\"name\": \"not a journal\", \"levels\": [1, 2, 3]}\n{\"more\": 1}\n");
  Write("array.json", "[1, 2, 3]\n");
  Write("pretty.json", "{\n  \"a\": 1\n}\n");
  for (const std::string name : {"random.bin", "object.json", "array.json", "pretty.json"}) {
    const Output o = Run("merge " + Quote(kMicroban) + " --level 1-4 -o " + Quote(Path("m.sok")) +
                         " --from " + Quote(part) + " " + Quote(Path(name)));
    EXPECT_EQ(o.code, 1) << name << ": " << o.err;
    EXPECT_EQ(testing_util::Lines(o.err).size(), 1u) << name << ": " << o.err;
    EXPECT_NE(o.err.find("sokoban: merge: " + Path(name) +
                         ": not a journal or '--json' output of a shard: "),
              std::string::npos)
        << o.err;
    EXPECT_EQ(o.err.find("done again"), std::string::npos) << o.err;
    EXPECT_EQ(o.out, "") << name;
    EXPECT_FALSE(fs::exists(Path("m.sok"))) << name;
  }
  // An empty part is a shard that wrote nothing: its levels are missing.
  Write("empty.jsonl", "");
  const Output o = Run("merge " + Quote(kMicroban) + " --level 1-4 --from " + Quote(part) + " " +
                       Quote(Path("empty.jsonl")));
  EXPECT_EQ(o.code, 1);
  EXPECT_NE(o.err.find("level 2 \"2\": missing from every part"), std::string::npos) << o.err;
}

}  // namespace
}  // namespace sokoban
