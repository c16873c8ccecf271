// Whether the slow tests skip themselves or run smaller.
#pragma once

#include <cstdlib>
#include <string>

namespace sokoban {

// True when the tests run in the sanitizer build with
// SOKOBAN_SKIP_SLOW_TESTS=1 (scripts/test sets it there): tests that would
// take minutes under AddressSanitizer skip themselves or check fewer
// positions.
inline bool SkipSlowTests() {
  const char* v = std::getenv("SOKOBAN_SKIP_SLOW_TESTS");
  return v != nullptr && std::string(v) == "1";
}

}  // namespace sokoban
