#include "solver/deadlock/freeze.h"

namespace sokoban {
namespace {

// occupied values: 0 empty, 1 box, 2 box provisionally treated as a wall
// while its neighbours are examined (so mutual blocking is found and the
// recursion ends).
constexpr uint8_t kAsWall = 2;

struct Verdict {
  bool frozen = false;
  bool off_goal = false;  // some box whose freezing this verdict rests on is off a goal
};

class FreezeCheck {
 public:
  FreezeCheck(const Board& board, uint8_t* occupied) : board_(board), occupied_(occupied) {}

  // A box is frozen when it is blocked on both axes, with the boxes on the
  // current path of the check treated as walls: a group in which no box can
  // move first never moves. Off-goal flags count only from neighbours whose
  // freezing was used to block an axis of a box that is itself frozen, so a
  // box that could move never makes the group look dead.
  Verdict Frozen(int sq) {
    Verdict v;
    // Crowded boards could make the check revisit boxes many times; past
    // the budget it answers "not frozen", which only prunes less.
    if (++visits_ > kMaxVisits) return v;
    occupied_[sq] = kAsWall;
    bool off = false;
    if (BlockedOnAxis(sq, 0, 2, &off) && BlockedOnAxis(sq, 1, 3, &off)) {
      v.frozen = true;
      v.off_goal = off || !board_.IsGoal(sq);
    }
    occupied_[sq] = 1;
    return v;
  }

 private:
  bool BlockedOnAxis(int sq, int d1, int d2, bool* off) {
    const int a = board_.Neighbour(sq, d1), b = board_.Neighbour(sq, d2);
    if (a == kNoSquare || b == kNoSquare) return true;
    if (occupied_[a] == kAsWall || occupied_[b] == kAsWall) return true;
    if (board_.IsDead(a) && board_.IsDead(b)) return true;
    for (int n : {a, b}) {
      if (!occupied_[n]) continue;
      const Verdict v = Frozen(n);
      if (v.frozen) {
        *off |= v.off_goal;
        return true;
      }
    }
    return false;
  }

  static constexpr int kMaxVisits = 4096;

  const Board& board_;
  uint8_t* occupied_;
  int visits_ = 0;
};

}  // namespace

bool IsFrozen(const Board& board, uint8_t* occupied, int sq) {
  return FreezeCheck(board, occupied).Frozen(sq).frozen;
}

bool IsFreezeDeadlock(const Board& board, uint8_t* occupied, int sq) {
  const Verdict v = FreezeCheck(board, occupied).Frozen(sq);
  return v.frozen && v.off_goal;
}

}  // namespace sokoban
