#include "solver/rooms/goal_room.h"

#include <algorithm>
#include <climits>

namespace sokoban {

GoalRooms::GoalRooms(const Board& board, int min_goals, bool main_floor)
    : board_(board),
      reach_(board.size()),
      room_at_(board.size(), -1),
      inside_(board.size(), 0),
      parking_(board.size(), 0) {
  std::vector<uint8_t> seen(board.size(), 0);
  for (Square first : board.goals()) {
    if (seen[first]) continue;
    // The room: the goals joined to this one through goals.
    std::vector<Square> goals{first};
    seen[first] = 1;
    for (size_t k = 0; k < goals.size(); ++k) {
      for (int d = 0; d < 4; ++d) {
        const int n = board.Neighbour(goals[k], d);
        if (n == kNoSquare || !board.IsGoal(n) || seen[n]) continue;
        seen[n] = 1;
        goals.push_back(static_cast<Square>(n));
      }
    }
    if (static_cast<int>(goals.size()) < min_goals) continue;
    std::sort(goals.begin(), goals.end());
    std::vector<uint8_t> room(board.size(), 0);
    for (Square g : goals) room[g] = 1;
    // Where a box leaves the room onto: anywhere off it, or the main floor.
    std::vector<uint8_t> outside(board.size(), 0);
    for (int sq = 0; sq < board.size(); ++sq) outside[sq] = !room[sq];
    if (main_floor) MainFloor(room, &outside);
    std::vector<Square> leaving;
    std::vector<int> parked_goals;
    bool emptied = false;
    if (main_floor) {
      // First onto the squares a box from outside can be pushed to: a box
      // pulled onto a square no box can reach from outside has not left.
      std::vector<uint8_t> reached(board.size(), 0);
      MarkBoxReach(board, room, &reached);
      work_ += static_cast<int64_t>(board.size()) * 8;
      for (int sq = 0; sq < board.size(); ++sq) reached[sq] = reached[sq] && outside[sq];
      // The player must get back out of the room too
      // (solver/rooms/room_order_search.cc).
      if (work_ <= kMaxWork / 2) emptied = EmptySearch(goals, room, reached, outside, &leaving);
      // Failing that, with one box waiting outside the room at a time.
      if (!emptied && work_ <= kMaxWork / 2)
        emptied = EmptySearch(goals, room, reached, outside, &leaving, &parked_goals);
      if (!emptied) {
        parked_goals.clear();
        emptied = Empty(goals, room, reached, &leaving);
      }
    }
    if (!emptied) emptied = Empty(goals, room, outside, &leaving);
    if (work_ > kMaxWork) return;  // out of budget: no more orders
    if (!emptied) continue;        // a box that cannot leave: no order
    const int r = room_count();
    order_.emplace_back(leaving.rbegin(), leaving.rend());
    // A parking square's goal: its index in the order (filled forwards).
    std::vector<int>& parked = parked_goal_.emplace_back(leaving.size(), -1);
    for (size_t k = 0; k < parked_goals.size(); ++k) {
      if (parked_goals[k] < 0) continue;
      const size_t at = leaving.size() - 1 - k;
      const auto goal = std::find(order_[r].begin(), order_[r].end(), parked_goals[k]);
      parked[at] = static_cast<int>(goal - order_[r].begin());
      parking_[order_[r][at]] = 1;
    }
    for (Square g : goals) {
      room_at_[g] = r;
      inside_[g] = 1;
    }
    for (Square g : goals) {
      for (int d = 0; d < 4; ++d) {
        const int n = board.Neighbour(g, d);
        if (n != kNoSquare && room_at_[n] < 0 && !board.IsGoal(n)) room_at_[n] = r;
      }
    }
    for (Square sq : order_[r]) {
      if (room_at_[sq] < 0) room_at_[sq] = r;  // a parking square
    }
  }
}

int GoalRooms::Next(int r, const uint8_t* occupied) const {
  const std::vector<Square>& order = order_[r];
  const std::vector<int>& parked = parked_goal_[r];
  const int size = static_cast<int>(order.size());
  for (int k = 0; k < size; ++k) {
    if (!occupied[order[k]] && (parked[k] < 0 || !occupied[order[parked[k]]])) return k;
  }
  return size;
}

int GoalRooms::Packed(const uint8_t* occupied) const {
  int packed = 0;
  for (int r = 0; r < room_count(); ++r) packed += Next(r, occupied);
  for (Square g : board_.goals()) packed += occupied[g] && !inside_[g];
  return packed;
}

namespace {

// The parts of the floor off the squares marked in `walls`: each square's
// part (-1 on `walls`), the parts numbered in the order of their smallest
// squares; *count set to how many there are.
std::vector<int> FloorParts(const Board& board, const std::vector<uint8_t>& walls, int* count) {
  const int n = board.size();
  std::vector<int> part(n, -1), stack;
  int parts = 0;
  for (int first = 0; first < n; ++first) {
    if (walls[first] || part[first] >= 0) continue;
    const int id = parts++;
    part[first] = id;
    stack.assign(1, first);
    while (!stack.empty()) {
      const int sq = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int m = board.Neighbour(sq, d);
        if (m == kNoSquare || walls[m] || part[m] >= 0) continue;
        part[m] = id;
        stack.push_back(m);
      }
    }
  }
  *count = parts;
  return part;
}

}  // namespace

