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

// Appends the shortest walk (fewest steps, boxes as obstacles) from `from`
// to `to` in LURD letters. The target is reachable: the search checked it.
void AppendWalk(const Board& board, const std::vector<uint8_t>& occupied, int from, int to,
                std::string& out) {
  if (from == to) return;
  std::vector<int> came_dir(board.size(), -1);
  std::vector<int> queue{from};
  came_dir[from] = 4;
  for (size_t head = 0; head < queue.size() && came_dir[to] < 0; ++head) {
    const int sq = queue[head];
    for (int d = 0; d < 4; ++d) {
      const int next = board.Neighbour(sq, d);
      if (next == kNoSquare || occupied[next] || came_dir[next] >= 0) continue;
      came_dir[next] = d;
      queue.push_back(next);
    }
  }
  std::string walk;
  for (int sq = to; sq != from; sq = board.Neighbour(sq, came_dir[sq] ^ 2)) {
    walk += kDirLetters[came_dir[sq]];
  }
  out.append(walk.rbegin(), walk.rend());
}

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

std::string PushesToLurd(const Board& board, const std::vector<Push>& pushes) {
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : board.start_boxes()) occupied[b] = 1;
  int player = board.start_player();
  std::string moves;
  for (const Push& p : pushes) {
    AppendWalk(board, occupied, player, board.Neighbour(p.from, p.dir ^ 2), moves);
    int box = p.from;
    for (int k = 0; k < p.length; ++k) {
      const int next = board.Neighbour(box, p.dir);
      occupied[box] = 0;
      occupied[next] = 1;
      moves += "LURD"[p.dir];
      player = box;
      box = next;
    }
  }
  return moves;
}

}  // namespace sokoban
