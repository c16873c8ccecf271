// The fill order of a goal room found by a search over which box leaves
// next (GoalRooms::EmptySearch, declared in solver/goal_room.h), for two
// kinds of room.
//
// A room that splits the floor between boxes (`--prune splitroom`): taking
// boxes out of it one by one, each onto whichever side it reaches first,
// with the player anywhere outside, makes an order the player cannot
// follow: the player is on one side at a time and crosses to the other
// only through the room, while it still has a way through. Here the player
// stays where it stood when the box before left (the first box leaves to
// either side): a greedy choice empties one side's share of the room and
// leaves the player shut off from the boxes that must go out the other
// way.
//
// Any room (`--prune packsearch`): a box pulled out onto the main floor
// with the player shut in the room behind it has not left, since a box
// pushed in from there cannot have come with the player behind it (XSokoban
// 47: (14,5)'s box pulled to (13,6), the player on the goal (13,7)). Asking
// for the player out after each box makes the greedy emptying stick with
// boxes left that cannot leave; the search backs up instead.
//
// The boxes go out fewest pulls first, depth first. Positions seen before
// (the boxes left in the room, and for a split room the player's area) are
// not searched again; the search stops after kSearchWork squares visited
// and the room falls back to the order without it.
#include <algorithm>
#include <climits>
#include <string>
#include <unordered_set>

#include "solver/goal_room.h"

namespace sokoban {
namespace {

constexpr int64_t kSearchWork = 5'000'000;

}  // namespace

bool GoalRooms::EmptySearch(const std::vector<Square>& goals, const std::vector<uint8_t>& room,
                            const std::vector<uint8_t>& outside,
                            const std::vector<uint8_t>* player_floor,
                            std::vector<Square>* leaving) {
  struct Way {
    int pulls, k, end;
  };
  // A split room keeps the player where the box before left it.
  const bool keep_player = player_floor == nullptr;
  std::vector<uint8_t> filled = room;
  std::vector<Square> left = goals;
  std::unordered_set<std::string> seen;
  // A search that fails leaves work for the orders after it (a room so
  // keeps the order without the search).
  const int64_t limit = std::min(work_ + kSearchWork, keep_player ? kMaxWork : kMaxWork / 2);
  int player = -1;  // the first box: the player anywhere outside
  leaving->clear();
  // The search, depth-first, with the ways out of each level kept on a stack.
  std::vector<std::vector<Way>> ways;
  std::vector<size_t> next;
  std::vector<int> players;
  auto expand = [&]() {
    ways.emplace_back();
    next.push_back(0);
    players.push_back(player);
    std::string key(reinterpret_cast<const char*>(left.data()), left.size() * sizeof(Square));
    if (player >= 0) {
      const int area = reach_.Fill(board_, filled.data(), player);
      work_ += reach_.count();
      key.append(reinterpret_cast<const char*>(&area), sizeof(area));
    }
    if (!seen.insert(key).second) return;
    for (size_t k = 0; k < left.size() && work_ <= limit; ++k) {
      int end = -1;
      const int pulls = PullsOut(left[k], filled, outside, player, &end, player_floor);
      if (pulls >= 0) ways.back().push_back({pulls, static_cast<int>(k), end});
    }
    std::stable_sort(ways.back().begin(), ways.back().end(),
                     [](const Way& a, const Way& b) { return a.pulls < b.pulls; });
  };
  expand();
  while (!left.empty()) {
    if (work_ > limit) return false;
    if (next.back() == ways.back().size()) {
      // No way on from here: put back the box that left last.
      ways.pop_back();
      next.pop_back();
      players.pop_back();
      if (ways.empty()) return false;
      const Square box = leaving->back();
      leaving->pop_back();
      filled[box] = 1;
      left.insert(std::lower_bound(left.begin(), left.end(), box), box);
      player = players.back();
      continue;
    }
    const Way way = ways.back()[next.back()++];
    const Square box = left[way.k];
    leaving->push_back(box);
    filled[box] = 0;
    left.erase(left.begin() + way.k);
    if (keep_player) player = way.end;
    if (!left.empty()) expand();
  }
  return true;
}

}  // namespace sokoban
