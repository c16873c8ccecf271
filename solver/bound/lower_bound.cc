#include "solver/bound/lower_bound.h"

#include <algorithm>
#include <cassert>

#include "solver/core/reach.h"

namespace sokoban {

namespace {

// Boards larger than this get the plain distances: the side components
// below cost a flood fill per square.
constexpr int kMaxSquaresForSides = 2000;

// side[sq * 4 + d]: a label for the area the player is in when it stands
// next to a box on sq, on side d, with no other box on the board (sides
// with the same label are joined around the box); -1 where side d is wall.
std::vector<int> SideAreas(const Board& board) {
  const int n = board.size();
  std::vector<int> side(static_cast<size_t>(n) * 4, -1);
  std::vector<uint8_t> blocked(n, 0);
  Reach reach(n);
  for (int sq = 0; sq < n; ++sq) {
    blocked[sq] = 1;
    for (int d = 0; d < 4; ++d) {
      const int p = board.Neighbour(sq, d);
      if (p == kNoSquare || side[sq * 4 + d] >= 0) continue;
      reach.Fill(board, blocked.data(), p);
      for (int e = d; e < 4; ++e) {
        const int q = board.Neighbour(sq, e);
        if (q != kNoSquare && reach.Reached(q)) side[sq * 4 + e] = d;
      }
    }
    blocked[sq] = 0;
  }
  return side;
}

}  // namespace

LowerBound::LowerBound(const Board& board, Direction direction)
    : goals_(static_cast<int>(board.goals().size())),
      dist_(static_cast<size_t>(board.size()) * board.goals().size(), kUnreachable),
      nearest_(board.size(), kUnreachable),
      rows_(goals_),
      hungarian_(goals_) {
  const int n = board.size();
  const std::vector<Square>& targets =
      direction == Direction::kPush ? board.goals() : board.start_boxes();
  if (n <= kMaxSquaresForSides) {
    PlayerAwareDistances(board, targets, direction);
  } else {
    PlainDistances(board, targets, direction);
  }
  for (int sq = 0; sq < n; ++sq) {
    for (int g = 0; g < goals_; ++g) nearest_[sq] = std::min(nearest_[sq], distance(sq, g));
  }
  cost_.resize(dist_.size());
  for (size_t k = 0; k < dist_.size(); ++k) cost_[k] = dist_[k] == kUnreachable ? kDead : dist_[k];
}

// Breadth-first from each target, moving a box the other way: to bring a
// box to a goal by pushes, pull it back from the goal (a box on `to` can be
// pushed to sq when the player can stand on the far side of `to`); to bring
// it to a start square by pulls, push it out from there (a box on sq can be
// pushed to `to` when the player can stand on the near side of sq).
void LowerBound::PlainDistances(const Board& board, const std::vector<Square>& targets,
                                Direction direction) {
  std::vector<int> queue(board.size());
  for (int g = 0; g < goals_; ++g) {
    int head = 0, tail = 0;
    const int start = targets[g];
    dist_[static_cast<size_t>(start) * goals_ + g] = 0;
    queue[tail++] = start;
    while (head < tail) {
      const int sq = queue[head++];
      const uint16_t next = dist_[static_cast<size_t>(sq) * goals_ + g] + 1;
      for (int d = 0; d < 4; ++d) {
        const int to = board.Neighbour(sq, d);
        if (to == kNoSquare) continue;
        const int player =
            direction == Direction::kPush ? board.Neighbour(to, d) : board.Neighbour(sq, d ^ 2);
        if (player == kNoSquare) continue;
        uint16_t& slot = dist_[static_cast<size_t>(to) * goals_ + g];
        if (slot != kUnreachable) continue;
        slot = next;
        queue[tail++] = to;
      }
    }
  }
}

// Moves the box again, but the player must also get around it: a state is
// a box square and the area (side label) the player is in. From the target,
// with the player on any side, move the box one square (towards the
// player's side when pulling back from a goal, away from it when pushing out
// from a start square); the player then stands on the square the box left,
// and may walk to any side in the same area. A box's distance is the least
// over the player's sides, so the bound does not depend on where the player
// is and stays admissible, while boxes that the player could never get
// behind count as far (or unreachable) as they really are.
void LowerBound::PlayerAwareDistances(const Board& board, const std::vector<Square>& targets,
                                      Direction direction) {
  const int n = board.size();
  const std::vector<int> side = SideAreas(board);
  std::vector<uint16_t> seen(static_cast<size_t>(n) * 4);
  std::vector<int> queue;  // sq * 4 + side label
  for (int g = 0; g < goals_; ++g) {
    std::fill(seen.begin(), seen.end(), kUnreachable);
    queue.clear();
    const int start = targets[g];
    for (int d = 0; d < 4; ++d) {
      const int label = side[start * 4 + d];
      if (label < 0 || seen[start * 4 + label] != kUnreachable) continue;
      seen[start * 4 + label] = 0;
      queue.push_back(start * 4 + label);
    }
    for (size_t head = 0; head < queue.size(); ++head) {
      const int sq = queue[head] / 4, label = queue[head] % 4;
      const uint16_t here = seen[queue[head]];
      uint16_t& best = dist_[static_cast<size_t>(sq) * goals_ + g];
      best = std::min(best, here);
      for (int d = 0; d < 4; ++d) {
        // Pulling towards side d: the player stands there and steps back
        // beyond; pushing towards d: the player stands on the opposite side.
        const int stand = direction == Direction::kPush ? d : d ^ 2;
        if (side[sq * 4 + stand] != label) continue;  // the player cannot get there
        const int p = board.Neighbour(sq, d);
        if (p == kNoSquare) continue;
        if (direction == Direction::kPush && board.Neighbour(p, d) == kNoSquare) continue;
        // The player now stands beyond p (pulling) or on sq (pushing).
        const int next = p * 4 + side[p * 4 + (direction == Direction::kPush ? d : d ^ 2)];
        if (seen[next] != kUnreachable) continue;
        seen[next] = here + 1;
        queue.push_back(next);
      }
    }
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

int LowerBound::Estimate(const Square* boxes) {
  for (int b = 0; b < goals_; ++b) rows_[b] = Row(boxes[b]);
  return Remember(boxes, hungarian_.Solve(rows_.data()));
}

int LowerBound::Remember(const Square* boxes, int h) {
  if (h < kDead) {
    last_boxes_.assign(boxes, boxes + goals_);
  } else {
    last_boxes_.clear();
  }
  return h;
}

void LowerBound::UseSlot(int slot) {
  assert(slot >= 0);
  if (slot == slot_) return;
  if (static_cast<int>(slots_.size()) <= slot) slots_.resize(slot + 1);
  // Before the first call the matching at hand (the start's) simply becomes
  // this slot's. After it, the matching at hand goes back to its slot and
  // the one kept for `slot` (none: SetParent then matches afresh) comes in.
  if (slot_ >= 0) {
    std::unique_ptr<Slot>& out = slots_[slot_];
    if (!out) {
      out = std::make_unique<Slot>(Slot{{}, hungarian_.EmptyState()});
      ++slots_made_;
    }
    last_boxes_.swap(out->boxes);
    hungarian_.SwapState(out->state);
    if (const std::unique_ptr<Slot>& in = slots_[slot]) {
      last_boxes_.swap(in->boxes);
      hungarian_.SwapState(in->state);
    } else {
      last_boxes_.clear();
    }
  }
  slot_ = slot;
}

size_t LowerBound::bytes() const {
  return slots_.capacity() * sizeof(slots_[0]) +
         slots_made_ * (sizeof(Slot) + (static_cast<size_t>(goals_) + 1) * 3 * sizeof(int) +
                        static_cast<size_t>(goals_) * sizeof(Square));
}

// Boxes on the squares the last matched state also had keep their goals:
// consecutive states of a search often differ in one or two boxes.
int LowerBound::SetParent(const Square* boxes) {
  int kept = 0;
  old_row_.assign(goals_, -1);
  for (int i = 0, r = 0; i < goals_ && r < static_cast<int>(last_boxes_.size());) {
    if (boxes[i] == last_boxes_[r]) {
      old_row_[i++] = r++;
      ++kept;
    } else if (boxes[i] < last_boxes_[r]) {
      ++i;
    } else {
      ++r;
    }
  }
  for (int b = 0; b < goals_; ++b) rows_[b] = Row(boxes[b]);
  parent_h_ =
      Remember(boxes, kept > 0 && kept * 2 >= goals_ ? hungarian_.Update(rows_.data(), old_row_)
                                                     : hungarian_.Solve(rows_.data()));
  parent_goal_.resize(goals_);
  for (int b = 0; b < goals_; ++b) parent_goal_[b] = hungarian_.GoalOf(b);
  return parent_h_;
}

// When the box's distance to every goal fell by at most `pushes`, no
// matching of the child costs less than parent_h_ - pushes; the parent's
// matching, the box kept on its goal, costs exactly that when the box's own
// distance fell by `pushes`. Then that is the child's bound, with no
// matching to run. (Usually every distance falls by at most the pushes
// made, but distances that make the player walk around the box need not,
// so the row is checked.)
int LowerBound::EstimateMoved(int index, int to, int pushes) {
  const int* row = rows_[index];
  const int* next = Row(to);
  if (parent_h_ < kDead) {
    const int goal = parent_goal_[index];
    if (next[goal] != kDead && next[goal] + pushes == row[goal]) {
      bool bounded = true;
      for (int g = 0; g < goals_ && bounded; ++g) {
        // Costs that rose (or became unreachable) cannot lower the optimum.
        bounded = next[g] == kDead || (row[g] != kDead && row[g] - next[g] <= pushes);
      }
      if (bounded) return parent_h_ - pushes;
    }
  }
  rows_[index] = next;
  const int h = hungarian_.ResolveRow(rows_.data(), index);
  rows_[index] = row;
  return h;
}

}  // namespace sokoban
