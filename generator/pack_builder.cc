#include "generator/pack_builder.h"

#include "absl/strings/str_cat.h"

namespace sokoban::generator {

void PackBuilder::Add(std::optional<GeneratedLevel> level, const GenerateStats& s) {
  if (full()) return;
  GenerateStats& t = result_.stats;
  ++t.attempts;
  t.no_layout += s.no_layout;
  t.no_goals += s.no_goals;
  t.no_position += s.no_position;
  t.unsolved += s.unsolved;
  t.too_easy += s.too_easy;
  t.unused_floor += s.unused_floor;
  if (!level) return;
  if (!seen_.insert(level->canonical).second) {
    ++t.duplicates;
    return;
  }
  level->level.title = absl::StrCat("Level ", result_.levels.size() + 1);
  result_.levels.push_back(*std::move(level));
}

}  // namespace sokoban::generator
