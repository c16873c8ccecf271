#include "tools/solve_parts.h"

#include "absl/strings/str_cat.h"
#include "common/moves.h"
#include "tools/solution_store.h"

namespace sokoban::tools {

LevelKey KeyOf(const LevelItem& item) { return {item.collection->source, item.entry->index}; }

std::optional<LevelKey> RecordKey(const nlohmann::json& record) {
  if (!record.contains("file") || !record["file"].is_string() || !record.contains("index") ||
      !record["index"].is_number_integer()) {
    return std::nullopt;
  }
  return LevelKey{record["file"].get<std::string>(), record["index"].get<int>()};
}

nlohmann::json SolveResultOptions(const SolveOptions& options,
                                  std::optional<double> memory_limit_mib) {
  nlohmann::json j;
  j["mode"] = std::string(SolveModeName(options.mode));
  j["prune"] = options.prune;
  j["time_limit"] = options.time_limit_seconds;
  j["memory_limit_mib"] =
      memory_limit_mib ? nlohmann::json(*memory_limit_mib) : nlohmann::json(nullptr);
  j["max_expansions"] = options.max_expansions;
  j["metric"] = std::string(MetricName(options.metric));
  j["optimize"] =
      options.optimize ? nlohmann::json(std::string(MetricName(*options.optimize))) : nullptr;
  return j;
}

std::optional<LevelOutcome> OutcomeFromRecord(const nlohmann::json& r) {
  if (!r.is_object() || !r.contains("status") || !r["status"].is_string()) return std::nullopt;
  LevelOutcome o;
  o.status = r["status"].get<std::string>();
  if (o.status == "cancelled" || o.status == "error") return std::nullopt;
  auto get = [&](const char* key, auto fallback) {
    using T = decltype(fallback);
    if (!r.contains(key) || r[key].is_null()) return fallback;
    try {
      return r[key].get<T>();
    } catch (const nlohmann::json::exception&) {
      return fallback;
    }
  };
  SolveResult& s = o.result;
  if (o.status == "solved")
    s.status = SolveStatus::kSolved;
  else if (o.status == "unsolvable")
    s.status = SolveStatus::kUnsolvable;
  else if (o.status == "timeout")
    s.status = SolveStatus::kTimeout;
  else if (o.status == "memory")
    s.status = SolveStatus::kMemory;
  else if (o.status == "invalid")
    s.status = SolveStatus::kInvalid;
  else
    return std::nullopt;
  s.solution = get("solution", std::string());
  s.metrics.moves = get("moves", 0);
  s.metrics.pushes = get("pushes", 0);
  s.metrics.box_lines = get("box_lines", 0);
  s.metrics.box_changes = get("box_changes", 0);
  s.metrics.pushing_sessions = get("pushing_sessions", 0);
  s.metrics.player_lines = get("player_lines", 0);
  s.push_optimal = get("push_optimal", false);
  s.expanded = get("states", uint64_t{0});
  s.stored = get("stored", uint64_t{0});
  s.bytes_per_state = get("bytes_per_state", size_t{0});
  s.peak_bytes = get("peak_bytes", size_t{0});
  s.seconds = get("seconds", 0.0);
  s.decided_by = get("decided_by", std::string());
  // The record holds the members by name, not in the order they joined.
  if (r.contains("members") && r["members"].is_object()) {
    for (const auto& [name, expanded] : r["members"].items()) {
      if (expanded.is_number_unsigned()) s.members.emplace_back(name, expanded.get<uint64_t>());
    }
  }
  if (r.contains("progress") && r["progress"].is_object()) {
    for (const auto& [name, p] : r["progress"].items()) {
      if (!p.is_object() || !p.contains("on_goals") || !p.contains("at") ||
          !p["on_goals"].is_number_integer() || !p["at"].is_number_unsigned()) {
        continue;
      }
      s.progress.push_back({name, p["on_goals"].get<int>(), p["at"].get<uint64_t>()});
      if (p.contains("position") && p["position"].is_array()) {
        std::vector<std::string> rows;
        for (const nlohmann::json& row : p["position"]) {
          if (!row.is_string()) break;
          rows.push_back(row.get<std::string>());
        }
        if (rows.size() == p["position"].size()) s.progress.back().position = std::move(rows);
      }
    }
  }
  o.error = get("error", std::string());
  if (o.status == "invalid") s.error = o.error;
  return o;
}

bool IsPositionOf(const Level& level, const std::vector<std::string>& rows) {
  if (static_cast<int>(rows.size()) != level.height) return false;
  int boxes = 0, players = 0;
  for (int y = 0; y < level.height; ++y) {
    if (static_cast<int>(rows[y].size()) > level.width) return false;
    for (int x = 0; x < level.width; ++x) {
      const char c = x < static_cast<int>(rows[y].size()) ? rows[y][x] : ' ';
      const char l = level.at(x, y);
      if (c != ' ' && c != '#' && c != '.' && !IsBoxChar(c) && !IsPlayerChar(c)) return false;
      if ((c == '#') != (l == '#') || IsGoalChar(c) != IsGoalChar(l)) return false;
      boxes += IsBoxChar(c) ? 1 : 0;
      players += IsPlayerChar(c) ? 1 : 0;
      boxes -= IsBoxChar(l) ? 1 : 0;
    }
  }
  return boxes == 0 && players == 1;
}

std::string CheckOutcome(const LevelItem& item, const nlohmann::json& record,
                         const LevelOutcome& o) {
  const Level& level = item.entry->level;
  if (record.contains("width") && record.contains("height") &&
      (record["width"] != level.width || record["height"] != level.height)) {
    return "the record is of another board (its size differs)";
  }
  for (const SolveResult::Progress& p : o.result.progress) {
    if (!p.position.empty() && !IsPositionOf(level, p.position))
      return absl::StrCat("its best position of the `", p.name,
                          "` search is not one of this level");
  }
  if (o.status != "solved") return "";
  if (!item.entry->status.ok()) return "a solution is recorded for an invalid level";
  const ReplayResult replay = Replay(level, o.result.solution);
  if (!replay.valid) return absl::StrCat("its solution does not replay: ", replay.error);
  if (!replay.solved) return "its solution does not solve the level (a box is left off goal)";
  if (replay.metrics != o.result.metrics) return "its recorded metrics differ from its solution's";
  return "";
}

bool IsFinished(const LevelOutcome& o) {
  return o.started && o.status != "cancelled" && o.status != "error";
}

Collection SolvedCollection(const LevelBatch& batch, const std::vector<LevelOutcome>& outcomes,
                            SolveMode mode, FoundSolutions* found) {
  return BatchCollection(
      batch,
      [&](size_t i) -> std::optional<Solution> {
        if (outcomes[i].status != "solved") return std::nullopt;
        return MakeSolution(outcomes[i].result, mode);
      },
      found);
}

Collection BestPositions(const LevelBatch& batch, const std::vector<LevelOutcome>& outcomes) {
  Collection out;
  out.name = "Best positions";
  if (batch.collections.size() == 1 && !batch.collections.front().name.empty())
    out.name += ": " + batch.collections.front().name;
  for (size_t i = 0; i < batch.items.size(); ++i) {
    const LevelOutcome& o = outcomes[i];
    if (!o.started || o.status == "solved" || o.status == "invalid") continue;
    const SolveResult::Progress* best = o.result.BestProgress();
    if (!best || best->position.empty()) continue;
    const LevelItem& item = batch.items[i];
    const Level& level = item.entry->level;
    const int boxes = CountBoxes(level);
    const std::string title = level.title.empty() ? absl::StrCat(item.entry->index) : level.title;
    Level position = Level::FromRows(best->position,
                                     absl::StrCat(title, ", best ", best->on_goals, " of ", boxes));
    position.author = level.author;
    position.notes.push_back(
        absl::StrCat("The position with the most boxes on goals (", best->on_goals, " of ", boxes,
                     ") the solver's searches reached on level ", item.entry->index, " of ",
                     item.collection->source, ", left ", o.status, ": the `", best->name,
                     "` search, at its expansion ", best->at, "."));
    out.levels.push_back({static_cast<int>(out.levels.size()) + 1, position, absl::OkStatus()});
  }
  return out;
}

}  // namespace sokoban::tools

