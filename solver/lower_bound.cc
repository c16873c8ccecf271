#include "solver/lower_bound.h"

#include <algorithm>

namespace sokoban {

LowerBound::LowerBound(const Board& board)
    : goals_(static_cast<int>(board.goals().size())),
      dist_(static_cast<size_t>(board.size()) * board.goals().size(), kUnreachable),
      nearest_(board.size(), kUnreachable),
      costs_(static_cast<size_t>(goals_) * goals_),
      hungarian_(goals_) {
  std::vector<int> queue(board.size());
  for (int g = 0; g < goals_; ++g) {
    // Breadth-first pulls from the goal: a box on `to` can be pushed to sq
    // when the player can stand on the far side of `to`.
    int head = 0, tail = 0;
    const int start = board.goals()[g];
    dist_[static_cast<size_t>(start) * goals_ + g] = 0;
    queue[tail++] = start;
    while (head < tail) {
      const int sq = queue[head++];
      const uint16_t next = dist_[static_cast<size_t>(sq) * goals_ + g] + 1;
      for (int d = 0; d < 4; ++d) {
        const int to = board.Neighbour(sq, d);
        if (to == kNoSquare || board.Neighbour(to, d) == kNoSquare) continue;
        uint16_t& slot = dist_[static_cast<size_t>(to) * goals_ + g];
        if (slot != kUnreachable) continue;
        slot = next;
        queue[tail++] = to;
      }
    }
  }
  for (int sq = 0; sq < board.size(); ++sq) {
    for (int g = 0; g < goals_; ++g) nearest_[sq] = std::min(nearest_[sq], distance(sq, g));
  }
}

int LowerBound::NearestSum(const Square* boxes) const {
  int sum = 0;
  for (int b = 0; b < goals_; ++b) {
    if (nearest_[boxes[b]] == kUnreachable) return kDead;
    sum += nearest_[boxes[b]];
  }
  return sum;
}

void LowerBound::FillRow(int index, int sq) {
  const uint16_t* row = &dist_[static_cast<size_t>(sq) * goals_];
  int* out = &costs_[static_cast<size_t>(index) * goals_];
  for (int g = 0; g < goals_; ++g) out[g] = row[g] == kUnreachable ? kDead : row[g];
}

int LowerBound::Estimate(const Square* boxes) {
  for (int b = 0; b < goals_; ++b) FillRow(b, boxes[b]);
  return hungarian_.Solve(costs_);
}

int LowerBound::EstimateMoved(int index, int to) {
  int* row = &costs_[static_cast<size_t>(index) * goals_];
  saved_row_.assign(row, row + goals_);
  FillRow(index, to);
  const int h = hungarian_.ResolveRow(costs_, index);
  std::copy(saved_row_.begin(), saved_row_.end(), row);
  return h;
}

}  // namespace sokoban
