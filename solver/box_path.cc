#include "solver/box_path.h"

#include <algorithm>

namespace sokoban {
namespace {

// Visited (box square, normalized player) pairs: a box square has at most
// four player areas around it, so a short list per square does.
class Visited {
 public:
  explicit Visited(int squares) : seen_(squares) {}
  bool Add(int box, int player) {
    std::vector<int>& s = seen_[box];
    if (std::find(s.begin(), s.end(), player) != s.end()) return false;
    s.push_back(player);
    return true;
  }

 private:
  std::vector<std::vector<int>> seen_;
};

struct Node {
  int box, player;  // player: a square of the player's area
  int parent;       // index in the queue, -1 for a root
  int dir;          // the push that led here
};

}  // namespace

bool FindBoxPath(const Board& board, std::vector<uint8_t>& occupied, int from, int to, int player,
                 std::vector<Push>* path) {
  Reach reach(board.size()), after(board.size());
  Visited visited(board.size());
  std::vector<Node> queue;
  occupied[from] = 1;
  visited.Add(from, reach.Fill(board, occupied.data(), player));
  queue.push_back({from, player, -1, -1});
  int found = -1;
  for (size_t head = 0; head < queue.size() && found < 0; ++head) {
    const Node node = queue[head];
    if (node.box == to) {
      found = static_cast<int>(head);
      break;
    }
    occupied[node.box] = 1;
    reach.Fill(board, occupied.data(), node.player);
    occupied[node.box] = 0;
    for (int d = 0; d < 4; ++d) {
      const int ahead = board.Neighbour(node.box, d), behind = board.Neighbour(node.box, d ^ 2);
      if (ahead == kNoSquare || behind == kNoSquare || occupied[ahead]) continue;
      if (!reach.Reached(behind) || board.IsDead(ahead)) continue;
      occupied[ahead] = 1;
      const int norm = after.Fill(board, occupied.data(), node.box);
      occupied[ahead] = 0;
      if (visited.Add(ahead, norm)) {
        queue.push_back({ahead, node.box, static_cast<int>(head), d});
      }
    }
  }
  occupied[from] = 1;
  if (found < 0) return false;
  std::vector<Push> steps;
  for (int k = found; queue[k].parent >= 0; k = queue[k].parent) {
    const Node& parent = queue[queue[k].parent];
    steps.push_back({static_cast<Square>(parent.box), static_cast<uint8_t>(queue[k].dir), 1});
  }
  path->insert(path->end(), steps.rbegin(), steps.rend());
  return true;
}

}  // namespace sokoban
