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
//   Corrals corrals(board);
//   corrals.Find(occupied, reach);
//   PiCorral::Verdict v = pi.Find(occupied, reach, corrals);
//   if (v == PiCorral::kDead) ...; if (v == PiCorral::kFound) use pi.pushes()
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/reach.h"

namespace sokoban {

// The corrals of a position: the connected areas of free floor the player
// cannot reach, each with the boxes next to it. Found once per position and
// read by PiCorral and CorralDeadlock.
class Corrals {
 public:
  explicit Corrals(const Board& board);

  // occupied[sq] != 0 marks boxes; reach holds the player's area. Corrals
  // are numbered in the order of their smallest squares.
  void Find(const uint8_t* occupied, const Reach& reach);

  int count() const { return static_cast<int>(first_.size()); }
  // The corral of a free square the player cannot reach; -1 for any other.
  int Of(int sq) const { return component_[sq]; }
  // A corral's smallest square.
  int first(int c) const { return first_[c]; }
  // The boxes next to a corral, each once, in the order its search met them.
  const Square* boxes(int c) const { return box_list_.data() + box_start_[c]; }
  int box_count(int c) const { return box_start_[c + 1] - box_start_[c]; }
  // Whether a corral holds an empty goal or has a box off goal beside it.
  bool needs_work(int c) const { return needs_work_[c]; }
  // A corral's squares, in the order its search met them.
  const Square* squares(int c) const { return square_list_.data() + square_start_[c]; }
  int square_count(int c) const { return square_start_[c + 1] - square_start_[c]; }
  // The squares of all the corrals together.
  int total_squares() const { return square_count_; }

 private:
  const Board& board_;
  // The corral of each free unreachable square, or -1; the square past the
  // floor (size()) holds size().
  std::vector<int> component_;
  std::vector<uint32_t> box_seen_;
  uint32_t box_stamp_ = 0;
  std::vector<int> stack_;
  std::vector<int> first_, box_start_;
  std::vector<Square> box_list_;
  // Every corral's squares, corral after corral, in the first
  // square_count_ entries (also the squares whose component_ the next Find
  // clears).
  std::vector<int> square_start_;
  std::vector<Square> square_list_;
  int square_count_ = 0;
  std::vector<uint8_t> needs_work_;
};

class PiCorral {
 public:
  enum Verdict { kNone, kFound, kDead };

  explicit PiCorral(const Board& board);

  // occupied[sq] != 0 marks boxes; reach holds the player's area and
  // corrals the position's corrals (Corrals::Find).
  Verdict Find(const uint8_t* occupied, const Reach& reach, const Corrals& corrals);

  // After kFound: the pushes to search, as (box square, direction).
  const std::vector<std::pair<Square, uint8_t>>& pushes() const { return best_; }

 private:
  // Checks (I) and (P) for the area whose free squares satisfy in_area and
  // whose boxes (boxes[0..count)) satisfy area_box; on kFound the pushes
  // are in candidate_. kDead: a PI-corral with no push.
  template <typename InArea, typename AreaBox>
  Verdict Check(const Reach& reach, const Square* boxes, int count, InArea in_area,
                AreaBox area_box);

  const Board& board_;
  std::vector<uint32_t> box_mark_;  // stamp of the corral whose boxes are checked
  uint32_t box_stamp_ = 0;
  std::vector<Square> union_boxes_;
  // (first corral square and direction that meets a box) << 15 | the box.
  std::vector<uint32_t> union_keys_;
  std::vector<uint8_t> union_box_;
  std::vector<std::pair<Square, uint8_t>> candidate_, best_;
};

}  // namespace sokoban