namespace sokoban::tools {

absl::Status SolveJournal::Open(const std::string& path, const nlohmann::json& options,
                                const LevelBatch& batch, std::ostream& err) {
  absl::StatusOr<JournalContents> old = OpenJournal(path, "solve", options, writer_, err);
  if (!old.ok()) return old.status();
  // The last record of a level wins: a level redone after a bad record is
  // appended again.
  std::map<LevelKey, const nlohmann::json*, LevelKeyLess> last;
  for (const nlohmann::json& r : old->records) {
    if (std::optional<LevelKey> key = RecordKey(r)) last[*key] = &r;
  }
  done_.assign(batch.items.size(), std::nullopt);
  for (size_t i = 0; i < batch.items.size(); ++i) {
    const LevelItem& item = batch.items[i];
    auto it = last.find(KeyOf(item));
    if (it == last.end()) continue;
    std::optional<LevelOutcome> o = OutcomeFromRecord(*it->second);
    if (!o) continue;
    if (std::string why = CheckOutcome(item, *it->second, *o); !why.empty()) {
      PrintLevelError(err, item, 0,
                      absl::StrCat("journal ", path, ": ", why, "; solving it again"));
      continue;
    }
    done_[i] = std::move(o);
    ++resumed_;
  }
  return absl::OkStatus();
}

absl::Status SolveJournal::Record(size_t i, const LevelItem& item, const LevelOutcome& o,
                                  SolveMode mode) {
  if (done_[i] || !IsFinished(o)) return absl::OkStatus();
  return writer_.Append(OutcomeJson(item, o, mode));
}

}  // namespace sokoban::tools
