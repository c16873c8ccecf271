// What `sokoban --version` says about the build: the version (CMake's
// project version), the commit the sources were at, and the compiler.
// build_info.cc is generated at build time by cmake/build_info.cmake.
//
//   std::cout << VersionLine() << "\n";
//   // sokoban 0.1.0 (commit 609eecf-dirty, GNU 12.2.0, Release)
#pragma once

#include <string>

namespace sokoban::tools {

// The project version, "0.1.0".
inline constexpr char kVersion[] = SOKOBAN_VERSION;
// `git describe --always --dirty` when built, or "unknown".
extern const char kBuildCommit[];
// The compiler's CMake id and version, "GNU 12.2.0".
extern const char kBuildCompiler[];
// The CMake build type, with ", sanitizers" for the sanitized build.
extern const char kBuildKind[];

inline std::string VersionLine() {
  return std::string("sokoban ") + kVersion + " (commit " + kBuildCommit + ", " + kBuildCompiler +
         ", " + kBuildKind + ")";
}

}  // namespace sokoban::tools
