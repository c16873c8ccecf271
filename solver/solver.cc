#include "solver/solver.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

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

SolveResult Solve(const Level& level, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  absl::StatusOr<Board> board = Board::Build(level);
  if (!board.ok()) {
    result.status = SolveStatus::kInvalid;
    result.error = std::string(board.status().message());
    return result;
  }
  Search search(*board, options);
  result.status = search.Run();
  result.expanded = search.expanded();
  result.stored = search.stored();
  result.bytes_per_state = static_cast<size_t>(search.bytes_per_state() + 0.5);
  result.peak_bytes = search.peak_bytes();
  if (result.status == SolveStatus::kSolved) {
    result.solution = ToLurd(*board, search.pushes());
    const ReplayResult replay = Replay(level, result.solution);
    if (!replay.valid || !replay.solved) {
      // A wrong solution is a bug in the solver; never let one out.
      std::fprintf(stderr, "sokoban: internal error: solution failed replay (%s): %s\n",
                   replay.error.c_str(), result.solution.c_str());
      std::abort();
    }
    result.metrics = replay.metrics;
    result.push_optimal = search.optimal();
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sokoban
