// The fill order of a goal room that splits the floor between boxes
// (`--prune splitroom`; GoalRooms::EmptySplit, declared in
// solver/goal_room.h).
//
// Taking boxes out of such a room one by one, each onto whichever side it
// reaches first, with the player anywhere outside, makes an order the
// player cannot follow: the player is on one side at a time and crosses to
// the other only through the room, while it still has a way through. Here
// the player stays where it stood when the box before left, and the boxes
// go out, fewest pulls first, in a depth-first search over which box
// leaves next (the first box leaves to either side): a greedy choice
// empties one side's share of the room and leaves the player shut off from
// the boxes that must go out the other way. Positions seen before (the
// boxes left in the room, the player's area) are not searched again; the
// search stops after kSplitWork squares visited and the room falls back to
// the order with the player anywhere.
#include <algorithm>
#include <climits>
#include <string>
#include <unordered_set>

#include "solver/goal_room.h"

namespace sokoban {
namespace {

constexpr int64_t kSplitWork = 5'000'000;

}  // namespace

bool GoalRooms::EmptySplit(const std::vector<Square>& goals, const std::vector<uint8_t>& room,
                           const std::vector<uint8_t>& outside, std::vector<Square>* leaving) {
  struct Way {
    int pulls, k, end;
  };
  std::vector<uint8_t> filled = room;
  std::vector<Square> left = goals;
  std::unordered_set<std::string> seen;
  const int64_t limit = std::min(work_ + kSplitWork, kMaxWork);
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
      const int pulls = PullsOut(left[k], filled, outside, player, &end);
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
    player = way.end;
    if (!left.empty()) expand();
  }
  return true;
}

}  // namespace sokoban
