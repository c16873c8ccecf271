#include "solver/fess/room_connectivity.h"

#include <algorithm>

namespace sokoban {

RoomConnectivity::RoomConnectivity(const Board& board) : link_at_(board.size(), -1) {
  const int n = board.size();
  std::vector<uint8_t> passage(n, 0);
  for (int sq = 0; sq < n; ++sq) {
    int dirs[4], count = 0;
    for (int d = 0; d < 4; ++d) {
      if (board.Neighbour(sq, d) != kNoSquare) dirs[count++] = d;
    }
    if (count >= 3) continue;
    if (count <= 1) {
      passage[sq] = 1;  // a dead end belongs to the passage leading to it
    } else if ((dirs[0] ^ dirs[1]) == 2) {
      passage[sq] = 1;  // straight: walls on both other sides
    } else {
      // A corner: one wide when the square between its two neighbours is
      // not floor.
      const int a = board.Neighbour(sq, dirs[0]);
      passage[sq] = board.Neighbour(a, dirs[1]) == kNoSquare;
    }
  }
  // Rooms and passages: the parts of the floor joined through squares of
  // the same kind.
  std::vector<int> part(n, -1);
  std::vector<uint8_t> is_passage_part;
  std::vector<int> stack;
  for (int first = 0; first < n; ++first) {
    if (part[first] >= 0) continue;
    const int id = static_cast<int>(is_passage_part.size());
    is_passage_part.push_back(passage[first]);
    rooms_ += !passage[first];
    part[first] = id;
    stack.assign(1, first);
    while (!stack.empty()) {
      const int sq = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int m = board.Neighbour(sq, d);
        if (m == kNoSquare || part[m] >= 0 || passage[m] != passage[first]) continue;
        part[m] = id;
        stack.push_back(m);
      }
    }
  }
  // A passage touching two rooms or more is a link.
  std::vector<int> link_of(is_passage_part.size(), -1);
  std::vector<std::vector<int>> touched(is_passage_part.size());
  for (int sq = 0; sq < n; ++sq) {
    if (!passage[sq]) continue;
    for (int d = 0; d < 4; ++d) {
      const int m = board.Neighbour(sq, d);
      if (m != kNoSquare && !passage[m]) touched[part[sq]].push_back(part[m]);
    }
  }
  for (size_t p = 0; p < touched.size(); ++p) {
    std::vector<int>& rooms = touched[p];
    std::sort(rooms.begin(), rooms.end());
    rooms.erase(std::unique(rooms.begin(), rooms.end()), rooms.end());
    if (rooms.size() >= 2) link_of[p] = links_++;
  }
  for (int sq = 0; sq < n; ++sq) link_at_[sq] = link_of[part[sq]];
  boxes_in_.assign(links_, 0);
}

int RoomConnectivity::Count(const Square* boxes, int n) const {
  std::vector<uint8_t> hit(links_, 0);
  int blocked = 0;
  for (int k = 0; k < n; ++k) {
    const int l = link_at_[boxes[k]];
    if (l >= 0 && !hit[l]) hit[l] = 1, ++blocked;
  }
  return blocked;
}

void RoomConnectivity::SetParent(const Square* boxes, int n) {
  std::fill(boxes_in_.begin(), boxes_in_.end(), 0);
  parent_blocked_ = 0;
  for (int k = 0; k < n; ++k) {
    const int l = link_at_[boxes[k]];
    if (l >= 0 && boxes_in_[l]++ == 0) ++parent_blocked_;
  }
}

}  // namespace sokoban
