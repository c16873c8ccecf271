// The level sets `sokoban bench` solves, built into the executable so that
// the benchmark needs no file and means the same thing everywhere.
#pragma once

#include <string_view>
#include <vector>

namespace sokoban::tools {

struct BenchSet {
  std::string_view name;         // "--level-set NAME"
  std::string_view description;  // one line for --help
  std::string_view xsb;          // the levels, XSB text with titles and credits
};

// Every bundled set; the first is the default.
const std::vector<BenchSet>& BenchSets();

}  // namespace sokoban::tools
