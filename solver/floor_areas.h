// Areas of free floor: the floor squares without a box, split into the
// parts the player cannot cross between. Their number is one of the
// features of the feature-space search order (solver/open_list.h): fewer
// areas mean fewer boxes in the player's way.
//
//   FloorAreas areas(board);
//   int n = areas.Label(occupied);               // the position before a push
//   ... apply the push to occupied ...
//   int after = areas.AfterMove(occupied, from, to);
#pragma once

#include <cstdint>
#include <vector>

#include "solver/board.h"
#include "solver/reach.h"

namespace sokoban {

// True when the free squares around sq (its 8-neighbourhood; occupied[c]
// != 0 marks boxes) join all its free orthogonal neighbours, so that a box
// on sq cannot split an area.
bool RingConnected(const Board& board, const uint8_t* occupied, int sq);

// The normalized player (smallest square of its area) after the box on
// `from` went to its neighbour `to` and the player to `player`: `from`
// after a push, the square it stepped back to after a pull. occupied shows
// the position after the move, `before` holds the player's area before it.
// Derived from `before` when the move provably only takes `to` out of the
// area without cutting it (and adds `from` when the player can reach it);
// otherwise `scratch` fills.
int PlayerAfterMove(const Board& board, const uint8_t* occupied, const Reach& before, int from,
                    int to, int player, Reach& scratch);

class FloorAreas {
 public:
  explicit FloorAreas(const Board& board);

  // Labels the areas of the position (occupied[sq] != 0 marks boxes) and
  // returns their number.
  int Label(const uint8_t* occupied);
  // As Label, with the player's area taken from its fill (`player_area`: a
  // whole area of free floor of this position, which must stay as it is
  // until the last AfterMove on this labelling): only the other areas are
  // searched.
  int Label(const uint8_t* occupied, const Reach& player_area);
  // The number of areas once a box has gone from `from` to `to`: `occupied`
  // shows the position after the move, the last Label() the one before.
  // Counts from the labels around the two squares; when the box on `to`
  // may split an area, searches from its free neighbours in turns (Pieces).
  int AfterMove(const uint8_t* occupied, int from, int to);

 private:
  // Labels the areas other than player_area_'s; returns their number.
  int LabelOthers(const uint8_t* occupied);
  // Labels the free squares reachable from `start` with `id`.
  void Spread(const uint8_t* occupied, int start, uint32_t id);

  // The number of areas the free squares open[0..count) (count <= 4) fall
  // into.
  int Pieces(const uint8_t* occupied, const int* open, int count);

  const Board& board_;
  // The area id of a free square in the last Label's position.
  uint32_t Id(int sq) const { return player_area_ && player_area_->Reached(sq) ? 0 : label_[sq]; }

  std::vector<uint32_t> label_;         // area ids of the last Label (> 0)
  const Reach* player_area_ = nullptr;  // id 0, when the last Label had it
  std::vector<uint32_t> scratch_;       // stamps of AfterMove's searches
  std::vector<Square> queue_;
  std::vector<Square> queues_[4];  // Pieces' searches
  uint32_t last_label_ = 0, last_scratch_ = 0;
  int labelled_ = 0;  // areas of the last Label
};

}  // namespace sokoban
