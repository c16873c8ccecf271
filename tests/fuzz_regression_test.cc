// Replays every input the fuzzers ever found trouble with (kept in
// fuzz/regressions/TARGET/) through the same checks the fuzz targets run
// (fuzz/harness.h), on the real readers, replay and solver. In the
// sanitizer build (build-asan) a memory error fails the suite as well.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_test_util.h"
#include "fuzz/harness.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;
using testing_util::ReadAll;

// Runs check on every input file of fuzz/regressions/TARGET; returns how
// many.
template <typename Check>
int ReplayFolder(const std::string& target, Check check) {
  const fs::path dir = fs::path(SOKOBAN_SOURCE_DIR) / "fuzz" / "regressions" / target;
  int count = 0;
  if (!fs::is_directory(dir)) return 0;
  for (const fs::directory_entry& f : fs::directory_iterator(dir)) {
    // Dot files (.keep) only hold the folder in git.
    if (!f.is_regular_file() || f.path().filename().string()[0] == '.') continue;
    ++count;
    const std::string input = ReadAll(f.path());
    EXPECT_EQ(check(input), "") << f.path();
  }
  return count;
}

TEST(FuzzRegression, ReadCollectionInputs) {
  ReplayFolder("read_collection", fuzz::CheckReadCollection);
}

TEST(FuzzRegression, MovesInputs) { ReplayFolder("moves", fuzz::CheckMoves); }

TEST(FuzzRegression, SolverInputs) { ReplayFolder("solver", fuzz::CheckSolver); }

// The checks themselves can fail: a level the fixed-level replay solves,
// and inputs of every kind, go through them without a report.
TEST(FuzzRegression, ChecksAcceptGoodInputs) {
  EXPECT_EQ(fuzz::CheckMoves(std::string(1, '\0') + "dlUrrrdLullddrUluRuulDrddrruLdlUU"), "");
  EXPECT_EQ(fuzz::CheckMoves("\1#####\n#@$.#\n#####\n!R"), "");
  EXPECT_EQ(fuzz::CheckReadCollection("\2Title: A\n#####\n#@$.#\n#####\n\nSolution\nR\n"), "");
  EXPECT_EQ(fuzz::CheckSolver("######\n#@$ .#\n# $ .#\n######\n"), "");
}

}  // namespace
}  // namespace sokoban
