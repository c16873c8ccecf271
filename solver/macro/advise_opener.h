// FESS's opener advisor (solver/macro/box_advice.h): when no move packs a box, it
// takes the hotspot next to the most pinned boxes (Hotspots: a box off
// goals that other boxes hold on both axes is pinned, and the boxes next to
// it are its hotspots) and proposes the move of it that leaves the fewest
// boxes pinned, among its moves that pack no fewer boxes and leave no more
// areas of free floor or blocked links between rooms (then the best,
// BetterMove). It moves the box in the way even where no move of it lowers
// the count of pinned boxes at once (which the hotspots advisor needs).
#pragma once

#include <vector>

#include "solver/core/board.h"
#include "solver/macro/box_advice.h"

namespace sokoban {

class OpenerAdvisor final : public BoxMoveAdvisor {
 public:
  explicit OpenerAdvisor(const Board& board) : board_(board) {}
  int Propose(AdviceContext& ctx) override;

  // The index in parent.boxes of the box next to the most pinned boxes
  // (the first of equals); -1 when no box is pinned.
  int WorstHotspot(const Expansion& parent, const Hotspots& hotspots) const;

 private:
  const Board& board_;
};

}  // namespace sokoban
