#include "generator/pack.h"

#include "absl/strings/str_cat.h"

namespace sokoban::generator {

std::string DescribeOptions(const GenerateOptions& o) {
  std::string text =
      absl::StrCat("--count ", o.count, " --size ", o.width, "x", o.height, " --boxes ", o.boxes,
                   " --style ", std::string(LayoutStyleName(o.style)), " --difficulty ",
                   std::string(DifficultyName(o.difficulty)), " --seed ", o.seed, " --max-open ",
                   o.max_open.width, "x", o.max_open.height);
  if (o.engine != PullEngine::kAuto)
    absl::StrAppend(&text, " --engine ", std::string(PullEngineName(o.engine)));
  if (o.allow_boxes_on_goals) absl::StrAppend(&text, " --allow-boxes-on-goals");
  if (o.min_pushes) absl::StrAppend(&text, " --min-pushes ", *o.min_pushes);
  if (o.min_box_changes) absl::StrAppend(&text, " --min-box-changes ", *o.min_box_changes);
  if (o.min_states) absl::StrAppend(&text, " --min-states ", *o.min_states);
  if (o.min_push_bound) absl::StrAppend(&text, " --min-push-bound ", *o.min_push_bound);
  if (o.max_attempts) absl::StrAppend(&text, " --max-attempts ", o.max_attempts);
  if (o.solver_budget) absl::StrAppend(&text, " --solver-budget ", o.solver_budget);
  if (o.trim) absl::StrAppend(&text, *o.trim ? " --trim" : " --no-trim");
  if (o.max_unused_floor) absl::StrAppend(&text, " --max-unused-floor ", *o.max_unused_floor);
  return text;
}

Collection MakePack(const GenerateOptions& o, const GenerateResult& result) {
  Collection c;
  c.format = Format::kSok;
  c.name = absl::StrCat("sokoban generate ", DescribeOptions(o));
  const GeneratePlan& p = result.plan;
  c.notes = {
      absl::StrCat("Seed: ", o.seed),
      absl::StrCat("Levels: ", result.levels.size(), " from ", result.stats.attempts, " attempts"),
      absl::StrCat("Method: reverse pulls (", std::string(PullEngineName(p.engine)),
                   "), every level solved by the forward solver"),
      absl::StrCat("Filter: at least ", p.min_pushes, " pushes, ", p.min_box_changes,
                   " box changes, ", p.min_states, " solver states"),
  };
  if (p.min_push_bound > 0) {
    c.notes.back() += absl::StrCat(", a push lower bound of at least ", p.min_push_bound);
  }
  if (p.max_unused_floor < 1) {
    c.notes.back() += absl::StrCat(", at most ", p.max_unused_floor, " of the floor unused");
  }
  if (p.trim)
    c.notes.push_back(
        "Trimmed: unused pockets walled where the solver still needs 90% of its states");
  for (const GeneratedLevel& g : result.levels) {
    LevelEntry e;
    e.index = static_cast<int>(c.levels.size()) + 1;
    e.level = g.level;
    c.levels.push_back(std::move(e));
  }
  return c;
}

}  // namespace sokoban::generator
