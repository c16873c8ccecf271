// Splitting a batch across processes: `--shard K/N` keeps every N-th item of
// the selection, starting at the K-th (1-based). The split depends on the
// selection alone, never on --threads or timing, so N processes with
// K = 1..N together cover the selection exactly once.
//
//   absl::StatusOr<ShardSpec> s = ParseShard("2/7");
//   std::vector<LevelItem> mine = TakeShard(batch.items, *s);
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sokoban::tools {

struct ShardSpec {
  int k = 1;  // 1 <= k <= n
  int n = 1;
  std::string Name() const { return std::to_string(k) + "/" + std::to_string(n); }
  // Whether position i (0-based) of the selection belongs to this shard.
  bool Owns(size_t i) const { return static_cast<int>(i % static_cast<size_t>(n)) == k - 1; }
  friend bool operator==(const ShardSpec&, const ShardSpec&) = default;
};

// Parses "K/N" with 1 <= K <= N <= 100000; the error says what is accepted.
absl::StatusOr<ShardSpec> ParseShard(std::string_view text);

// The items shard owns, in their order.
template <typename T>
std::vector<T> TakeShard(const std::vector<T>& items, const ShardSpec& shard) {
  std::vector<T> mine;
  for (size_t i = 0; i < items.size(); ++i) {
    if (shard.Owns(i)) mine.push_back(items[i]);
  }
  return mine;
}

}  // namespace sokoban::tools
