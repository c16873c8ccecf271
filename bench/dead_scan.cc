// sokoban_dead_scan: how much of the `features` member's search goes into
// positions that are already dead, and what would have caught them.
//
//   sokoban_dead_scan FILE LEVELS [--max-expansions N] [--every K] [--budget N]
//                     [--prune LIST]
//
// Runs the `features` member alone (as `solve --member features -t 0
// --max-expansions N --prune LIST`, the same states in the same order; LIST
// as `solve --prune`, the default set when not given) and takes every
// K-th state it expands, after all its own pruning has passed it. Each
// sample is tried, in this order, with exhaustive searches over a subset
// of its boxes (solver/subset_search.h; the boxes frozen on goals taken as
// walls, the others off the board), each within the budget of positions:
//   corral   a corral that needs work, its boxes and the boxes next to
//            them; dead when the player can neither get into it nor put
//            them all on goals (what CorralDeadlock asks, without its
//            limits; the line says why CorralDeadlock left it: `opens` a
//            box the player can push out now, `>12` more boxes than it
//            takes, `>1000` more positions than its budget)
//   group    a group of boxes touching each other (8-neighbourhood), all
//            on goals (`group, deadscan`: as `--prune deadscan` checks it,
//            solver/group_deadlock.h, without walls and within its budget)
//   whole    every box not frozen on a goal, all on goals (`live`: the
//            search found a solution of the position)
// A sample none of them decides within the budget is `unknown`. Prints,
// per level, the samples and the count of each class (with the boxes of
// each dead subset), so that a run can be repeated and compared.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/level_io.h"
#include "solver/board.h"
#include "solver/freeze.h"
#include "solver/group_deadlock.h"
#include "solver/pi_corral.h"
#include "solver/schedule.h"
#include "solver/search.h"
#include "solver/search_config.h"
#include "solver/solver.h"
#include "solver/subset_search.h"

namespace sokoban {
namespace {

struct Tally {
  int samples = 0;
  // class -> count; "corral opens", "corral >12", "corral >1000",
  // "corral", "group", "whole", "live", "unknown".
  std::map<std::string, int> classes;
  std::map<std::string, std::map<int, int>> sizes;  // class -> subset size -> count
  // class -> positions its search expanded, rounded up to a power of 10 -> count
  std::map<std::string, std::map<int, int>> nodes;
};

class DeadScanSampler final : public ExpansionPruning {
 public:
  DeadScanSampler(const Board& board, int every, int budget, Tally* tally)
      : board_(board), every_(every), budget_(budget), tally_(tally), search_(board) {}

  bool Keep(Expansion& parent) override {
    if (++seen_ % every_ == 0) Classify(parent);
    return true;
  }

 private:
  void Count(const std::string& what, int size) { Count(what, size, search_.expanded()); }
  void Count(const std::string& what, int size, int expanded) {
    ++tally_->classes[what];
    ++tally_->sizes[what][size];
    int bucket = 10;
    while (bucket < expanded) bucket *= 10;
    ++tally_->nodes[what][bucket];
  }

