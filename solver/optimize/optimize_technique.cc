#include "solver/optimize/optimize_technique.h"

#include <algorithm>
#include <cctype>

#include "common/rules.h"

namespace sokoban {
namespace {

std::vector<Square> BoxesOf(const Game& game, const Board& board) {
  std::vector<Square> boxes;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (game.HasBox(board.Cell(sq))) boxes.push_back(static_cast<Square>(sq));
  }
  return boxes;
}

}  // namespace

std::vector<SolutionPosition> SolutionPositions(const Level& level, const Board& board,
                                                std::string_view moves) {
  Game game(level);
  std::vector<SolutionPosition> positions;
  positions.push_back({BoxesOf(game, board), board.FloorIndex(game.player()), 0});
  for (size_t i = 0; i < moves.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(moves[i])));
    const Dir d = static_cast<Dir>(std::find(kDirLetters, kDirLetters + 4, c) - kDirLetters);
    if (game.Step(d) == StepResult::kPushed) {
      positions.push_back({BoxesOf(game, board), board.FloorIndex(game.player()), i + 1});
    }
  }
  return positions;
}

std::vector<uint8_t> Vicinity(const Board& board, const std::vector<SolutionPosition>& positions,
                              size_t first, size_t last, int radius) {
  std::vector<uint8_t> allowed(board.size(), radius < 0 ? 1 : 0);
  if (radius < 0) return allowed;
  std::vector<int> dist(board.size(), -1);
  std::vector<int> queue;
  for (size_t k = first; k <= last; ++k) {
    for (Square b : positions[k].boxes) {
      if (dist[b] < 0) {
        dist[b] = 0;
        queue.push_back(b);
      }
    }
  }
  for (size_t head = 0; head < queue.size(); ++head) {
    const int sq = queue[head];
    allowed[sq] = 1;
    if (dist[sq] == radius) continue;
    for (int d = 0; d < 4; ++d) {
      const int to = board.Neighbour(sq, d);
      if (to == kNoSquare || dist[to] >= 0) continue;
      dist[to] = dist[sq] + 1;
      queue.push_back(to);
    }
  }
  return allowed;
}

uint64_t MovesCost(Metric metric, std::string_view moves) {
  uint64_t pushes = 0;
  for (char c : moves) pushes += std::isupper(static_cast<unsigned char>(c)) ? 1 : 0;
  return MetricCost(metric, moves.size(), pushes);
}

}  // namespace sokoban
