// Helpers for end-to-end tests that run the `sokoban` executable: a fixture
// with a scratch folder, running a command line and capturing its exit code
// and output, and reading files and JSON lines back.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/slow_tests.h"

namespace sokoban::testing_util {

// Microban 1 as XSB with its title line, and a solution of it (33 moves,
// the fewest there are), written out by hand.
inline constexpr char kMicroban1[] =
    "; 1\n"
    "####\n"
    "# .#\n"
    "#  ###\n"
    "#*@  #\n"
    "#  $ #\n"
    "#  ###\n"
    "####\n";
inline constexpr char kSolution1[] = "dlUrrrdLullddrUluRuulDrddrruLdlUU";
// Its board alone: kMicroban1 without the title line.
inline constexpr const char* kMicroban1Board = kMicroban1 + 4;

struct Output {
  int code = -1;
  std::string out;
  std::string err;
};

// Single-quotes s for the shell.
inline std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string ReadAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// One parsed object per non-empty line.
inline std::vector<nlohmann::json> JsonLines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  for (const std::string& line : Lines(text)) {
    if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
  }
  return lines;
}

// Starts `sokoban ARGS...` (no shell) with standard input from /dev/null and
// standard output and error to the given files; env entries ("NAME=value")
// are added to the environment. Returns the child's pid.
inline pid_t Spawn(const std::vector<std::string>& args, const std::string& out_file,
                   const std::string& err_file, const std::vector<std::string>& env = {}) {
  std::vector<std::string> argv_s = {SOKOBAN_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  // Child: only async-signal-safe calls until exec.
  const int in = ::open("/dev/null", O_RDONLY);
  const int out = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (in < 0 || out < 0 || err < 0) ::_exit(127);
  ::dup2(in, 0);
  ::dup2(out, 1);
  ::dup2(err, 2);
  for (const std::string& e : env) ::putenv(const_cast<char*>(e.c_str()));
  std::vector<char*> argv;
  for (std::string& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(argv[0], argv.data());
  ::_exit(127);
}

// Waits for a child started with Spawn. Returns its exit code, or -signal
// when a signal ended it; usage (when given) receives the child's own
// resource usage (peak RSS in ru_maxrss, KiB).
inline int WaitChild(pid_t pid, struct rusage* usage = nullptr) {
  int status = 0;
  struct rusage ru {};
  if (::wait4(pid, &status, 0, &ru) != pid) return -1000;
  if (usage) *usage = ru;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? -WTERMSIG(status) : -1000;
}

// A test with its own scratch folder, removed afterwards.
class CliFixture : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::path(testing::TempDir()) / "sokoban_cli_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes a file in the scratch folder and returns its path.
  std::string Write(const std::string& name, const std::string& text) {
    const std::filesystem::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }

  // Runs `sokoban ARGS` (ARGS already quoted as needed), standard input from
  // the named file when given, else from /dev/null.
  Output Run(const std::string& args, const std::string& stdin_file = "") {
    return RunWith("", args, "<" + Quote(stdin_file.empty() ? "/dev/null" : stdin_file));
  }

  // Runs the shell command `PREFIX sokoban ARGS REDIRECT` with standard
  // output and error captured; PREFIX may hold whole commands
  // ("ulimit -v N; exec timeout 60 "), REDIRECT sets up standard input.
  Output RunWith(const std::string& prefix, const std::string& args, const std::string& redirect) {
    const std::filesystem::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string cmd = prefix + Quote(SOKOBAN_BINARY) + " " + args + " >" +
                            Quote(out.string()) + " 2>" + Quote(err.string()) + " " + redirect;
    const int status = std::system(cmd.c_str());
    Output o;
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    o.out = ReadAll(out);
    o.err = ReadAll(err);
    return o;
  }

  std::filesystem::path dir_;
};

}  // namespace sokoban::testing_util
