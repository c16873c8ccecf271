// Run-length decoding as SOK files use it, for boards and move strings alike:
// a count repeats the next character or parenthesized group, groups nest.
//
//   ExpandRle("3#4-p.#")   -> "###----p.#"
//   ExpandRle("2(3(#-)#)") -> "#-#-#-##-#-#-#"
//   ExpandRle("3r4U")      -> "rrrUUUU"
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace sokoban {

// The output of any one expansion is capped so that hostile counts such as
// "999999999#" fail fast instead of exhausting memory.
inline constexpr size_t kMaxRleOutput = size_t{1} << 26;  // 64 MiB

// Expands counts and groups. Characters other than digits and parentheses
// are copied as they are. Errors: a count with nothing after it, unbalanced
// parentheses, a zero count, nesting deeper than 64, output over max_output.
absl::StatusOr<std::string> ExpandRle(std::string_view text, size_t max_output = kMaxRleOutput);

// True when the text holds a digit or a parenthesis (needs ExpandRle).
bool HasRle(std::string_view text);

}  // namespace sokoban
