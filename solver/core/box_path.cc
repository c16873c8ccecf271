#include "solver/core/box_path.h"

#include <algorithm>
#include <cassert>
#include <climits>
#include <cstddef>
#include <functional>

namespace sokoban {
namespace {

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

// Whether p is among list[0..count), count at most 4 (a loop, not
// std::find's unrolled search: most lists hold one or two).
bool Holds(const int* list, int count, int p) {
  for (int k = 0; k < count; ++k) {
    if (list[k] == p) return true;
  }
  return false;
}

}  // namespace

bool FindBoxPath(const Board& board, std::vector<uint8_t>& occupied, int from, int to, int player,
                 std::vector<Push>* path) {
  return BoxMover(board).Find(occupied, from, to, player, path);
}

BoxMover::BoxMover(const Board& board)
    : board_(board),
      reach_(board.size()),
      end_reach_(board.size()),
      seen_(static_cast<size_t>(board.size()) * 4, 0),
      covered_(static_cast<size_t>(board.size()) * 4, 0),
      areas_change_(board.size(), 0),
      push_to_(static_cast<size_t>(board.size()) * 4, kNoSquare),
      cuts_(board) {
  for (int sq = 0; sq < board.size(); ++sq) {
    for (int d = 0; d < 4; ++d) {
      const int ahead = board.Neighbour(sq, d), behind = board.Neighbour(sq, d ^ 2);
      if (ahead != kNoSquare && behind != kNoSquare && !board.IsDead(ahead)) {
        push_to_[static_cast<size_t>(sq) * 4 + d] = ahead;
      }
    }
  }
}

int BoxMover::SidesAndAreas(const FloorCuts& floor, int b, int side, int from) {
  // The pieces of the floor without b next to `from`: freed, `from` joins
  // them into one (named -1, as `from` itself).
  // `from` and the numbering stay the same through one Spread: its free
  // neighbours are listed once.
  if (from_stamp_ != stamp_) {
    from_stamp_ = stamp_;
    from_free_count_ = 0;
    for (int d = 0; d < 4; ++d) {
      const int m = board_.Neighbour(from, d);
      if (m != kNoSquare && floor.Free(m)) from_free_[from_free_count_++] = m;
    }
  }
  int around[4], joined = 0;
  for (int k = 0; k < from_free_count_; ++k) {
    const int m = from_free_[k];
    if (m == b) continue;
    const int p = floor.Piece(b, m);
    if (!Holds(around, joined, p)) around[joined++] = p;
  }
  // Each side's group (INT_MIN: no floor there); the pieces b's area falls
  // into, each next to b.
  int group[4], pieces[4], split = 0;
  for (int s = 0; s < 4; ++s) {
    const int n = board_.Neighbour(b, s);
    group[s] = INT_MIN;
    if (n == kNoSquare) continue;
    if (n == from) {
      group[s] = -1;
      continue;
    }
    if (!floor.Free(n)) continue;
    const int p = floor.NeighbourPiece(b, n);
    if (!Holds(pieces, split, p)) pieces[split++] = p;
    group[s] = Holds(around, joined, p) ? -1 : p;
  }
  // b's area loses b and falls into `split` pieces; `from` and the pieces
  // around it become one area.
  areas_change_[b] = static_cast<int8_t>(split - joined);
  const int own = group[side];
  return (group[0] == own) | (group[1] == own) << 1 | (group[2] == own) << 2 |
         (group[3] == own) << 3;
}

int BoxMover::SidesReached(const Reach& reach, int box) const {
  int sides = 0;
  for (int s = 0; s < 4; ++s) {
    const int n = board_.Neighbour(box, s);
    if (n != kNoSquare && reach.Reached(n)) sides |= 1 << s;
  }
  return sides;
}

bool BoxMover::Find(std::vector<uint8_t>& occupied, int from, int to, int player,
                    std::vector<Push>* path, const Reach* start, const BoxSources* guide,
                    int end_player, const FloorCuts* floor) {
  const int found = Spread(occupied, from, to, player, start, guide, end_player, floor);
  if (found < 0) return false;
  const size_t first = path->size();
  for (int k = found; queue_[k].parent >= 0; k = queue_[k].parent) {
    const Node& node = queue_[k];
    path->push_back(
        {static_cast<Square>(queue_[node.parent].box), static_cast<uint8_t>(node.side ^ 2), 1});
  }
  std::reverse(path->begin() + static_cast<std::ptrdiff_t>(first), path->end());
  return true;
}

void BoxMover::Destinations(std::vector<uint8_t>& occupied, int from, const Reach& start,
                            const FloorCuts* floor, std::vector<BoxDestination>* out) {
  Spread(occupied, from, kNoSquare, -1, &start, nullptr, -1, floor);
  depth_.resize(queue_.size());
  depth_[0] = 0;
  for (size_t k = 1; k < queue_.size(); ++k) {
    const Node& node = queue_[k];
    depth_[k] = static_cast<uint16_t>(depth_[node.parent] + 1);
    if (!node.expanded || node.box == from) continue;
    // Spread found the areas of every square it expanded.
    out->push_back({node.box, depth_[k], static_cast<Square>(board_.Neighbour(node.box, node.side)),
                    areas_change_[node.box]});
  }
}

int BoxMover::Spread(std::vector<uint8_t>& occupied, int from, int to, int player,
                     const Reach* start, const BoxSources* guide, int end_player,
                     const FloorCuts* floor) {
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    std::fill(covered_.begin(), covered_.end(), 0);
    from_stamp_ = 0;
    stamp_ = 1;
  }
  queue_.clear();
  queue_.push_back({static_cast<Square>(from), -1, 0, -1});
  order_.clear();
  occupied[from] = 1;
  int found = from == to ? 0 : -1;
  // Breadth-first: the nodes in queue_ order; guided: order_ is a heap of
  // (distance, node), nearest first.
  size_t next = 0;
  for (;;) {
    size_t head;
    if (!guide) {
      if (next == queue_.size()) break;
      head = next++;
    } else if (next == 0) {
      head = next++;
    } else {
      if (order_.empty()) break;
      std::pop_heap(order_.begin(), order_.end(), std::greater<>());
      head = order_.back().second;
      order_.pop_back();
    }
    if (found >= 0) break;
    const Node node = queue_[head];
    // A node whose side an earlier node on the same box square reached
    // has that node's children, with no fewer pushes.
    if (node.side >= 0 && covered_[static_cast<size_t>(node.box) * 4 + node.side] == stamp_) {
      continue;
    }
    queue_[head].expanded = 1;
    // The sides of the box the player can reach: at the root from its walk
    // (or `start`), elsewhere from where the box square cuts the floor.
    int sides = 0;
    if (node.side < 0) {
      const Reach* reach = &reach_;
      if (start) {
        reach = start;
      } else {
        reach_.Mark(board_, occupied.data(), player);
      }
      occupied[node.box] = 0;
      sides = SidesReached(*reach, node.box);
    } else {
      if (!floor) {
        occupied[from] = 1;
        cuts_.Number(occupied.data());
        occupied[from] = 0;
        floor = &cuts_;
      }
      sides = node.box == from ? floor->SidesWith(node.box, node.side, from)
                               : SidesAndAreas(*floor, node.box, node.side, from);
#ifndef NDEBUG
      assert(sides == floor->SidesWith(node.box, node.side, from));
      occupied[node.box] = 1;
      reach_.Mark(board_, occupied.data(), board_.Neighbour(node.box, node.side));
      occupied[node.box] = 0;
      assert(sides == SidesReached(reach_, node.box));
#endif
    }
    for (int s = 0; s < 4; ++s) {
      if (sides >> s & 1) covered_[static_cast<size_t>(node.box) * 4 + s] = stamp_;
    }
    for (int d = 0; d < 4; ++d) {
      const int ahead = push_to_[static_cast<size_t>(node.box) * 4 + d];
      if (ahead == kNoSquare || !(sides >> (d ^ 2) & 1) || occupied[ahead]) continue;
      uint32_t& seen = seen_[static_cast<size_t>(ahead) * 4 + (d ^ 2)];
      if (seen == stamp_) continue;
      seen = stamp_;
      queue_.push_back(
          {static_cast<Square>(ahead), static_cast<int8_t>(d ^ 2), 0, static_cast<int>(head)});
      if (guide) {
        // Unmarked squares last: a path may pass `from` again.
        order_.emplace_back(guide->Marked(ahead) ? guide->Distance(ahead) : INT_MAX,
                            queue_.size() - 1);
        std::push_heap(order_.begin(), order_.end(), std::greater<>());
      }
      if (ahead == to && (end_player < 0 || EndsNear(occupied, to, node.box, end_player))) {
        found = static_cast<int>(queue_.size()) - 1;
        break;
      }
    }
  }
  occupied[from] = 1;
  return found;
}

