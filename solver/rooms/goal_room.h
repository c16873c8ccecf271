// Goal rooms and the order to fill them (packing order).
//
// Goals that touch each other form a room; the floor squares next to a room
// that are not goals are its entrances. A room is filled in an order found
// backwards: from the room full, the box that can be pulled out of the room
// in the fewest pulls (the other boxes of the room standing still, the
// player coming from outside) leaves first, and so on until it is empty; the
// room fills in the opposite order. A room where at some point no box can
// leave gets no order, and so do rooms left when a fixed budget of work
// runs out (the order costs a few milliseconds on the largest XSokoban
// levels).
//
// The push search uses the order as a macro: a box pushed from outside onto
// a room's entrance (or a goal of it) goes on, along the fewest pushes,
// to the first goal of the order that is still empty.
//
//   GoalRooms rooms(board);
//   int room = rooms.RoomAt(sq);          // -1: neither in nor next to a room
//   int goal = rooms.Target(room, occupied);
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/reach.h"

namespace sokoban {

// Marks in *main_floor the largest part of the floor off the squares
// marked in `walls` (of equal parts, the one with the smallest square) and
// returns true; returns false, *main_floor untouched, when the floor off
// them is in one part or none.
bool MarkMainFloor(const Board& board, const std::vector<uint8_t>& walls,
                   std::vector<uint8_t>* main_floor);

// Marks in *reached the squares a box standing at the start off the
// squares marked in `walls` can be pushed to, alone on the board, the
// player walking off `walls` too.
void MarkBoxReach(const Board& board, const std::vector<uint8_t>& walls,
                  std::vector<uint8_t>* reached);

class GoalRooms {
 public:
  // Rooms of fewer than min_goals goals get no order. With `main_floor`
  // (`--prune packorder`), a box leaves a room only onto the main floor: the
  // largest part of the floor left with the room's goals as walls, and not
  // into a pocket that the room walls off (filling such a room from the
  // pocket's side first shuts the pocket's goals in).
  // The boxes leave onto the main floor in a search over which box leaves next, the
  // player getting back out of the room after each (EmptySearch); a room
  // that cannot be emptied so is searched again with one box of it allowed
  // to wait outside, on a square no box from outside reaches (a parking
  // square): the order then holds the parking square, which counts as
  // filled while it or the goal its box goes to later holds a box, before
  // that goal; a room that cannot be emptied even so keeps the order
  // without the search.
  explicit GoalRooms(const Board& board, int min_goals = 2, bool main_floor = false);

  int room_count() const { return static_cast<int>(order_.size()); }
  // The room (with an order) that sq is a goal of or an entrance to; -1 if
  // none. An entrance next to two rooms belongs to the first found.
  int RoomAt(int sq) const { return room_at_[sq]; }
  // True when sq is one of the goals of room r.
  bool InRoom(int sq, int r) const { return inside_[sq] && room_at_[sq] == r; }
  // The goals of room r in the order they are filled, and perhaps a
  // parking square (not a goal) before the goal its
  // box goes to later.
  const std::vector<Square>& order(int r) const { return order_[r]; }
  // For entry k of room r's order: the index in the order of the goal the
  // box parked there goes to; -1 when the entry is a goal.
  int ParkedGoal(int r, int k) const { return parked_goal_[r][k]; }
  // True when sq is the parking square of some room's order.
  bool IsParking(int sq) const { return parking_[sq]; }
  // The index of the first entry of room r's order not filled (a goal
  // without a box; a parking square without a box while its goal has none
  // either); the order's size when all are.
  int Next(int r, const uint8_t* occupied) const;
  // The first entry of room r's order not filled; -1 when all are.
  int Target(int r, const uint8_t* occupied) const {
    const int k = Next(r, occupied);
    return k < static_cast<int>(order_[r].size()) ? order_[r][k] : -1;
  }
  // Boxes packed: in each room with an order, the entries filled from the
  // start of its order up to the first one not filled; plus the boxes on
  // goals of no such room. A box on a room's goal out of turn does not
  // count.
  int Packed(const uint8_t* occupied) const;

