#include "solver/solver.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "solver/search.h"

namespace sokoban {
namespace {

// Appends the shortest walk (fewest steps, boxes as obstacles) from `from`
// to `to` in LURD letters. The target is reachable: the search checked it.
void AppendWalk(const Board& board, const std::vector<uint8_t>& occupied, int from, int to,
                std::string& out) {
  if (from == to) return;
  std::vector<int> came_dir(board.size(), -1);
  std::vector<int> queue{from};
  came_dir[from] = 4;
  for (size_t head = 0; head < queue.size() && came_dir[to] < 0; ++head) {
    const int sq = queue[head];
    for (int d = 0; d < 4; ++d) {
      const int next = board.Neighbour(sq, d);
      if (next == kNoSquare || occupied[next] || came_dir[next] >= 0) continue;
      came_dir[next] = d;
      queue.push_back(next);
    }
  }
  std::string walk;
  for (int sq = to; sq != from; sq = board.Neighbour(sq, came_dir[sq] ^ 2)) {
    walk += kDirLetters[came_dir[sq]];
  }
  out.append(walk.rbegin(), walk.rend());
}

std::string ToLurd(const Board& board, const std::vector<Push>& pushes) {
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : board.start_boxes()) occupied[b] = 1;
  int player = board.start_player();
  std::string moves;
  for (const Push& p : pushes) {
    AppendWalk(board, occupied, player, board.Neighbour(p.from, p.dir ^ 2), moves);
    int box = p.from;
    for (int k = 0; k < p.length; ++k) {
      const int next = board.Neighbour(box, p.dir);
      occupied[box] = 0;
      occupied[next] = 1;
      moves += "LURD"[p.dir];
      player = box;
      box = next;
    }
  }
  return moves;
}

}  // namespace

// Fast mode runs a weighted search alone for its first kSoloExpansions;
// levels it has not decided by then get a second, plain A*-ordered search
// (weight 1) alongside, the two taking turns one expansion at a time, so the
// result does not depend on timing. Each works within half the memory.
constexpr int kFastWeight = 5;
constexpr uint64_t kSoloExpansions = 20000;

SolveResult Solve(const Level& level, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  absl::StatusOr<Board> board = Board::Build(level);
  if (!board.ok()) {
    result.status = SolveStatus::kInvalid;
    result.error = std::string(board.status().message());
    return result;
  }
  // The expansion budget is counted over both searches, here.
  SolveOptions inner = options;
  inner.max_expansions = 0;
  const bool portfolio = options.mode == SolveMode::kFast;
  if (portfolio && options.memory_limit_bytes) inner.memory_limit_bytes /= 2;
  auto over_budget = [&](uint64_t expanded) {
    return options.max_expansions && expanded >= options.max_expansions;
  };

  Search first(*board, inner, portfolio ? kFastWeight : 1, start);
  std::unique_ptr<Search> second;
  const Search* winner = &first;
  // Which search ended the loop: only its status is a verdict, the other
  // one is still running (and reads as a timeout).
  bool second_ended = false;
  if (first.Start()) {
    while (!over_budget(first.expanded()) && first.Step()) {
      if (portfolio && !second && first.expanded() >= kSoloExpansions) {
        second = std::make_unique<Search>(*board, inner, 1, start);
        if (!second->Start()) {
          second_ended = true;
          break;
        }
      }
      if (second && !over_budget(first.expanded() + second->expanded()) && !second->Step()) {
        second_ended = true;
        break;
      }
      if (second && over_budget(first.expanded() + second->expanded())) break;
    }
  }
  // The verdict: a search that finished decides (solved, or unsolvable: an
  // exhausted search is a proof whichever ordering it used).
  const uint64_t total = first.expanded() + (second ? second->expanded() : 0);
  auto decided = [](const Search* s) {
    return s && (s->status() == SolveStatus::kSolved || s->status() == SolveStatus::kUnsolvable);
  };
  if (decided(second.get()) && !decided(&first)) winner = second.get();
  if (decided(winner)) {
    result.status = winner->status();
  } else if (over_budget(total)) {
    result.status = SolveStatus::kTimeout;
  } else {
    result.status = second_ended ? second->status() : first.status();
  }
  result.expanded = total;
  result.stored = first.stored() + (second ? second->stored() : 0);
  result.bytes_per_state = static_cast<size_t>(winner->bytes_per_state() + 0.5);
  result.peak_bytes = first.peak_bytes() + (second ? second->peak_bytes() : 0);
  if (result.status == SolveStatus::kSolved) {
    result.solution = ToLurd(*board, winner->pushes());
    const ReplayResult replay = Replay(level, result.solution);
    if (!replay.valid || !replay.solved) {
      // A wrong solution is a bug in the solver; never let one out.
      std::fprintf(stderr, "sokoban: internal error: solution failed replay (%s): %s\n",
                   replay.error.c_str(), result.solution.c_str());
      std::abort();
    }
    result.metrics = replay.metrics;
    result.push_optimal = options.mode == SolveMode::kOptimal;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sokoban