bool MarkMainFloor(const Board& board, const std::vector<uint8_t>& walls,
                   std::vector<uint8_t>* main_floor) {
  const int n = board.size();
  int count = 0;
  const std::vector<int> part = FloorParts(board, walls, &count);
  if (count < 2) return false;
  std::vector<int> sizes(count, 0);
  for (int sq = 0; sq < n; ++sq) {
    if (part[sq] >= 0) ++sizes[part[sq]];
  }
  const int main = static_cast<int>(std::max_element(sizes.begin(), sizes.end()) - sizes.begin());
  for (int sq = 0; sq < n; ++sq) (*main_floor)[sq] = part[sq] == main;
  return true;
}

void MarkBoxReach(const Board& board, const std::vector<uint8_t>& walls,
                  std::vector<uint8_t>* reached) {
  const int n = board.size();
  // Breadth-first over (box square, side of it the player stands on), from
  // every start box off `walls`, the player on any free side of it.
  std::vector<uint8_t> seen(static_cast<size_t>(n) * 4, 0), occupied = walls;
  std::vector<std::pair<int, int>> queue;
  Reach reach(n);
  for (Square b : board.start_boxes()) {
    if (walls[b]) continue;
    for (int s = 0; s < 4; ++s) {
      const int p = board.Neighbour(b, s);
      if (p == kNoSquare || walls[p] || seen[b * 4 + s]) continue;
      seen[b * 4 + s] = 1;
      queue.emplace_back(b, s);
    }
  }
  for (size_t head = 0; head < queue.size(); ++head) {
    const auto [box, side] = queue[head];
    (*reached)[box] = 1;
    occupied[box] = 1;
    reach.Mark(board, occupied.data(), board.Neighbour(box, side));
    occupied[box] = walls[box];
    for (int d = 0; d < 4; ++d) {
      // The player behind the box (on its side d) pushes it the other way.
      const int p = board.Neighbour(box, d);
      if (p == kNoSquare || !reach.Reached(p)) continue;
      const int to = board.Neighbour(box, d ^ 2);
      if (to == kNoSquare || walls[to]) continue;
      uint8_t& s = seen[static_cast<size_t>(to) * 4 + d];
      if (s) continue;
      s = 1;
      queue.emplace_back(to, d);
    }
  }
}

void GoalRooms::MainFloor(const std::vector<uint8_t>& room, std::vector<uint8_t>* outside) {
  MarkMainFloor(board_, room, outside);
  work_ += board_.size();
}

bool GoalRooms::Empty(const std::vector<Square>& goals, const std::vector<uint8_t>& room,
                      const std::vector<uint8_t>& outside, std::vector<Square>* leaving) {
  std::vector<uint8_t> filled = room;
  std::vector<Square> left = goals;
  leaving->clear();
  while (!left.empty()) {
    int best = -1, best_pulls = INT_MAX;
    for (size_t k = 0; k < left.size() && best_pulls > 1 && work_ <= kMaxWork; ++k) {
      const int pulls = PullsOut(left[k], filled, outside);
      if (pulls >= 0 && pulls < best_pulls) best = static_cast<int>(k), best_pulls = pulls;
    }
    if (best < 0 || work_ > kMaxWork) return false;
    leaving->push_back(left[best]);
    filled[left[best]] = 0;
    left.erase(left.begin() + best);
  }
  return true;
}

