// Answers of a costly yes/no question (is this corral, this group dead?),
// kept by a key of bytes while the table stays under a byte budget: an
// entry counts a map slot plus the key's own allocation. Past the budget
// new answers are not kept, and are searched again when asked again.
//
//   KeptAnswers answers(size_t{32} << 20);
//   if (const bool* dead = answers.Find(key)) return *dead;
//   answers.Keep(key, Search());
#pragma once

#include <cstddef>
#include <string>

#include "absl/container/flat_hash_map.h"

namespace sokoban {

class KeptAnswers {
 public:
  explicit KeptAnswers(size_t max_bytes) : max_bytes_(max_bytes) {}

  // The answer kept under `key`, or null.
  const bool* Find(const std::string& key) const {
    const auto it = answers_.find(key);
    return it == answers_.end() ? nullptr : &it->second;
  }
  // Keeps `answer` under `key` unless one is kept there or the budget is
  // spent.
  void Keep(const std::string& key, bool answer) {
    const size_t entry = sizeof(std::string) + sizeof(bool) + 1 + key.size() + 16;
    if (bytes_ + entry > max_bytes_) return;
    if (answers_.emplace(key, answer).second) bytes_ += entry;
  }
  // Memory held by the kept answers.
  size_t bytes() const { return bytes_; }

 private:
  const size_t max_bytes_;
  absl::flat_hash_map<std::string, bool> answers_;
  size_t bytes_ = 0;
};

}  // namespace sokoban
