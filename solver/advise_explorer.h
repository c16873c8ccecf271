// FESS's explorer advisor (solver/box_advice.h): of the moves that pack no
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

#include "solver/board.h"
#include "solver/box_advice.h"
#include "solver/reach.h"

namespace sokoban {

class ExplorerAdvisor final : public BoxMoveAdvisor {
 public:
  explicit ExplorerAdvisor(const Board& board) : board_(board), reach_(board.size()) {}
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
  // it could not make in the parent.
  bool MayOpen(Expansion& parent, int box);
  // Whether the box leaves, for `to`, a square next to free floor the
  // player cannot reach: a move that opens pushes does.
  bool LeavesUnreached(const Expansion& parent, int box, int to) const;
  std::vector<int8_t> may_open_;  // per box: -1 not known yet
  std::vector<int> order_;        // the moves Propose tries, best first
  const Board& board_;
  Reach reach_;
};

}  // namespace sokoban