 private:
  // Marks in `outside` only the largest part of the floor off the room
  // marked in `room`.
  void MainFloor(const std::vector<uint8_t>& room, std::vector<uint8_t>* outside);
  // Takes the boxes out of the full room (its goals, sorted; `room` marks
  // them) one by one onto squares marked in `outside`, the one leaving in
  // the fewest pulls first, into *leaving; false when at some point none
  // can leave.
  bool Empty(const std::vector<Square>& goals, const std::vector<uint8_t>& room,
             const std::vector<uint8_t>& outside, std::vector<Square>* leaving);
  // As Empty, by a search over which box leaves next
  // (solver/rooms/room_order_search.cc): the player starts anywhere outside the
  // room and must get back, the box that left standing, to a square marked
  // in `player_floor`. With `parked_goals`, one
  // box at a time may wait on a parking square (ParkingSquares) when no
  // box can leave: *leaving then holds the goal it was pulled from when it
  // parks and the parking square when it leaves, and *parked_goals, entry
  // for entry, the goal of a parking square (-1 for goals).
  bool EmptySearch(const std::vector<Square>& goals, const std::vector<uint8_t>& room,
                   const std::vector<uint8_t>& outside, const std::vector<uint8_t>& player_floor,
                   std::vector<Square>* leaving, std::vector<int>* parked_goals = nullptr);
  // The squares off the room and off `outside` that the room's box on
  // `box` can be pulled to (the other boxes marked in `filled` standing
  // still), the player starting where it can walk to a square marked in
  // `player_floor` and able to walk back there, into *parks.
  void ParkingSquares(int box, const std::vector<uint8_t>& filled, const std::vector<uint8_t>& room,
                      const std::vector<uint8_t>& outside, const std::vector<uint8_t>& player_floor,
                      std::vector<int>* parks);
  // The fewest pulls that take the box on `box` out of its room onto a
  // square marked in `outside` (every other square marked in `filled` holds
  // a box that stays), the player starting on `player`'s side of the boxes
  // (-1: anywhere outside the room), *end (if not null) set to where the
  // player stands after them; -1 if it cannot leave. With `player_floor`,
  // the box is out only when the player, behind it, can walk to a square
  // marked in *player_floor.
  int PullsOut(int box, const std::vector<uint8_t>& filled, const std::vector<uint8_t>& outside,
               int player = -1, int* end = nullptr,
               const std::vector<uint8_t>* player_floor = nullptr);

  // Marks in reach_ where the player walks from the side `side` of a box on
  // `box_at` (an obstacle for the walk; `occupied` marks the other boxes,
  // and occupied[box_at] is 0 again afterwards), charging the squares to
  // work_.
  void WalkBehind(int box_at, int side, std::vector<uint8_t>& occupied);
  // Whether the last walk reached a square marked in `floor`.
  bool PlayerReaches(const std::vector<uint8_t>& floor) const;

  // The first nodes of a pull search of the box on `box` (occupied[box] 0):
  // each free side of it the player can stand on, marked in *seen and
  // appended to *nodes as (box, side). With `from_player`, the sides it
  // marks; else those from which the player walks to a square marked in
  // *floor.
  void FirstPulls(int box, std::vector<uint8_t>& occupied, const bool* from_player,
                  const std::vector<uint8_t>* floor, std::vector<uint8_t>* seen,
                  std::vector<std::pair<int, int>>* nodes);
  // The pulls of the box on `box`, the player's walk from beside it marked
  // in reach_: each (square the box goes to, side of it the player stands
  // on) not marked in *seen yet is marked and appended to *pulls.
  void AddPulls(int box, const std::vector<uint8_t>& occupied, std::vector<uint8_t>* seen,
                std::vector<std::pair<int, int>>* pulls) const;

  // Squares visited by the fills so far; rooms not ordered within
  // kMaxWork get no order (a bound for boards of thousands of boxes).
  static constexpr int64_t kMaxWork = 20'000'000;
  int64_t work_ = 0;

  const Board& board_;
  Reach reach_;
  std::vector<int> room_at_;
  std::vector<uint8_t> inside_;
  std::vector<std::vector<Square>> order_;
  std::vector<std::vector<int>> parked_goal_;  // [room][k]: ParkedGoal
  std::vector<uint8_t> parking_;
};

}  // namespace sokoban
