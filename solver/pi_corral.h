// PI-corral pruning.
//
// A corral is a connected area of free floor the player cannot reach; its
// boxes are the boxes next to it. A corral is a PI-corral when
//   (I) no box of the corral can ever be pushed except into the corral (every
//       other push is blocked by walls, by other corral boxes, by a dead
//       square ahead, or needs the player inside the corral), and
//   (P) the player can reach every push of a corral box into the corral that
//       is not blocked.
// If such a corral still needs work (a corral box off goal, or an empty goal
// inside), every solution pushes a corral box into it before it touches any
// box next to the corral, and that push commutes to the front with the same
// push count. So only those pushes need be searched from this state, and if
// there are none the state is dead. Each corral is tried alone, then all of
// them together; of several PI-corrals the one with the fewest pushes is
// used.
//
//   PiCorral pi(board);
//   PiCorral::Verdict v = pi.Find(occupied, reach);
//   if (v == PiCorral::kDead) ...; if (v == PiCorral::kFound) use pi.pushes()
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "solver/board.h"
#include "solver/reach.h"

namespace sokoban {

class PiCorral {
 public:
  enum Verdict { kNone, kFound, kDead };

  explicit PiCorral(const Board& board);

  // occupied[sq] != 0 marks boxes; reach holds the player's area.
  Verdict Find(const uint8_t* occupied, const Reach& reach);

  // After kFound: the pushes to search, as (box square, direction).
  const std::vector<std::pair<Square, uint8_t>>& pushes() const { return best_; }

 private:
  // Checks (I) and (P) for the area whose free squares satisfy in_area and
  // whose boxes (corral_boxes_) satisfy area_box; on kFound the pushes are
  // in candidate_. kDead: a PI-corral with no push.
  template <typename InArea, typename AreaBox>
  Verdict Check(const Reach& reach, InArea in_area, AreaBox area_box);

  const Board& board_;
  std::vector<int> component_;  // corral number of each free unreachable square, or -1
  std::vector<uint32_t> box_seen_;
  uint32_t box_stamp_ = 0;
  std::vector<int> stack_, corral_boxes_, union_boxes_;
  std::vector<uint8_t> union_box_;
  std::vector<std::pair<Square, uint8_t>> candidate_, best_;
};

}  // namespace sokoban
