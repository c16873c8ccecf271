// What a shorter solution means: fewest moves (then fewest pushes) or
// fewest pushes (then fewest moves), and one 64-bit cost that orders
// solutions that way.
//
//   uint64_t c = MetricCost(Metric::kMoves, moves, pushes);
//   if (c < best) ...
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sokoban {

enum class Metric : uint8_t {
  kMoves,   // fewest moves, then fewest pushes
  kPushes,  // fewest pushes, then fewest moves
};

// "moves", "pushes".
std::string_view MetricName(Metric m);
std::optional<Metric> ParseMetric(std::string_view name);

// The lexicographic cost: the first count in the high bits, the second in
// the low kMetricShift bits. Counts must stay below 2^kMetricShift.
inline constexpr int kMetricShift = 24;
inline uint64_t MetricCost(Metric m, uint64_t moves, uint64_t pushes) {
  return m == Metric::kMoves ? (moves << kMetricShift) + pushes : (pushes << kMetricShift) + moves;
}
// The cost of one push after a walk of `walk` steps.
inline uint64_t StepCost(Metric m, uint64_t walk) { return MetricCost(m, walk + 1, 1); }
// The cost of a walk alone.
inline uint64_t WalkCost(Metric m, uint64_t walk) { return MetricCost(m, walk, 0); }
inline uint64_t CostMoves(Metric m, uint64_t cost) {
  return m == Metric::kMoves ? cost >> kMetricShift : cost & ((1ull << kMetricShift) - 1);
}
inline uint64_t CostPushes(Metric m, uint64_t cost) {
  return m == Metric::kPushes ? cost >> kMetricShift : cost & ((1ull << kMetricShift) - 1);
}

}  // namespace sokoban
