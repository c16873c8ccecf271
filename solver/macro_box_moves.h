// Macro: FESS's advised moves (fast mode, push search, `fessmoves`; after
// Shoham and Schaeffer's FESS, whose moves take one box to any square it
// can be pushed to with the others standing still, and whose advisors
// propose the moves that make progress). Besides the single pushes, a box
// gets as a child each destination two pushes away or more, along the
// fewest pushes, that its connectivity advisor or packing advisor would
// propose: one that leaves the free floor in fewer areas, or puts the box
// (off goals) on a goal. The feature-space order weighs such a child 0
// (solver/order_features.h). The deadlock checks run on each child as on
// any other. With PI-corral pruning restricting the pushes, only the
// boxes it names are moved. Measured as the first push search's macro
// (XSokoban at 150,000 expansions a level) it solved 27 and 35 but lost 6,
// 15, 20, 26, 40 and made an expansion about six times dearer: it runs in
// a late member of the portfolio of its own (solver/solver.cc).
//
// With `fess2` every destination of every box (one push or more) is also
// offered to FESS's six advisors (solver/box_advice.h): the moves they
// propose, at most one each, are children too, each marked advised
// (weight 0), ahead of the moves above.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/board.h"
#include "solver/box_advice.h"
#include "solver/box_path.h"
#include "solver/goal_room.h"
#include "solver/search_parts.h"

namespace sokoban {

class BoxMovesMacro final : public MoveMacro {
 public:
  // With `advisors` (`fess2`), FESS's advisors add their moves; `rooms`
  // (null: none) then says which boxes are packed and must outlive this.
  BoxMovesMacro(const Board& board, const GoalRooms* rooms = nullptr, bool advisors = false);

  int hooks() const override { return kAddMoves; }
  void AddMoves(Expansion& parent, std::vector<Move>* moves) override;

 private:
  // Marks in tried_ the boxes to move (those the pruning left, or all).
  void MarkTried(const Expansion& parent);
  void AddAdvised(Expansion& parent, std::vector<Move>* moves);

  const Board& board_;
  std::vector<uint8_t> tried_;  // per box index: moved in this expansion
  std::vector<BoxDestination> destinations_;
  // `fess2`: the features after each move, the advisors, the moves offered
  // to them and the ones proposed.
  std::unique_ptr<AdviceFeatures> features_;
  std::vector<std::unique_ptr<BoxMoveAdvisor>> advisors_;
  std::vector<AdvisedMove> offered_;
  std::vector<int> proposed_;
};

}  // namespace sokoban
