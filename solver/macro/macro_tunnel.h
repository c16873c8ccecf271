// Macro: a box pushed along a one-wide tunnel, with the player in the
// tunnel behind it, goes on until it leaves the tunnel or reaches a goal;
// stopping halfway only blocks the tunnel. Fast mode, push search (optimal
// mode keeps every single push so that its push counts stay proved).
#pragma once

#include "solver/core/board.h"
#include "solver/parts/search_parts.h"

namespace sokoban {

class TunnelMacro final : public MoveMacro {
 public:
  explicit TunnelMacro(const Board& board) : board_(board) {}

  int hooks() const override { return kExtend; }
  void Extend(Expansion& parent, int d, Move* move) override {
    int pusher = parent.boxes[move->box], to = move->to, length = move->pushes;
    while (!board_.IsGoal(to) && board_.IsTunnel(pusher, d) && board_.IsTunnel(to, d)) {
      const int next = board_.Neighbour(to, d);
      if (next == kNoSquare || parent.occupied[next] || board_.IsDead(next)) break;
      pusher = to;
      to = next;
      ++length;
    }
    if (length == move->pushes) return;
    move->to = to;
    move->pushes = length;
    move->player_after = board_.Neighbour(to, d ^ 2);
  }

 private:
  const Board& board_;
};

}  // namespace sokoban
