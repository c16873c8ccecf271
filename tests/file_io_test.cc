// Reading collection files and standard input, with errors naming the file,
// and replacing files atomically.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/level_io.h"

namespace sokoban {
namespace {

namespace fs = std::filesystem;

class FileIo : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "sokoban_file_io_XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(dir_);
  }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  std::string Write(const std::string& name, const std::string& text) const {
    std::ofstream(Path(name), std::ios::binary) << text;
    return Path(name);
  }
  static std::string Slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  size_t FilesInDir() const {
    return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), {}));
  }

  fs::path dir_;
};

std::string Message(const absl::StatusOr<Collection>& c) {
  return c.ok() ? "ok" : std::string(c.status().message());
}

TEST_F(FileIo, ReadsAFileAndNamesIt) {
  const std::string path = Write("one.xsb", "; One\n#####\n#@$.#\n#####\n");
  absl::StatusOr<Collection> c = ReadCollectionFile(path);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->source, path);
  EXPECT_EQ(c->levels.size(), 1u);
  EXPECT_EQ(c->levels[0].level.title, "One");
}

TEST_F(FileIo, ErrorsNameTheFile) {
  EXPECT_EQ(Message(ReadCollectionFile(Path("missing.xsb"))),
            Path("missing.xsb") + ": no such file");
  EXPECT_EQ(Message(ReadCollectionFile(dir_.string())),
            dir_.string() + ": is a directory, not a level file");
  EXPECT_EQ(Message(ReadCollectionFile(Write("empty.xsb", ""))),
            Path("empty.xsb") + ": file is empty");
  EXPECT_EQ(Message(ReadCollectionFile(Write("nul.xsb", std::string("#####\n#@$.#\0\n", 14)))),
            Path("nul.xsb") + ": not level text (binary data)");
  std::string garbage;
  for (int i = 0; i < 400; ++i) garbage += static_cast<char>(1 + i % 8);
  EXPECT_EQ(Message(ReadCollectionFile(Write("garbage.bin", garbage))),
            Path("garbage.bin") + ": not level text (binary data)");
  EXPECT_EQ(Message(ReadCollectionFile(Write("prose.txt", "Just some words.\nNo boards.\n"))),
            Path("prose.txt") + ": no level found (read as xsb)");
}

TEST_F(FileIo, UnreadableFile) {
  const std::string file = Write("plain.xsb", "#####\n#@$.#\n#####\n");
  EXPECT_EQ(Message(ReadCollectionFile(file + "/inner.xsb")),
            file + "/inner.xsb: cannot read: Not a directory");
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every file";
  const std::string path = Write("locked.xsb", "#####\n#@$.#\n#####\n");
  ::chmod(path.c_str(), 0);
  EXPECT_EQ(Message(ReadCollectionFile(path)).rfind(path + ": cannot read: ", 0), 0u);
}

TEST_F(FileIo, DashReadsStandardInput) {
  const std::string path = Write("in.xsb", "#####\n#@$.#\n#####\n");
  const int saved = ::dup(0);
  const int fd = ::open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  ::dup2(fd, 0);
  ::close(fd);
  absl::StatusOr<Collection> c = ReadCollectionFile("-");
  ::dup2(saved, 0);
  ::close(saved);
  std::cin.clear();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->source, "-");
  EXPECT_EQ(c->levels.size(), 1u);
}

TEST_F(FileIo, AtomicWriteCreatesAndReplacesKeepingPermissions) {
  const std::string path = Path("out.sok");
  ASSERT_TRUE(WriteFileAtomically(path, "first\n").ok());
  EXPECT_EQ(Slurp(path), "first\n");
  ::chmod(path.c_str(), 0640);
  ASSERT_TRUE(WriteFileAtomically(path, "second\n").ok());
  EXPECT_EQ(Slurp(path), "second\n");
  struct stat st;
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(FilesInDir(), 1u);  // no temporary file left behind
}

TEST_F(FileIo, AtomicWriteFailuresLeaveNothingBehind) {
  absl::Status s = WriteFileAtomically(Path("no/such/dir/out.sok"), "x");
  EXPECT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("no/such/dir/out.sok"), std::string::npos);
  fs::create_directory(Path("sub"));
  EXPECT_FALSE(WriteFileAtomically(Path("sub"), "x").ok());
  EXPECT_EQ(FilesInDir(), 1u);
  EXPECT_TRUE(fs::is_directory(Path("sub")));
}

TEST_F(FileIo, AtomicWriteToAPipeWritesIntoIt) {
  // A pipe (like /dev/null or /dev/stdout) is written in place, not replaced
  // by a regular file.
  const std::string path = Path("pipe");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const int reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  ASSERT_TRUE(WriteFileAtomically(path, "through the pipe\n").ok());
  char buffer[64] = {};
  const ssize_t n = ::read(reader, buffer, sizeof buffer - 1);
  ::close(reader);
  EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<size_t>(n) : 0), "through the pipe\n");
  struct stat st;
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(FilesInDir(), 1u);  // no temporary file left behind
}

}  // namespace
}  // namespace sokoban
