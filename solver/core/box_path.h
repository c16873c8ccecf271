// Moving one box with the others standing still: the fewest pushes that
// take a box from one square to another. Turns the search's state-to-state
// steps (which tunnel macros make longer than one push) back into pushes.
//
//   std::vector<Push> path;
//   if (FindBoxPath(board, occupied, from, to, player, &path)) ...
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/reach.h"

namespace sokoban {

// One push of a box: from a floor square in a direction (LURD index), and
// how many squares it travelled in that direction.
struct Push {
  Square from;
  uint8_t dir;
  uint8_t length;
};

// Fewest pushes of the box on `from` to `to`, the other boxes (marked in
// occupied, which also marks `from`) fixed, the player starting on
// `player`. Appends single-square pushes to path; false when impossible.
bool FindBoxPath(const Board& board, std::vector<uint8_t>& occupied, int from, int to, int player,
                 std::vector<Push>* path);

// Where a box could be pushed to a target from, found backwards from the
// target with the other boxes standing still and the player's walks
// between pushes left out: a box's square is marked (not passed through),
// the square the player pushes from need only be floor. A box that
// BoxMover can take to the target always stands on a marked square (the
// part of its path after it last leaves its own square runs over marked
// squares; squares before that may be unmarked).
class BoxSources {
 public:
  explicit BoxSources(const Board& board);
  void Mark(const uint8_t* occupied, int target);
  bool Marked(int sq) const { return mark_[sq] == stamp_; }
  // Pushes from a marked square to the target, the player's walks left out.
  int Distance(int sq) const { return depth_[sq]; }

 private:
  const Board& board_;
  std::vector<uint32_t> mark_;
  std::vector<uint16_t> depth_;
  uint32_t stamp_ = 0;
  std::vector<Square> queue_;
};

// A square a box can be pushed to (BoxMover::Destinations): after `pushes`
// pushes, the player on `player_after`, behind it.
// areas_change: how many more areas of free floor the position has after
// the move than before (FloorCuts::AreasAfterMove less the areas now).
struct BoxDestination {
  Square to;
  uint16_t pushes;
  Square player_after;
  int8_t areas_change = 0;
};

// FindBoxPath with its buffers kept between calls, for use inside a search.
// A breadth-first search over (box square, side of the box the player
// stands on), boxes never pushed onto dead squares. The sides the player
// can walk to come from one walk at the start and, for the other nodes,
// from one depth-first numbering of the floor (where a single square cuts
// it; FloorCuts): a few steps a node instead of a walk. A node whose side
// an earlier node on the same box square reached is not expanded again.
class BoxMover {
 public:
  explicit BoxMover(const Board& board);
  // As FindBoxPath; occupied is left as it was. `start`, when given, is the
  // player's area from `player` with the box on `from` (no fill needed).
  // With `guide` (marked for `to` on this position), the nodes on squares
  // nearer `to` go first (unmarked ones last): a path if there is one, not
  // always the fewest pushes.
  // With `end_player` >= 0, only a path after which the player can walk to
  // end_player counts.
  // With `floor` (numbered on this position, the box on `from`), no
  // numbering of its own is needed.
  bool Find(std::vector<uint8_t>& occupied, int from, int to, int player, std::vector<Push>* path,
            const Reach* start = nullptr, const BoxSources* guide = nullptr, int end_player = -1,
            const FloorCuts* floor = nullptr);

  // Whether `path` (as Find gives it) still takes the box on `from` where
  // it went: every push onto free floor, from a square the player can walk
  // to (`start`: the player's area now). occupied is left as it was.
  bool Works(std::vector<uint8_t>& occupied, int from, const std::vector<Push>& path,
             const Reach& start);

  // Every position the box on `from` can be pushed into, the others
  // standing still (`start`: the player's area now; `floor`, when given,
  // numbered on this position): appends one destination for each square
  // other than `from` and each area the player can end in there, with the
  // fewest pushes, nearest first, with the change in the number of areas
  // of free floor the move makes. occupied is left as it was.
  void Destinations(std::vector<uint8_t>& occupied, int from, const Reach& start,
                    const FloorCuts* floor, std::vector<BoxDestination>* out);

 private:
  // The breadth-first (or guided) search of Find, to `to` (kNoSquare: every
  // node); returns the index in queue_ of the node that reached it, -1 if
  // none. Marks the nodes it expanded.
  int Spread(std::vector<uint8_t>& occupied, int from, int to, int player, const Reach* start,
             const BoxSources* guide, int end_player, const FloorCuts* floor);
  // The sides of a box on `box` (a bit per direction) that `reach` holds.
  int SidesReached(const Reach& reach, int box) const;
  // How the floor (numbered with the box on `from`) falls around a box
  // moved from `from` to b (b != from, free): returns the sides of b the
  // player can walk to from its side `side` (FloorCuts::SidesWith), and
  // keeps in areas_change_[b] the change in the number of areas
  // (FloorCuts::AreasAfterMove less the areas now), one walk over the
  // pieces of the floor around b and `from` for both.
  int SidesAndAreas(const FloorCuts& floor, int b, int side, int from);
  // Whether, the box on `box` and the player on `player`, the player can
  // walk to end_player.
  bool EndsNear(std::vector<uint8_t>& occupied, int box, int player, int end_player);
  struct Node {
    Square box;
    int8_t side;       // the player stands on Neighbour(box, side); -1: on `player`
    uint8_t expanded;  // 1 once expanded: a (box, player area) no node before it had
    int parent;        // index in queue_, -1 for the root
  };
  const Board& board_;
  Reach reach_, end_reach_;
  std::vector<uint32_t> seen_;        // stamp per (box, side): queued
  std::vector<uint32_t> covered_;     // stamp per (box, side): a node reached it
  std::vector<int8_t> areas_change_;  // per square: SidesAndAreas's
  // By square and direction: where a push that way takes a box standing
  // there, when the square behind is floor and the one ahead floor that is
  // not dead; else kNoSquare.
  std::vector<int> push_to_;
  FloorCuts cuts_;  // the position's, when Find is given none
  uint32_t stamp_ = 0;
  // SidesAndAreas: the free neighbours of `from` in the numbering, LURD
  // order, found once a Spread (when from_stamp_ is its stamp_).
  int from_free_[4] = {}, from_free_count_ = 0;
  uint32_t from_stamp_ = 0;
  std::vector<Node> queue_;
  std::vector<uint16_t> depth_;  // Destinations: pushes to each node
  std::vector<std::pair<int, size_t>> order_;
};

// The moves (LURD, pushes upper case) of the pushes from the level's start,
// with the shortest player walk (fewest steps) before each push.
std::string PushesToLurd(const Board& board, const std::vector<Push>& pushes);

}  // namespace sokoban