  void Classify(Expansion& parent) {
    ++tally_->samples;
    uint8_t* occupied = parent.occupied.data();
    // 1. Boxes frozen on goals: walls for every subset.
    std::vector<uint8_t> is_wall(board_.size(), 0);
    std::vector<Square> walls, moving;
    for (Square b : parent.boxes) {
      if (board_.IsGoal(b) && IsFrozen(board_, occupied, b)) {
        is_wall[b] = 1;
        walls.push_back(b);
      } else {
        moving.push_back(b);
      }
    }
    // 2. Corrals.
    const Corrals& corrals = parent.corrals();
    for (int id = 0; id < corrals.count(); ++id) {
      if (!corrals.needs_work(id)) continue;
      std::vector<Square> subset;
      std::vector<uint8_t> in(board_.size(), 0);
      bool opens = false;
      for (int j = 0; j < corrals.box_count(id); ++j) {
        const int b = corrals.boxes(id)[j];
        in[b] = 1;
        for (int d = 0; d < 4; ++d) {
          const int to = board_.Neighbour(b, d), behind = board_.Neighbour(b, d ^ 2);
          opens =
              opens || (to != kNoSquare && behind != kNoSquare && !occupied[to] &&
                        corrals.Of(to) != id && !board_.IsDead(to) && parent.reach.Reached(behind));
        }
      }
      const int inner = corrals.box_count(id);
      std::vector<Square> all(corrals.boxes(id), corrals.boxes(id) + inner);
      for (int j = 0; j < inner; ++j) {
        for (int d = 0; d < 4; ++d) {
          const int nb = board_.Neighbour(all[j], d);
          if (nb != kNoSquare && occupied[nb] && !in[nb]) in[nb] = 1, all.push_back(nb);
        }
      }
      const int corral_size = static_cast<int>(all.size());
      for (Square b : all) {
        if (!is_wall[b]) subset.push_back(b);
      }
      if (subset.empty()) continue;
      if (search_.Run(subset.data(), static_cast<int>(subset.size()), parent.player, walls.data(),
                      static_cast<int>(walls.size()), corrals.squares(id), corrals.square_count(id),
                      budget_) == SubsetSearch::kDead) {
        const char* why = opens                       ? "corral opens"
                          : corral_size > 12          ? "corral >12"
                          : search_.expanded() > 1000 ? "corral >1000"
                                                      : "corral";
        Count(why, static_cast<int>(subset.size()));
        return;
      }
    }
    // 3. Groups of touching boxes: first as `deadscan` checks them
    // (solver/group_deadlock.h), then with the walls and the budget here.
    std::vector<uint8_t> is_moving(board_.size(), 0), done(board_.size(), 0);
    for (Square b : moving) is_moving[b] = 1;
    const int w = board_.width();
    for (Square start : moving) {
      if (done[start]) continue;
      std::vector<Square> group{start};
      done[start] = 1;
      for (size_t j = 0; j < group.size(); ++j) {
        const int cell = board_.Cell(group[j]);
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            const int c = cell + dy * w + dx;
            if (c < 0 || c >= w * board_.height()) continue;
            const int sq = board_.FloorIndex(c);
            if (sq < 0 || sq >= board_.size() || !is_moving[sq] || done[sq]) continue;
            done[sq] = 1;
            group.push_back(static_cast<Square>(sq));
          }
        }
      }
      if (group.size() < 2) continue;
      if (groups_.IsDead(occupied, group[0], parent.player)) {
        Count("group, deadscan", static_cast<int>(groups_.group().size()), groups_.expanded());
        return;
      }
      if (search_.Run(group.data(), static_cast<int>(group.size()), parent.player, walls.data(),
                      static_cast<int>(walls.size()), nullptr, 0, budget_) == SubsetSearch::kDead) {
        Count("group", static_cast<int>(group.size()));
        return;
      }
    }
    // 4. The whole position.
    const SubsetSearch::Verdict whole =
        search_.Run(moving.data(), static_cast<int>(moving.size()), parent.player, walls.data(),
                    static_cast<int>(walls.size()), nullptr, 0, budget_ * 5);
    if (whole == SubsetSearch::kDead && std::getenv("DEAD_SCAN_SHOW"))
      Show(parent, search_.expanded());
    Count(whole == SubsetSearch::kDead    ? "whole"
          : whole == SubsetSearch::kAlive ? "live"
                                          : "unknown",
          static_cast<int>(moving.size()));
  }

  void Show(const Expansion& parent, int nodes) {
    std::fprintf(stderr, "dead, %d positions:\n", nodes);
    const int w = board_.width();
    for (int y = 0; y < board_.height(); ++y) {
      for (int x = 0; x < w; ++x) {
        const int sq = board_.FloorIndex(y * w + x);
        char c = '#';
        if (sq >= 0) {
          const bool box = parent.occupied[sq], goal = board_.IsGoal(sq);
          c = box ? (goal ? '*' : '$') : sq == parent.player ? '@' : goal ? '.' : ' ';
        }
        std::fputc(c, stderr);
      }
      std::fputc('\n', stderr);
    }
  }

  const Board& board_;
  const int every_, budget_;
  Tally* tally_;
  SubsetSearch search_;
  GroupDeadlock groups_{board_};
  uint64_t seen_ = 0;
};

