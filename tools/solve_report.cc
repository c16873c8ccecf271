#include "tools/solve_report.h"

#include <sys/resource.h>

#include <iomanip>
#include <ostream>

namespace sokoban::tools {

void PrintOutcomeText(std::ostream& out, const LevelItem& item, const LevelOutcome& o) {
  const SolveResult& r = o.result;
  out << item.collection->source << ": level " << item.entry->index << " "
      << QuotedTitle(item.entry->level) << ": " << o.status;
  if (o.status == "invalid" || o.status == "error") {
    out << ": " << o.error << "\n";
    return;
  }
  if (!o.started) {
    out << " (not started)\n";
    return;
  }
  if (o.status == "solved") {
    out << ", " << r.metrics.moves << " moves, " << r.metrics.pushes << " pushes";
    if (r.push_optimal) out << " (push-optimal)";
    if (r.move_optimal) out << " (move-optimal)";
  }
  out << ", " << std::fixed << std::setprecision(3) << r.seconds << std::defaultfloat << " s, "
      << r.expanded << " states";
  if (o.status == "solved") out << ": " << r.solution;
  if (o.status != "solved" && r.BestOnGoals() >= 0) {
    out << ", at best " << r.BestOnGoals() << " of " << CountBoxes(item.entry->level)
        << " boxes on goals";
  }
  out << "\n";
}

nlohmann::json OutcomeJson(const LevelItem& item, const LevelOutcome& o, SolveMode mode) {
  const SolveResult& r = o.result;
  const bool solved = o.status == "solved";
  nlohmann::json j = LevelJson(item);
  j["status"] = o.status;
  j["valid"] = o.status != "invalid";
  AddMetricsJson(j, solved ? r.metrics : MoveMetrics{});
  j["seconds"] = r.seconds;
  j["states"] = r.expanded;
  j["solution"] = solved ? nlohmann::json(r.solution) : nlohmann::json(nullptr);
  j["error"] = o.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.error);
  j["mode"] = std::string(SolveModeName(mode));
  j["push_optimal"] = solved && r.push_optimal;
  j["move_optimal"] = solved && r.move_optimal;
  j["stored"] = r.stored;
  j["bytes_per_state"] = r.bytes_per_state;
  j["peak_bytes"] = r.peak_bytes;
  j["decided_by"] = r.decided_by.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.decided_by);
  nlohmann::json members = nlohmann::json::object();
  for (const auto& [name, expanded] : r.members) members[name] = expanded;
  j["members"] = members;
  const int best = r.BestOnGoals();
  j["best_on_goals"] = best >= 0 ? nlohmann::json(best) : nlohmann::json(nullptr);
  nlohmann::json progress = nlohmann::json::object();
  for (const SolveResult::Progress& p : r.progress) {
    progress[p.name] = {{"on_goals", p.on_goals}, {"at", p.at}};
    if (!p.position.empty()) progress[p.name]["position"] = p.position;
  }
  j["progress"] = progress;
  return j;
}

void SolveSummary::Add(const LevelOutcome& o) {
  ++done;
  if (!o.started) {
    ++not_started;
  } else if (o.status == "solved") {
    ++solved;
  } else if (o.status == "unsolvable") {
    ++unsolvable;
  } else if (o.status == "timeout") {
    ++timeout;
  } else if (o.status == "memory") {
    ++memory;
  } else if (o.status == "invalid") {
    ++invalid;
  } else if (o.status == "cancelled") {
    ++cancelled;
  } else {
    ++errors;
  }
  solve_seconds += o.result.seconds;
  states += o.result.expanded;
}

void PrintSummaryText(std::ostream& out, const SolveSummary& s) {
  out << "Solved " << s.solved << " of " << s.levels << " levels (" << s.unsolvable
      << " unsolvable, " << s.timeout << " timeout, " << s.memory << " memory, " << s.invalid
      << " invalid";
  if (s.cancelled) out << ", " << s.cancelled << " cancelled";
  if (s.not_started) out << ", " << s.not_started << " not started";
  if (s.errors) out << ", " << s.errors << " errors";
  out << ") in " << std::fixed << std::setprecision(2) << s.seconds << " s wall, "
      << s.solve_seconds << std::defaultfloat << " s solving, " << s.states << " states\n";
}

nlohmann::json SummaryJson(const SolveSummary& s, SolveMode mode, int threads, double time_limit,
                           double memory_limit_mib) {
  nlohmann::json j;
  j["levels"] = s.levels;
  j["solved"] = s.solved;
  j["unsolvable"] = s.unsolvable;
  j["timeout"] = s.timeout;
  j["memory"] = s.memory;
  j["invalid"] = s.invalid;
  j["cancelled"] = s.cancelled;
  j["not_started"] = s.not_started;
  j["errors"] = s.errors;
  j["seconds"] = s.seconds;
  j["solve_seconds"] = s.solve_seconds;
  j["states"] = s.states;
  j["mode"] = std::string(SolveModeName(mode));
  j["threads"] = threads;
  j["time_limit"] = time_limit;
  j["memory_limit_mib"] = memory_limit_mib;
  j["peak_rss_kib"] = PeakRssKib();
  return nlohmann::json{{"summary", j}};
}

long PeakRssKib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;  // KiB on Linux
}

}  // namespace sokoban::tools
