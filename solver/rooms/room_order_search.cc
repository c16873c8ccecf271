// The fill order of a goal room found by a search over which box leaves
// next (GoalRooms::EmptySearch, declared in solver/rooms/goal_room.h), the
// reverse of packing it: a packing order that leaves the boxes still
// outside a way in.
//
// A box pulled out onto the main floor with the player shut in the room
// behind it has not left, since a box pushed in from there cannot have come
// with the player behind it. Asking for the player out after each box makes
// the greedy emptying stick with boxes left that cannot leave; the search
// backs up instead.
//
// Parking (a room no such search empties): where no box can leave, one box
// of the room at a time may be pulled onto a square off the room and off
// the squares boxes from outside reach (ParkingSquares), the player getting
// back to the main floor; it leaves from there later like any other.
// Forwards, a box goes to the parking square at its turn and on to its goal
// at the goal's turn, each move the reverse of the pulls, with the same
// boxes in the room.
//
// The boxes go out fewest pulls first, depth first. Positions seen before
// (the boxes left in the room, and for a split room the player's area) are
// not searched again; the search stops after kSearchWork squares visited
// and the room falls back to the order without it.
#include <algorithm>
#include <string>
#include <unordered_set>

#include "solver/rooms/goal_room.h"

namespace sokoban {
namespace {

constexpr int64_t kSearchWork = 5'000'000;

}  // namespace

bool GoalRooms::EmptySearch(const std::vector<Square>& goals, const std::vector<uint8_t>& room,
                            const std::vector<uint8_t>& outside,
                            const std::vector<uint8_t>& player_floor, std::vector<Square>* leaving,
                            std::vector<int>* parked_goals) {
  // A way out of a position: the box on `box` (a goal of the room, or the
  // parked box) leaves onto the main floor, or with `park` >= 0 the room's
  // box on `box` is pulled onto the square `park` and waits there.
  struct Way {
    int pulls, box, park;
  };
  const bool parking = parked_goals != nullptr;
  std::vector<uint8_t> filled = room;
  std::vector<Square> left = goals;
  std::unordered_set<std::string> seen;
  // A search that fails leaves work for the orders after it (a room so
  // keeps the order without the search).
  const int64_t limit = std::min(work_ + kSearchWork, kMaxWork / 2);
  int parked = -1;  // the square of the parked box, -1: none
  int parked_goal = -1;
  leaving->clear();
  if (parking) parked_goals->clear();
  // The search, depth-first, with the ways out of each level kept on a stack.
  std::vector<std::vector<Way>> ways;
  std::vector<size_t> next;
  std::vector<int> parks;
  auto expand = [&]() {
    ways.emplace_back();
    next.push_back(0);
    std::string key(reinterpret_cast<const char*>(left.data()), left.size() * sizeof(Square));
    if (parking) key.append(reinterpret_cast<const char*>(&parked), sizeof(parked));
    if (!seen.insert(key).second) return;
    std::vector<Way>& out = ways.back();
    for (size_t k = 0; k < left.size() && work_ <= limit; ++k) {
      const int pulls = PullsOut(left[k], filled, outside, -1, nullptr, &player_floor);
      if (pulls >= 0) out.push_back({pulls, left[k], -1});
    }
    if (parked >= 0 && work_ <= limit) {
      const int pulls = PullsOut(parked, filled, outside, -1, nullptr, &player_floor);
      if (pulls >= 0) out.push_back({pulls, parked, -1});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Way& a, const Way& b) { return a.pulls < b.pulls; });
    if (!parking || parked >= 0 || !out.empty()) return;
    // No box leaves: then a box of the room waits outside it.
    for (size_t k = 0; k < left.size() && work_ <= limit; ++k) {
      ParkingSquares(left[k], filled, room, outside, player_floor, &parks);
      for (int sq : parks) out.push_back({0, left[k], sq});
    }
  };
  expand();
  while (!left.empty() || parked >= 0) {
    if (work_ > limit) return false;
    if (next.back() == ways.back().size()) {
      // No way on from here: put back the box that moved last.
      ways.pop_back();
      next.pop_back();
      if (ways.empty()) return false;
      const Way& last = ways.back()[next.back() - 1];
      leaving->pop_back();
      if (last.park >= 0) {
        // The box that was parked goes back into the room.
        filled[last.park] = 0;
        parked = -1;
      } else if (!room[last.box]) {
        // The parked box had left: it waits again.
        parked = last.box;
        parked_goal = parked_goals->back();
        filled[parked] = 1;
      }
      if (parking) parked_goals->pop_back();
      if (room[last.box]) {
        filled[last.box] = 1;
        left.insert(std::lower_bound(left.begin(), left.end(), last.box),
                    static_cast<Square>(last.box));
      }
      continue;
    }
    const Way way = ways.back()[next.back()++];
    const Square box = static_cast<Square>(way.box);
    filled[box] = 0;
    leaving->push_back(box);
    if (way.park >= 0) {
      // The goal is filled from the parking square, which fills before it.
      parked_goals->push_back(-1);
      left.erase(std::lower_bound(left.begin(), left.end(), box));
      parked = way.park;
      parked_goal = box;
      filled[parked] = 1;
    } else if (!room[box]) {
      parked_goals->push_back(parked_goal);
      parked = -1;
    } else {
      if (parking) parked_goals->push_back(-1);
      left.erase(std::lower_bound(left.begin(), left.end(), box));
    }
    if (!left.empty() || parked >= 0) expand();
  }
  return true;
}

void GoalRooms::ParkingSquares(int box, const std::vector<uint8_t>& filled,
                               const std::vector<uint8_t>& room,
                               const std::vector<uint8_t>& outside,
                               const std::vector<uint8_t>& player_floor, std::vector<int>* parks) {
  parks->clear();
  const int n = board_.size();
  std::vector<uint8_t> occupied = filled, seen(static_cast<size_t>(n) * 4, 0), listed(n, 0);
  std::vector<std::pair<int, int>> nodes;  // (box square, side of the player)
  occupied[box] = 0;
  FirstPulls(box, occupied, nullptr, &player_floor, &seen, &nodes);
  for (size_t head = 0; head < nodes.size(); ++head) {
    const auto [at, side] = nodes[head];
    WalkBehind(at, side, occupied);
    if (!room[at] && !outside[at] && !listed[at] && PlayerReaches(player_floor)) {
      listed[at] = 1;
      parks->push_back(at);
    }
    AddPulls(at, occupied, &seen, &nodes);
  }
}

}  // namespace sokoban