int Scan(const Level& level, int number, uint64_t max_expansions, int every, int budget,
         PruneSet prune) {
  absl::StatusOr<Board> board = Board::Build(level);
  if (!board.ok()) {
    std::fprintf(stderr, "sokoban_dead_scan: level %d: %s\n", number,
                 std::string(board.status().message()).c_str());
    return 1;
  }
  SolveOptions options;
  options.prune = prune;
  LevelTables tables(*board, options);
  SearchSpec spec{.order = SearchSpec::Order::kFeatures, .goal_rooms = true};
  SearchConfig config = MakeSearchConfig(*board, options, spec, tables);
  Tally tally;
  config.expansion_prunings.push_back(
      std::make_unique<DeadScanSampler>(*board, every, budget, &tally));
  const auto start = std::chrono::steady_clock::now();
  Search search(*board, options, std::move(config), start);
  // As Solve runs one member alone (solver/solver.cc): learning and the
  // dead pairs when the schedule says.
  if (LearningStarts(board->box_count(), 0)) {
    tables.StartLearning();
    tables.BuildDeadSets();
  }
  bool learning = tables.learning() != nullptr;
  bool live = search.Start();
  while (live && search.expanded() < max_expansions) {
    live = search.Step();
    if (!learning && LearningStarts(board->box_count(), search.expanded())) {
      tables.StartLearning();
      learning = true;
    }
    if (OpenJoins(search.expanded(), search.expanded())) tables.BuildDeadPairs();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int dead = 0;
  for (const auto& [what, n] : tally.classes) {
    if (what != "live" && what.rfind("unknown", 0) != 0) dead += n;
  }
  std::printf(
      "level %d: %d boxes, %s after %llu expansions, %d samples, %d dead (%.0f%%), %.1f s\n",
      number, board->box_count(), std::string(SolveStatusName(search.status())).c_str(),
      static_cast<unsigned long long>(search.expanded()), tally.samples, dead,
      tally.samples ? 100.0 * dead / tally.samples : 0.0, seconds);
  for (const auto& [what, n] : tally.classes) {
    std::printf("  %-13s %5d  sizes:", what.c_str(), n);
    for (const auto& [size, m] : tally.sizes[what]) std::printf(" %dx%d", size, m);
    std::printf("  positions searched:");
    for (const auto& [bucket, m] : tally.nodes[what]) std::printf(" <=%d:%d", bucket, m);
    std::printf("\n");
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace
}  // namespace sokoban

int main(int argc, char** argv) {
  using namespace sokoban;
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: sokoban_dead_scan FILE LEVELS [--max-expansions N] [--every K] "
                 "[--budget N] [--prune LIST]\n  LEVELS: a comma list of level numbers\n");
    return 2;
  }
  uint64_t max_expansions = 100000;
  int every = 1000, budget = 20000;
  PruneSet prune = kPruneDefault;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--prune") {
      const absl::StatusOr<PruneSet> parsed = ParsePruneList(argv[i + 1]);
      if (!parsed.ok()) {
        std::fprintf(stderr, "sokoban_dead_scan: %s\n",
                     std::string(parsed.status().message()).c_str());
        return 2;
      }
      prune = *parsed;
      continue;
    }
    const long long value = std::atoll(argv[i + 1]);
    if (flag == "--max-expansions") {
      max_expansions = static_cast<uint64_t>(value);
    } else if (flag == "--every") {
      every = static_cast<int>(value);
    } else if (flag == "--budget") {
      budget = static_cast<int>(value);
    } else {
      std::fprintf(stderr, "sokoban_dead_scan: unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  if (every < 1 || budget < 1) {
    std::fprintf(stderr, "sokoban_dead_scan: --every and --budget must be positive\n");
    return 2;
  }
  absl::StatusOr<Collection> collection = ReadCollectionFile(argv[1]);
  if (!collection.ok()) {
    std::fprintf(stderr, "sokoban_dead_scan: %s\n",
                 std::string(collection.status().message()).c_str());
    return 2;
  }
  int status = 0;
  for (const char* p = argv[2]; *p;) {
    char* end = nullptr;
    const long number = std::strtol(p, &end, 10);
    if (end == p || number < 1 || number > static_cast<long>(collection->levels.size())) {
      std::fprintf(stderr, "sokoban_dead_scan: bad level list %s\n", argv[2]);
      return 2;
    }
    status |= Scan(collection->levels[number - 1].level, static_cast<int>(number), max_expansions,
                   every, budget, prune);
    p = *end == ',' ? end + 1 : end;
    if (*end && *end != ',') {
      std::fprintf(stderr, "sokoban_dead_scan: bad level list %s\n", argv[2]);
      return 2;
    }
  }
  return status;
}
