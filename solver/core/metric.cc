#include "solver/core/metric.h"

namespace sokoban {

std::string_view MetricName(Metric m) { return m == Metric::kMoves ? "moves" : "pushes"; }

std::optional<Metric> ParseMetric(std::string_view name) {
  if (name == "moves") return Metric::kMoves;
  if (name == "pushes") return Metric::kPushes;
  return std::nullopt;
}

}  // namespace sokoban
