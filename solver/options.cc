#include <span>
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

struct ListWord {
  std::string_view name;
  PruneSet flags;
  std::string_view help = {};  // one line for `solve --help`; empty for the keywords
};

// Every name --prune takes, in the order of the help text.
constexpr ListWord kPruneNames[] = {
    {"dead", kPruneDeadSquares, "no push onto a square from which no goal can be reached"},
    {"freeze", kPruneFreeze, "no push that freezes a box off its goal"},
    {"bipartite", kPruneBipartite, "boxes matched to distinct goals in the bound"},
    {"corral", kPruneCorral, "PI-corral pruning"},
    {"corraldead", kPruneCorralDeadlocks, "corral deadlocks"},
    {"learned", kPruneLearned, "dead corrals learned as patterns (fast mode)"},
    {"deadpairs", kPruneDeadPairs, "two boxes that cannot both reach goals (fast mode)"},
    {"tunnel", kPruneTunnels, "tunnel macros (fast mode)"},
    {"goalroom", kPruneGoalRooms, "goal-room macros and goal cuts (fast mode)"},
    {"roompath", kPruneRoomPaths, "a box pushed all the way to its room's next goal"},
    {"packorder", kPrunePackOrder, "goal rooms packed in an order that keeps a way in"},
    {"weightfirst", kPruneWeightFirst, "feature-space cells give their least-weight state"},
    {"pairs", kPrunePairs, "pair conflicts in the bound (optimal mode)"},
    {"bidir", kPruneBidir, "a pull A* meeting the push A* (optimal mode)"},
    {"optbound", kPruneOptBound, "oldest first among equal f and h (optimal mode)"},
    {"all", kPruneAll},
    {"default", kPruneDefault},
    {"none", 0},
};

}  // namespace

std::vector<std::pair<std::string_view, std::string_view>> PruneTechniques() {
  std::vector<std::pair<std::string_view, std::string_view>> techniques;
  for (const ListWord& p : kPruneNames) {
    if (!p.help.empty()) techniques.emplace_back(p.name, p.help);
  }
  return techniques;
}

std::vector<std::string_view> PruneWordNames() {
  std::vector<std::string_view> names;
  for (const ListWord& p : kPruneNames) names.push_back(p.name);
  return names;
}

namespace {

// Parses a comma list of `words` (each a name and its bits); "-NAME" takes
// NAME's bits out of what the words before it gave. `what` names the option
// in the error.
absl::StatusOr<uint32_t> ParseWords(std::string_view list, std::span<const ListWord> words,
                                    std::string_view what) {
  uint32_t flags = 0;
  const std::string text(list);
  for (absl::string_view piece : absl::StrSplit(text, ',', absl::SkipWhitespace())) {
    std::string_view word(piece.data(), piece.size());
    const bool remove = !word.empty() && word.front() == '-';
    if (remove) word.remove_prefix(1);
    const ListWord* found = nullptr;
    for (const ListWord& p : words) {
      if (p.name == word) found = &p;
    }
    if (!found) {
      std::string known;
      for (const ListWord& p : words) {
        if (!known.empty()) known += ", ";
        known += p.name;
      }
      return absl::InvalidArgumentError("unknown " + std::string(what) + " '" + std::string(word) +
                                        "' (known: " + known + ")");
    }
    flags = remove ? flags & ~found->flags : flags | found->flags;
  }
  return flags;
}

}  // namespace

absl::StatusOr<PruneSet> ParsePruneList(std::string_view list) {
  return ParseWords(list, kPruneNames, "--prune technique");
}

namespace {

// The words --members takes: each member's name, then the keywords.
std::vector<ListWord> MemberWords() {
  std::vector<ListWord> words;
  const std::vector<std::string_view> names = FastMemberNames();
  for (size_t k = 0; k < names.size(); ++k) words.push_back({names[k], MemberSet{1} << k});
  words.push_back({"all", kAllMembers});
  words.push_back({"default", kAllMembers});
  words.push_back({"none", 1});
  return words;
}

}  // namespace

std::vector<std::string_view> MemberWordNames() {
  std::vector<std::string_view> names;
  for (const ListWord& w : MemberWords()) names.push_back(w.name);
  return names;
}

absl::StatusOr<MemberSet> ParseMemberList(std::string_view list) {
  absl::StatusOr<MemberSet> members = ParseWords(list, MemberWords(), "--members name");
  if (members.ok() && !(*members & 1)) {
    return absl::InvalidArgumentError("--members cannot leave out '" +
                                      std::string(FastMemberNames()[0]) +
                                      "', the portfolio's first member");
  }
  return members;
}

}  // namespace sokoban
