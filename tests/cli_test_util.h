// Helpers for end-to-end tests that run the `sokoban` executable: a fixture
// with a scratch folder, running a command line and capturing its exit code
// and output, and reading files and JSON lines back.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace sokoban::testing_util {

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
    const std::filesystem::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string cmd = Quote(SOKOBAN_BINARY) + " " + args + " >" + Quote(out.string()) +
                            " 2>" + Quote(err.string()) + " <" +
                            Quote(stdin_file.empty() ? "/dev/null" : stdin_file);
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
