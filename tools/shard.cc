#include "tools/shard.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace sokoban::tools {

absl::StatusOr<ShardSpec> ParseShard(std::string_view text) {
  const size_t slash = text.find('/');
  ShardSpec s;
  if (slash == std::string_view::npos ||
      !absl::SimpleAtoi(std::string(text.substr(0, slash)), &s.k) ||
      !absl::SimpleAtoi(std::string(text.substr(slash + 1)), &s.n) || s.n < 1 || s.n > 100000 ||
      s.k < 1 || s.k > s.n) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--shard '", std::string(text), "': expected K/N with 1 <= K <= N <= 100000, e.g. 2/8"));
  }
  return s;
}

}  // namespace sokoban::tools
