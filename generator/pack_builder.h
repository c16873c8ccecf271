// Choosing a pack's levels from attempt results: attempts are taken
// strictly in index order, a level with the canonical form of one kept
// before is a duplicate, titles are "Level N", and the pack stops at the
// count asked for. Generate runs its attempts through it, and so does
// `sokoban merge` when it joins the attempts of sharded runs, so both give
// the same pack.
//
//   PackBuilder b(options.count);
//   for (uint64_t i = 0; !b.full() && i < plan.max_attempts; ++i) {
//     GenerateStats s;
//     std::optional<GeneratedLevel> g = RunAttempt(options, plan, i, s);
//     b.Add(std::move(g), s);
//   }
//   GenerateResult r = b.Take(plan);
#pragma once

#include <optional>
#include <set>
#include <string>

#include "generator/generate.h"

namespace sokoban::generator {

class PackBuilder {
 public:
  explicit PackBuilder(int count) : count_(count) {}
  // The next attempt's outcome (the level it yielded, or none) and the
  // reasons it counted. Ignored once full().
  void Add(std::optional<GeneratedLevel> level, const GenerateStats& stats);
  bool full() const { return static_cast<int>(result_.levels.size()) >= count_; }
  const GenerateResult& result() const { return result_; }
  GenerateResult Take(const GeneratePlan& plan) {
    result_.plan = plan;
    return std::move(result_);
  }

 private:
  int count_;
  std::set<std::string> seen_;
  GenerateResult result_;
};

}  // namespace sokoban::generator
