// Reading collection files (or standard input) with errors that name the
// file, and replacing files without ever leaving them half-written.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "common/level_io.h"

namespace sokoban {
namespace {

// Level files are small; anything this large is not one, and reading it all
// would only waste memory.
constexpr size_t kMaxFileSize = size_t{256} << 20;

absl::Status ErrnoError(const std::string& path, std::string_view what, int err) {
  return absl::InvalidArgumentError(
      absl::StrCat(path, ": ", std::string(what), ": ", std::strerror(err)));
}

// Reads fd to the end, at most kMaxFileSize bytes; errors name the input
// (a path, or "-" for standard input) and give too_large as the reason
// when the cap is passed.
absl::StatusOr<std::string> ReadFd(int fd, const std::string& name, std::string_view too_large) {
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(name, name == "-" ? "cannot read standard input" : "cannot read", errno);
    }
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
    if (text.size() > kMaxFileSize) {
      return absl::InvalidArgumentError(absl::StrCat(name, ": ", std::string(too_large)));
    }
  }
  return text;
}

absl::StatusOr<std::string> ReadAll(const std::string& path) {
  if (path == "-") {
    // Read the descriptor itself, not std::cin: a closed standard input
    // (`sokoban info - <&-`) is then an error of its own, not empty text.
    struct stat st;
    if (::fstat(STDIN_FILENO, &st) != 0)
      return ErrnoError("-", "cannot read standard input", errno);
    return ReadFd(STDIN_FILENO, "-", "standard input is larger than 256 MiB");
  }
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return absl::NotFoundError(absl::StrCat(path, ": no such file"));
    return ErrnoError(path, "cannot read", errno);
  }
  if (S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": is a directory, not a level file"));
  }
  if (st.st_size > static_cast<off_t>(kMaxFileSize)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": file is larger than 256 MiB"));
  }
  // O_NONBLOCK so that opening a named pipe nobody writes to does not hang
  // (it reads as empty); reads block as usual once it is open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
  if (fd < 0) return ErrnoError(path, "cannot read", errno);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  absl::StatusOr<std::string> text = ReadFd(fd, path, "file is larger than 256 MiB");
  ::close(fd);
  return text;
}

// Writes all of text to fd; false with errno set on failure.
bool WriteFully(int fd, std::string_view text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

// Test hook, inert unless the environment variable SOKOBAN_TEST_WRITE_PAUSE_MS
// holds a positive number: WriteFileAtomically then sleeps that many
// milliseconds with half of the text in the temporary file, so that a test
// can kill the process in the middle of a write (tests/no_lost_data_test.cc).
void PauseForTests() {
  const char* pause = std::getenv("SOKOBAN_TEST_WRITE_PAUSE_MS");
  if (pause == nullptr) return;
  const long ms = std::strtol(pause, nullptr, 10);
  if (ms > 0) ::usleep(static_cast<useconds_t>(ms) * 1000);
}

}  // namespace

absl::StatusOr<Collection> ReadCollectionFile(const std::string& path, Format format) {
  absl::StatusOr<std::string> text = ReadAll(path);
  if (!text.ok()) return text.status();
  if (text->empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, path == "-" ? ": standard input is empty" : ": file is empty"));
  }
  return ReadCollection(*text, format, path);
}

absl::Status WriteFileAtomically(const std::string& path, std::string_view text) {
  // A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written in place:
  // renaming a file over it would replace the device itself.
  struct stat target;
  if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode) && !S_ISDIR(target.st_mode)) {
    const int out = ::open(path.c_str(), O_WRONLY);
    if (out < 0) return ErrnoError(path, "cannot open", errno);
    const bool written = WriteFully(out, text);
    const int err = errno;
    ::close(out);
    if (!written) return ErrnoError(path, "cannot write", err);
    return absl::OkStatus();
  }
  const size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  if (base.empty()) return absl::InvalidArgumentError(absl::StrCat(path, ": not a file name"));
  // The temporary file lives beside the target so that rename() stays within
  // one file system and is atomic.
  std::string temp = absl::StrCat(slash == std::string::npos ? "" : dir, ".", base, ".XXXXXX");
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return ErrnoError(path, "cannot create a temporary file beside it", errno);
  auto fail = [&](std::string_view what, int err) {
    ::close(fd);
    ::unlink(temp.c_str());
    return ErrnoError(path, what, err);
  };
  // Keep the permissions of the file being replaced; a new file gets the
  // usual 0666 less the umask (mkstemp creates 0600).
  struct stat st;
  mode_t mode;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      ::close(fd);
      ::unlink(temp.c_str());
      return absl::InvalidArgumentError(absl::StrCat(path, ": is a directory"));
    }
    mode = st.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd, mode) != 0) return fail("cannot set permissions", errno);
  const size_t half = text.size() / 2;
  if (!WriteFully(fd, text.substr(0, half))) return fail("cannot write", errno);
  PauseForTests();
  if (!WriteFully(fd, text.substr(half))) return fail("cannot write", errno);
  if (::fsync(fd) != 0) return fail("cannot sync", errno);
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return ErrnoError(path, "cannot write", err);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return ErrnoError(path, "cannot replace", err);
  }
  // Make the rename itself durable; failing here loses nothing already
  // written, so it is not an error.
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return absl::OkStatus();
}

}  // namespace sokoban
