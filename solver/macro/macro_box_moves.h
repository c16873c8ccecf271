// Macro: FESS's advised box moves (after Shoham and Schaeffer's FESS, whose
// moves take one box to any square it can be pushed to with the others
// standing still, and whose advisors propose the moves that make
// progress). Every destination of every box (one push or more) is offered
// to FESS's six advisors (solver/macro/box_advice.h): the moves they propose, at
// most one each, are children marked advised (the feature-space order
// weighs them 0), ahead of the single pushes; so is every move of two
// pushes or more that puts a box (off goals) on a goal or leaves the free
// floor in fewer areas. The deadlock checks run on each child as on any
// other; with PI-corral pruning restricting the pushes, only the boxes it
// names are moved. An expansion costs several times a plain one, so the
// macro runs in a member of its own (`boxpenalty`, solver/solver.cc).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/macro/box_advice.h"
#include "solver/parts/search_parts.h"
#include "solver/rooms/goal_room.h"

namespace sokoban {

class BoxMovesMacro final : public MoveMacro {
 public:
  // `rooms` (null: none) says which boxes are packed and must outlive this.
  explicit BoxMovesMacro(const Board& board, const GoalRooms* rooms = nullptr);

  int hooks() const override { return kAddMoves; }
  void AddMoves(Expansion& parent, std::vector<Move>* moves) override;

 private:
  // Marks in tried_ the boxes to move (those the pruning left, or all).
  void MarkTried(const Expansion& parent);

  const Board& board_;
  std::vector<uint8_t> tried_;  // per box index: moved in this expansion
  std::vector<BoxDestination> destinations_;
  // The features after each move, the advisors, the moves offered to them
  // and the ones proposed.
  AdviceFeatures features_;
  std::vector<std::unique_ptr<BoxMoveAdvisor>> advisors_;
  std::vector<AdvisedMove> offered_;
  std::vector<int> proposed_;
};

}  // namespace sokoban