int GoalRooms::PullsOut(int box, const std::vector<uint8_t>& filled,
                        const std::vector<uint8_t>& outside, int player, int* end,
                        const std::vector<uint8_t>* player_floor) {
  const int n = board_.size();
  // The other boxes of the room stand still; the box itself is an obstacle
  // while the player walks, and moves between walks.
  std::vector<uint8_t> occupied = filled;
  // Breadth-first over (box square, side the player stands on); the player
  // starts on any side from which it can walk out of the room. The nodes of
  // `pulls` pulls end at index level_end.
  std::vector<uint8_t> seen(static_cast<size_t>(n) * 4, 0);
  std::vector<std::pair<int, int>> nodes;
  bool from_player[4] = {false, false, false, false};
  if (player >= 0) {
    reach_.Mark(board_, occupied.data(), player);
    work_ += reach_.count();
    for (int s = 0; s < 4; ++s) {
      const int p = board_.Neighbour(box, s);
      from_player[s] = p != kNoSquare && reach_.Reached(p);
    }
  }
  occupied[box] = 0;
  FirstPulls(box, occupied, player >= 0 ? from_player : nullptr, &outside, &seen, &nodes);
  int pulls = 0;
  size_t level_end = nodes.size();
  for (size_t head = 0; head < nodes.size(); ++head) {
    if (head == level_end) {
      ++pulls;
      level_end = nodes.size();
    }
    const auto [at, side] = nodes[head];
    // Out onto `outside`; with player_floor, only with the player behind
    // the box able to walk back out.
    if (outside[at] && player_floor == nullptr) {
      if (end) *end = board_.Neighbour(at, side);
      return pulls;
    }
    if (work_ > kMaxWork) return -1;
    WalkBehind(at, side, occupied);
    if (outside[at] && PlayerReaches(*player_floor)) {
      if (end) *end = board_.Neighbour(at, side);
      return pulls;
    }
    AddPulls(at, occupied, &seen, &nodes);
  }
  return -1;
}

void GoalRooms::WalkBehind(int box_at, int side, std::vector<uint8_t>& occupied) {
  occupied[box_at] = 1;
  reach_.Mark(board_, occupied.data(), board_.Neighbour(box_at, side));
  occupied[box_at] = 0;
  work_ += reach_.count();
}

bool GoalRooms::PlayerReaches(const std::vector<uint8_t>& floor) const {
  for (int i = 0; i < reach_.count(); ++i) {
    if (floor[reach_.squares()[i]]) return true;
  }
  return false;
}

void GoalRooms::FirstPulls(int box, std::vector<uint8_t>& occupied, const bool* from_player,
                           const std::vector<uint8_t>* floor, std::vector<uint8_t>* seen,
                           std::vector<std::pair<int, int>>* nodes) {
  for (int s = 0; s < 4; ++s) {
    const int p = board_.Neighbour(box, s);
    if (p == kNoSquare || occupied[p]) continue;
    if (from_player) {
      if (!from_player[s]) continue;
    } else {
      WalkBehind(box, s, occupied);
      if (!PlayerReaches(*floor)) continue;
    }
    (*seen)[static_cast<size_t>(box) * 4 + s] = 1;
    nodes->emplace_back(box, s);
  }
}

void GoalRooms::AddPulls(int box, const std::vector<uint8_t>& occupied, std::vector<uint8_t>* seen,
                         std::vector<std::pair<int, int>>* pulls) const {
  // A pull: the player next to the box steps away from it, the box
  // following onto the square the player left.
  for (int d = 0; d < 4; ++d) {
    const int p = board_.Neighbour(box, d);
    if (p == kNoSquare || !reach_.Reached(p)) continue;
    const int back = board_.Neighbour(p, d);
    if (back == kNoSquare || occupied[back]) continue;
    uint8_t& s = (*seen)[static_cast<size_t>(p) * 4 + d];
    if (s) continue;
    s = 1;
    pulls->emplace_back(p, d);
  }
}

}  // namespace sokoban
