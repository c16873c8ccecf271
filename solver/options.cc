#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_split.h"
#include "solver/solver.h"

namespace sokoban {

std::string_view SolveStatusName(SolveStatus s) {
  switch (s) {
    case SolveStatus::kSolved:
      return "solved";
    case SolveStatus::kUnsolvable:
      return "unsolvable";
    case SolveStatus::kTimeout:
      return "timeout";
    case SolveStatus::kMemory:
      return "memory";
    case SolveStatus::kInvalid:
      return "invalid";
    case SolveStatus::kCancelled:
      return "cancelled";
  }
  return "?";
}

std::string_view SolveModeName(SolveMode m) {
  return m == SolveMode::kOptimal ? "optimal" : "fast";
}

namespace {

struct PruneName {
  std::string_view name;
  PruneSet flags;
};

// Every name --prune takes, in the order of the help text.
constexpr PruneName kPruneNames[] = {
    {"dead", kPruneDeadSquares},
    {"freeze", kPruneFreeze},
    {"bipartite", kPruneBipartite},
    {"corral", kPruneCorral},
    {"corraldead", kPruneCorralDeadlocks},
    {"tunnel", kPruneTunnels},
    {"backward", kPruneBackward},
    {"goalroom", kPruneGoalRooms},
    {"features", kPruneFeatures},
    {"roompath", kPruneRoomPaths},
    {"pairs", kPrunePairs},
    {"learned", kPruneLearned},
    {"schedule", kPruneSchedule},
    {"deadpairs", kPruneDeadPairs},
    {"roomconn", kPruneRoomConnectivity},
    {"outofplan", kPruneOutOfPlan},
    {"hotspots", kPruneHotspots},
    {"packorder", kPrunePackOrder},
    {"bidir", kPruneBidir},
    {"fessmoves", kPruneFessMoves},
    {"deadsets", kPruneDeadSets},
    {"schedule2", kPruneSchedule2},
    {"optbound", kPruneOptBound},
    {"schedule3", kPruneSchedule3},
    {"fess2", kPruneFess2},
    {"deadscan", kPruneDeadScan},
    {"corralbig", kPruneCorralBig},
    {"sharefollow", kPruneShareFollow},
    {"splitroom", kPruneSplitRooms},
    {"packsearch", kPrunePackSearch},
    {"wholelearn", kPruneWholeLearn},
    {"penalty", kPrunePenalty},
    {"penpull", kPrunePullPenalty},
    {"boxpen", kPruneBoxPenalty},
    {"corralwalls", kPruneCorralWalls},
    {"weightfirst", kPruneWeightFirst},
    {"roomsets", kPruneRoomSets},
    {"penshare", kPrunePenaltyShare},
    {"all", kPruneAll},
    {"default", kPruneDefault},
    {"none", 0},
};

}  // namespace

std::vector<std::string_view> PruneWordNames() {
  std::vector<std::string_view> names;
  for (const PruneName& p : kPruneNames) names.push_back(p.name);
  return names;
}

absl::StatusOr<PruneSet> ParsePruneList(std::string_view list) {
  PruneSet flags = 0;
  const std::string text(list);
  for (absl::string_view piece : absl::StrSplit(text, ',', absl::SkipWhitespace())) {
    std::string_view word(piece.data(), piece.size());
    // "-NAME" takes a technique out of what the words before it gave.
    const bool remove = !word.empty() && word.front() == '-';
    if (remove) word.remove_prefix(1);
    const PruneName* found = nullptr;
    for (const PruneName& p : kPruneNames) {
      if (p.name == word) found = &p;
    }
    if (!found) {
      std::string known;
      for (const PruneName& p : kPruneNames) {
        if (!known.empty()) known += ", ";
        known += p.name;
      }
      return absl::InvalidArgumentError("unknown --prune technique '" + std::string(word) +
                                        "' (known: " + known + ")");
    }
    flags = remove ? flags & ~found->flags : flags | found->flags;
  }
  return flags;
}

}  // namespace sokoban
