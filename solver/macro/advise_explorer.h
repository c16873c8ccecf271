// FESS's explorer advisor (solver/macro/box_advice.h): of the moves that pack no
// fewer boxes and after which the player can make a push it could not make
// before (it reaches, behind a box that did not move, a square it could not
// reach, with free floor ahead of the box), the best (BetterMove). Only the
// square the box leaves can let the player into new floor, so a fill of the
// player's area is made only for the moves whose box leaves a square next
// to floor the player could not reach, and whose box, taken off the board,
// would let the player make such a push (a bound found once a box: the
// player's area after any move of the box lies within the area it has
// with the box gone).
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/macro/box_advice.h"

namespace sokoban {

class ExplorerAdvisor final : public BoxMoveAdvisor {
 public:
  explicit ExplorerAdvisor(const Board& board)
      : new_floor_(board.size(), 0), board_(board), reach_(board.size()) {}
  int Propose(AdviceContext& ctx) override;

  // Whether, after the move of box `box` (an index in parent.boxes) to
  // `to` with the player on `player_after`, the player can make a push of
  // another box from a square it could not reach in the parent. Propose
  // sets up the bound per box it reads.
  bool OpensPushes(Expansion& parent, int box, int to, int player_after);

 private:
  // Whether the player's area in `reach_` holds a square it could not
  // reach in the parent, behind a box other than `box` with free floor
  // ahead of it (occupied marks the boxes).
  bool NewPush(const Expansion& parent, int box) const;
  // Whether, box `box` taken off the board, the player could make a push
  // it could not make in the parent (a walk over the floor it would gain).
  bool MayOpen(Expansion& parent, int box);
  // Whether the box leaves, for `to`, a square next to free floor the
  // player cannot reach: a move that opens pushes does.
  bool LeavesUnreached(const Expansion& parent, int box, int to) const;
  // LeavesUnreached for Propose's moves: per box, the free neighbours of
  // its square the player cannot reach, how many (-1: not known yet) and
  // one of them.
  bool LeavesUnreachedKnown(const Expansion& parent, int box, int to);
  std::vector<int8_t> may_open_;  // per box: -1 not known yet
  std::vector<int8_t> unreached_count_;
  std::vector<int> unreached_one_;
  std::vector<int> order_;  // the moves Propose tries, best first
  // MayOpen's walk: the squares it reached (new_floor_ == stamp_).
  std::vector<uint32_t> new_floor_;
  uint32_t stamp_ = 0;
  std::vector<int> stack_;
  const Board& board_;
  Reach reach_;
};

}  // namespace sokoban
