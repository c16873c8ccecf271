#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
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

absl::StatusOr<uint32_t> ParsePruneList(std::string_view list) {
  uint32_t flags = 0;
  const std::string text(list);
  for (absl::string_view word : absl::StrSplit(text, ',', absl::SkipWhitespace())) {
    if (word == "all") {
      flags |= kPruneAll;
    } else if (word == "default") {
      flags |= kPruneDefault;
    } else if (word == "none") {
    } else if (word == "dead") {
      flags |= kPruneDeadSquares;
    } else if (word == "freeze") {
      flags |= kPruneFreeze;
    } else if (word == "bipartite") {
      flags |= kPruneBipartite;
    } else if (word == "corral") {
      flags |= kPruneCorral;
    } else if (word == "tunnel") {
      flags |= kPruneTunnels;
    } else if (word == "corraldead") {
      flags |= kPruneCorralDeadlocks;
    } else if (word == "backward") {
      flags |= kPruneBackward;
    } else if (word == "goalroom") {
      flags |= kPruneGoalRooms;
    } else if (word == "features") {
      flags |= kPruneFeatures;
    } else if (word == "roompath") {
      flags |= kPruneRoomPaths;
    } else if (word == "pairs") {
      flags |= kPrunePairs;
    } else if (word == "learned") {
      flags |= kPruneLearned;
    } else if (word == "schedule") {
      flags |= kPruneSchedule;
    } else if (word == "deadpairs") {
      flags |= kPruneDeadPairs;
    } else if (word == "roomconn") {
      flags |= kPruneRoomConnectivity;
    } else if (word == "outofplan") {
      flags |= kPruneOutOfPlan;
    } else if (word == "hotspots") {
      flags |= kPruneHotspots;
    } else if (word == "packorder") {
      flags |= kPrunePackOrder;
    } else if (word == "bidir") {
      flags |= kPruneBidir;
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          "unknown --prune technique '", word,
          "' (known: dead, freeze, bipartite, corral, "
          "corraldead, tunnel, backward, goalroom, features, roompath, pairs, learned, schedule, "
          "deadpairs, roomconn, outofplan, hotspots, packorder, bidir, all, default, none)"));
    }
  }
  return flags;
}

}  // namespace sokoban
