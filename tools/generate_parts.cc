#include "tools/generate_parts.h"

#include <atomic>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/moves.h"
#include "generator/canonical.h"
#include "generator/pack.h"
#include "generator/pack_builder.h"
#include "tools/cli_common.h"
#include "tools/commands.h"

namespace sokoban::tools {
namespace {

namespace gen = sokoban::generator;
using nlohmann::json;

// Why an attempt yielded no level, one letter per GenerateStats field:
// L layout, G goals, P position, U unsolved, F unused floor, E too easy.
char ReasonOf(const gen::GenerateStats& s) {
  if (s.no_layout) return 'L';
  if (s.no_goals) return 'G';
  if (s.no_position) return 'P';
  if (s.unsolved) return 'U';
  if (s.unused_floor) return 'F';
  return 'E';
}

gen::GenerateStats StatsOf(char reason) {
  gen::GenerateStats s;
  switch (reason) {
    case 'L':
      s.no_layout = 1;
      break;
    case 'G':
      s.no_goals = 1;
      break;
    case 'P':
      s.no_position = 1;
      break;
    case 'U':
      s.unsolved = 1;
      break;
    case 'F':
      s.unused_floor = 1;
      break;
    default:
      s.too_easy = 1;
      break;
  }
  return s;
}

// Every option that shapes the pack (not the thread count), and the text
// the pack's header is made from.
json OptionsJson(const gen::GenerateOptions& o) {
  auto opt = [](const auto& v) { return v ? json(*v) : json(nullptr); };
  return {{"pack", gen::DescribeOptions(o)},
          {"count", o.count},
          {"width", o.width},
          {"height", o.height},
          {"boxes", o.boxes},
          {"style", std::string(gen::LayoutStyleName(o.style))},
          {"difficulty", std::string(gen::DifficultyName(o.difficulty))},
          {"engine", std::string(gen::PullEngineName(o.engine))},
          {"seed", o.seed},
          {"max_open", absl::StrCat(o.max_open.width, "x", o.max_open.height)},
          {"allow_boxes_on_goals", o.allow_boxes_on_goals},
          {"min_pushes", opt(o.min_pushes)},
          {"min_box_changes", opt(o.min_box_changes)},
          {"min_states", opt(o.min_states)},
          {"min_push_bound", opt(o.min_push_bound)},
          {"max_attempts", o.max_attempts},
          {"solver_budget", o.solver_budget},
          {"trim", opt(o.trim)},
          {"max_unused_floor", opt(o.max_unused_floor)}};
}

absl::StatusOr<gen::GenerateOptions> OptionsFromJson(const json& j) {
  try {
    gen::GenerateOptions o;
    o.count = j.at("count").get<int>();
    o.width = j.at("width").get<int>();
    o.height = j.at("height").get<int>();
    o.boxes = j.at("boxes").get<int>();
    absl::StatusOr<gen::LayoutStyle> style =
        gen::ParseLayoutStyle(j.at("style").get<std::string>());
    absl::StatusOr<gen::Difficulty> d = gen::ParseDifficulty(j.at("difficulty").get<std::string>());
    absl::StatusOr<gen::PullEngine> e = gen::ParsePullEngine(j.at("engine").get<std::string>());
    absl::StatusOr<gen::OpenLimit> open = gen::ParseOpenLimit(j.at("max_open").get<std::string>());
    for (const absl::Status& s : {style.status(), d.status(), e.status(), open.status()}) {
      if (!s.ok()) return s;
    }
    o.style = *style;
    o.difficulty = *d;
    o.engine = *e;
    o.max_open = *open;
    o.seed = j.at("seed").get<uint64_t>();
    o.allow_boxes_on_goals = j.at("allow_boxes_on_goals").get<bool>();
    if (!j.at("min_pushes").is_null()) o.min_pushes = j["min_pushes"].get<int>();
    if (!j.at("min_box_changes").is_null()) o.min_box_changes = j["min_box_changes"].get<int>();
    if (!j.at("min_states").is_null()) o.min_states = j["min_states"].get<uint64_t>();
    if (!j.at("min_push_bound").is_null()) o.min_push_bound = j["min_push_bound"].get<int>();
    o.max_attempts = j.at("max_attempts").get<uint64_t>();
    o.solver_budget = j.at("solver_budget").get<uint64_t>();
    if (!j.at("trim").is_null()) o.trim = j["trim"].get<bool>();
    if (!j.at("max_unused_floor").is_null()) {
      o.max_unused_floor = j["max_unused_floor"].get<double>();
    }
    if (gen::DescribeOptions(o) != j.at("pack").get<std::string>()) {
      return absl::InvalidArgumentError("options this version cannot rebuild");
    }
    return o;
  } catch (const json::exception& ex) {
    return absl::InvalidArgumentError(absl::StrCat("bad options in the header: ", ex.what()));
  }
}

json LevelToJson(const gen::GeneratedLevel& g) {
  json solutions = json::array();
  for (const Solution& s : g.level.solutions) {
    solutions.push_back({{"title", s.title}, {"moves", s.moves}, {"notes", s.notes}});
  }
  const MoveMetrics& m = g.metrics;
  return {{"title", g.level.title},
          {"author", g.level.author},
          {"notes", g.level.notes},
          {"width", g.level.width},
          {"height", g.level.height},
          {"squares", std::string(g.level.squares.begin(), g.level.squares.end())},
          {"solutions", solutions},
          {"metrics",
           {m.moves, m.pushes, m.box_lines, m.box_changes, m.pushing_sessions, m.player_lines}},
          {"states", g.states},
          {"push_optimal", g.push_optimal},
          {"optimal_pushes", g.optimal_pushes},
          {"push_lower_bound", g.push_lower_bound},
          {"unused_floor", g.unused_floor},
          {"floor", g.floor},
          {"trimmed", g.trimmed},
          {"attempt", g.attempt},
          {"canonical", g.canonical}};
}

// The level a record holds, after checking it: a board of its stated size,
// the canonical form it claims, a first solution that replays to a solved
// position with the metrics it claims. Otherwise the reason.
absl::StatusOr<gen::GeneratedLevel> LevelFromJson(const json& j) {
  gen::GeneratedLevel g;
  try {
    g.level.title = j.at("title").get<std::string>();
    g.level.author = j.at("author").get<std::string>();
    g.level.notes = j.at("notes").get<std::vector<std::string>>();
    g.level.width = j.at("width").get<int>();
    g.level.height = j.at("height").get<int>();
    const std::string squares = j.at("squares").get<std::string>();
    g.level.squares.assign(squares.begin(), squares.end());
    for (const json& s : j.at("solutions")) {
      g.level.solutions.push_back({s.at("title").get<std::string>(),
                                   s.at("moves").get<std::string>(),
                                   s.at("notes").get<std::vector<std::string>>()});
    }
    const std::vector<int> m = j.at("metrics").get<std::vector<int>>();
    if (m.size() != 6) return absl::InvalidArgumentError("bad metrics");
    g.metrics = {m[0], m[1], m[2], m[3], m[4], m[5]};
    g.states = j.at("states").get<uint64_t>();
    g.push_optimal = j.at("push_optimal").get<bool>();
    g.optimal_pushes = j.at("optimal_pushes").get<int>();
    g.push_lower_bound = j.at("push_lower_bound").get<int>();
    g.unused_floor = j.at("unused_floor").get<int>();
    g.floor = j.at("floor").get<int>();
    g.trimmed = j.at("trimmed").get<int>();
    g.attempt = j.at("attempt").get<uint64_t>();
    g.canonical = j.at("canonical").get<std::string>();
  } catch (const json::exception& ex) {
    return absl::InvalidArgumentError(absl::StrCat("malformed level: ", ex.what()));
  }
  if (g.level.width <= 0 || g.level.height <= 0 ||
      g.level.squares.size() != static_cast<size_t>(g.level.width) * g.level.height) {
    return absl::InvalidArgumentError("its board does not match its size");
  }
  if (gen::CanonicalForm(g.level) != g.canonical) {
    return absl::InvalidArgumentError("its board is not the one it was made as");
  }
  if (g.level.solutions.empty()) return absl::InvalidArgumentError("it has no solution");
  const ReplayResult r = Replay(g.level, g.level.solutions.front().moves);
  if (!r.valid)
    return absl::InvalidArgumentError(absl::StrCat("its solution does not replay: ", r.error));
  if (!r.solved) return absl::InvalidArgumentError("its solution leaves a box off goal");
  if (r.metrics != g.metrics)
    return absl::InvalidArgumentError("its metrics differ from its solution's");
  return g;
}

// One attempt's outcome as a shard holds it.
struct AttemptOutcome {
  std::optional<gen::GeneratedLevel> level;
  gen::GenerateStats stats;
};

// What one shard's journal holds.
struct ShardRecords {
  std::map<uint64_t, AttemptOutcome> attempts;
  std::optional<uint64_t> end;  // set by the record written when the shard finished
};

// Reads records: {"attempt": A, "level": {...}}, {"rejected": [[A, "U"], ...]},
// {"end": A}. A level that fails its checks is left out (the attempt is run
// again) and reported through bad(attempt, reason).
template <typename Bad>
ShardRecords ReadRecords(const std::vector<json>& records, Bad bad) {
  ShardRecords s;
  // A bad level counts only when no later record of its attempt replaces it.
  std::map<uint64_t, std::string> bad_levels;
  for (const json& r : records) {
    try {
      if (r.contains("end")) {
        s.end = r["end"].get<uint64_t>();
      } else if (r.contains("rejected")) {
        for (const json& p : r["rejected"]) {
          const std::string reason = p.at(1).get<std::string>();
          const uint64_t a = p.at(0).get<uint64_t>();
          s.attempts[a] = {std::nullopt, StatsOf(reason.empty() ? 'E' : reason[0])};
          bad_levels.erase(a);
        }
      } else if (r.contains("attempt") && r.contains("level")) {
        const uint64_t a = r["attempt"].get<uint64_t>();
        absl::StatusOr<gen::GeneratedLevel> g = LevelFromJson(r["level"]);
        if (!g.ok()) {
          s.attempts.erase(a);
          bad_levels[a] = std::string(g.status().message());
          continue;
        }
        s.attempts[a] = {*std::move(g), {}};
        bad_levels.erase(a);
      }
    } catch (const json::exception& ex) {
      bad(UINT64_MAX, absl::StrCat("malformed record: ", ex.what()));
    }
  }
  for (const auto& [a, why] : bad_levels) bad(a, why);
  return s;
}

// Levels a shard keeps before it stops: its share of the pack and, when
// there are other shards, one more (levels may turn out to be duplicates
// of another shard's).
int ShardQuota(int count, const ShardSpec& shard) {
  return shard.n == 1 ? count : (count + shard.n - 1) / shard.n + 1;
}

json ShardOptions(const gen::GenerateOptions& o, const ShardSpec& shard) {
  json j = OptionsJson(o);
  j["shard"] = shard.Name();
  return j;
}

}  // namespace

int RunGenerateJournal(const gen::GenerateOptions& o, const ShardSpec& shard,
                       const std::string& path, bool write_pack, const std::string& output,
                       bool json_out) {
  JournalWriter writer;
  absl::StatusOr<JournalContents> old =
      OpenJournal(path, "generate", ShardOptions(o, shard), writer, std::cerr);
  if (!old.ok()) {
    PrintError(std::cerr, absl::StrCat("generate: ", old.status().message()));
    return kExitUsage;
  }
  ShardRecords rec = ReadRecords(old->records, [&](uint64_t a, const std::string& why) {
    PrintError(std::cerr, absl::StrCat("generate: journal ", path, ": attempt ", a, ": ", why,
                                       "; running it again"));
  });
  const gen::GeneratePlan plan = gen::MakePlan(o);
  const int quota = ShardQuota(o.count, shard);
  std::set<std::string> distinct;
  const size_t resumed = rec.attempts.size();
  bool io_error = false;
  auto append = [&](const json& j) {
    if (io_error) return;
    if (absl::Status s = writer.Append(j); !s.ok()) {
      PrintError(std::cerr, std::string(s.message()));
      io_error = true;
    }
  };
  // 1. Take this shard's attempts in order: journaled ones as they are, the
  //    others run in batches (threads at once) and journaled as they come.
  const uint64_t step = static_cast<uint64_t>(shard.n);
  uint64_t a = static_cast<uint64_t>(shard.k - 1);
  const size_t batch = static_cast<size_t>(o.threads) * 4;
  while (static_cast<int>(distinct.size()) < quota && a < plan.max_attempts) {
    if (auto it = rec.attempts.find(a); it != rec.attempts.end()) {
      if (it->second.level) distinct.insert(it->second.level->canonical);
      a += step;
      continue;
    }
    std::vector<uint64_t> todo;
    for (uint64_t b = a; todo.size() < batch && b < plan.max_attempts; b += step) {
      if (!rec.attempts.count(b)) todo.push_back(b);
    }
    std::vector<AttemptOutcome> got(todo.size());
    std::atomic<size_t> counter{0};
    auto work = [&] {
      for (size_t i = counter++; i < todo.size(); i = counter++) {
        got[i].level = gen::RunAttempt(o, plan, todo[i], got[i].stats);
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < o.threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    json rejected = json::array();
    for (size_t i = 0; i < todo.size(); ++i) {
      if (got[i].level) {
        if (!rejected.empty()) append({{"rejected", std::exchange(rejected, json::array())}});
        append({{"attempt", todo[i]}, {"level", LevelToJson(*got[i].level)}});
      } else {
        rejected.push_back({todo[i], std::string(1, ReasonOf(got[i].stats))});
      }
      rec.attempts[todo[i]] = std::move(got[i]);
    }
    if (!rejected.empty()) append({{"rejected", rejected}});
    if (io_error) return kExitUsage;
  }
  append({{"end", std::min(a, plan.max_attempts)}});
  if (absl::Status s = writer.Sync(); !s.ok() && !io_error) {
    PrintError(std::cerr, std::string(s.message()));
    io_error = true;
  }
  if (io_error) return kExitUsage;
  if (resumed > 0) {
    std::cerr << "sokoban: generate: resumed " << resumed << " attempts from " << path << "\n";
  }
  if (!write_pack) {
    std::cerr << "sokoban: generate: shard " << shard.Name() << " done: " << distinct.size()
              << " levels from its attempts up to " << a << "; join the shards with 'sokoban "
              << "merge --from PARTS... -o PACK.sok'\n";
    return kExitOk;
  }
  // 2. Not sharded: the pack, from the attempts in order, written as
  //    'merge' writes it.
  GeneratePart part{path, {}};
  absl::StatusOr<JournalContents> again = ReadJournal(path);
  if (!again.ok()) {
    PrintFileError(std::cerr, path, again.status());
    return kExitUsage;
  }
  part.contents = *std::move(again);
  return MergeGenerateParts({part}, output, json_out);
}

int MergeGenerateParts(const std::vector<GeneratePart>& parts, const std::string& output,
                       bool json_out) {
  int problems = 0;
  auto problem = [&](const std::string& m) {
    PrintError(std::cerr, absl::StrCat("merge: ", m));
    ++problems;
  };
  // 1. The same pack options in every part; shards 1..N each once.
  const json& ref = parts.front().contents.header["options"];
  json ref_pack = ref;
  ref_pack.erase("shard");
  absl::StatusOr<ShardSpec> ref_shard = ParseShard(ref.value("shard", ""));
  if (!ref_shard.ok()) {
    PrintError(std::cerr, absl::StrCat("merge: ", parts.front().path, ": no shard in its header"));
    return kExitFailed;
  }
  const int n = ref_shard->n;
  std::vector<int> owner(n, -1);
  std::vector<ShardRecords> shards(n);
  for (size_t p = 0; p < parts.size(); ++p) {
    const json& opts = parts[p].contents.header["options"];
    absl::StatusOr<ShardSpec> s = ParseShard(opts.value("shard", ""));
    json pack = opts;
    pack.erase("shard");
    if (const std::string diff = OptionsDifference(ref_pack, pack); !diff.empty()) {
      problem(absl::StrCat(parts[p].path, ": made with other options than ", parts.front().path,
                           " (", diff, ")"));
      continue;
    }
    if (!s.ok() || s->n != n) {
      problem(absl::StrCat(parts[p].path, ": shard ", opts.value("shard", "?"), " is not one of ",
                           n, " shards like ", parts.front().path));
      continue;
    }
    if (owner[s->k - 1] >= 0) {
      problem(absl::StrCat("shard ", s->Name(), ": in both ", parts[owner[s->k - 1]].path, " and ",
                           parts[p].path));
      continue;
    }
    owner[s->k - 1] = static_cast<int>(p);
    shards[s->k - 1] =
        ReadRecords(parts[p].contents.records, [&](uint64_t a, const std::string& why) {
          problem(absl::StrCat(parts[p].path, ": shard ", s->Name(), ": level of attempt ", a, ": ",
                               why));
        });
    if (!shards[s->k - 1].end) {
      problem(absl::StrCat(parts[p].path, ": shard ", s->Name(),
                           " has not finished (no end record): run it again to resume"));
    }
  }
  for (int k = 0; k < n; ++k) {
    if (owner[k] < 0) problem(absl::StrCat("shard ", k + 1, "/", n, ": missing from the parts"));
  }
  absl::StatusOr<gen::GenerateOptions> o = OptionsFromJson(ref);
  if (!o.ok()) problem(absl::StrCat(parts.front().path, ": ", o.status().message()));
  if (problems > 0) {
    PrintError(std::cerr,
               absl::StrCat("merge: ", problems, problems == 1 ? " problem" : " problems",
                            "; nothing written"));
    return kExitFailed;
  }
  // 2. Attempts 0, 1, 2, ... from their shards, as an unsharded run takes them.
  const gen::GeneratePlan plan = gen::MakePlan(*o);
  gen::PackBuilder pack(o->count);
  uint64_t local = 0;
  for (uint64_t a = 0; !pack.full() && a < plan.max_attempts; ++a) {
    ShardRecords& s = shards[a % n];
    if (a < *s.end) {
      auto it = s.attempts.find(a);
      if (it == s.attempts.end()) {
        problem(absl::StrCat(parts[owner[a % n]].path, ": attempt ", a, " is missing"));
        break;
      }
      pack.Add(it->second.level, it->second.stats);
    } else {
      gen::GenerateStats st;
      std::optional<gen::GeneratedLevel> g = gen::RunAttempt(*o, plan, a, st);
      pack.Add(std::move(g), st);
      ++local;
    }
  }
  if (problems > 0) return kExitFailed;
  if (local > 0) {
    std::cerr << "sokoban: merge: the shards stopped short of the pack; ran " << local
              << " more attempts here\n";
  }
  const gen::GenerateResult result = pack.Take(plan);
  const std::string sok = WriteSok(gen::MakePack(*o, result));
  if (!output.empty()) {
    if (absl::Status st = WriteFileAtomically(output, sok); !st.ok()) {
      PrintFileError(std::cerr, output, st);
      return kExitUsage;
    }
  } else if (!json_out) {
    std::cout << sok;
  }
  if (json_out) {
    int index = 0;
    for (const gen::GeneratedLevel& g : result.levels) {
      json j = LevelToJson(g);
      j["index"] = ++index;
      PrintJsonLine(std::cout, j);
    }
    const gen::GenerateStats& s = result.stats;
    PrintJsonLine(std::cout, {{"summary", true},
                              {"made", result.levels.size()},
                              {"wanted", o->count},
                              {"attempts", s.attempts},
                              {"no_layout", s.no_layout},
                              {"no_goals", s.no_goals},
                              {"no_position", s.no_position},
                              {"unsolved", s.unsolved},
                              {"too_easy", s.too_easy},
                              {"duplicates", s.duplicates}});
  }
  if (static_cast<int>(result.levels.size()) < o->count) {
    PrintError(std::cerr, absl::StrCat("generate: ", result.Shortfall(o->count)));
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace sokoban::tools