BoxSources::BoxSources(const Board& board)
    : board_(board), mark_(board.size(), 0), depth_(board.size(), 0), queue_(board.size()) {}

void BoxSources::Mark(const uint8_t* occupied, int target) {
  if (++stamp_ == 0) {
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 1;
  }
  size_t head = 0, tail = 0;
  queue_[tail++] = static_cast<Square>(target);
  mark_[target] = stamp_;
  depth_[target] = 0;
  while (head < tail) {
    const int at = queue_[head++];
    if (occupied[at]) continue;  // a box: a source, not a way through
    // A push in direction d that ends on `at` starts from `at`'s
    // neighbour the other way, the player one square further.
    for (int d = 0; d < 4; ++d) {
      const int from = board_.Neighbour(at, d ^ 2);
      if (from == kNoSquare || mark_[from] == stamp_ || board_.IsDead(from)) continue;
      if (board_.Neighbour(from, d ^ 2) == kNoSquare) continue;
      mark_[from] = stamp_;
      depth_[from] = static_cast<uint16_t>(depth_[at] + 1);
      queue_[tail++] = static_cast<Square>(from);
    }
  }
}

bool BoxMover::Works(std::vector<uint8_t>& occupied, int from, const std::vector<Push>& path,
                     const Reach& start) {
  int box = from;
  bool works = true;
  for (size_t k = 0; k < path.size() && works; ++k) {
    const Push& p = path[k];
    const int ahead = board_.Neighbour(box, p.dir), behind = board_.Neighbour(box, p.dir ^ 2);
    works = p.from == box && ahead != kNoSquare && behind != kNoSquare && !occupied[ahead];
    if (!works) break;
    if (k == 0) {
      works = start.Reached(behind);
    } else if (path[k - 1].dir != p.dir) {
      // The player stands where the box was; a straight push needs no walk.
      reach_.Mark(board_, occupied.data(), path[k - 1].from);
      works = reach_.Reached(behind);
    }
    if (!works) break;
    occupied[box] = 0;
    occupied[ahead] = 1;
    box = ahead;
  }
  occupied[box] = 0;
  occupied[from] = 1;
  return works;
}

bool BoxMover::EndsNear(std::vector<uint8_t>& occupied, int box, int player, int end_player) {
  occupied[box] = 1;
  end_reach_.Mark(board_, occupied.data(), player);
  occupied[box] = 0;
  return end_reach_.Reached(end_player);
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
