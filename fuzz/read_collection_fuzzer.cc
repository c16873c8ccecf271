// libFuzzer entry point for sokoban::fuzz::CheckReadCollection (fuzz/harness.h says what
// the input is and what is checked). A broken promise aborts, so libFuzzer
// saves the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz/harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string failure = sokoban::fuzz::CheckReadCollection(
      std::string_view(reinterpret_cast<const char*>(data), size));
  if (!failure.empty()) {
    std::fprintf(stderr, "fuzz/harness.cc: check failed at %s\n", failure.c_str());
    std::abort();
  }
  return 0;
}
