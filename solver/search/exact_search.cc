#include "solver/search/exact_search.h"

#include <algorithm>
#include <queue>

#include "solver/bound/lower_bound.h"
#include "solver/core/state_store.h"
#include "solver/core/zobrist.h"
#include "solver/deadlock/freeze.h"

namespace sokoban {
namespace {

// Walking distances from one square with boxes as obstacles, and the walk
// itself (a breadth-first search in LURD order, so the same walk each time).
class Walker {
 public:
  explicit Walker(const Board& board)
      : board_(board),
        stamp_(board.size(), 0),
        dist_(board.size()),
        from_(board.size()),
        queue_(board.size()) {}

  void Fill(const uint8_t* occupied, int start) {
    ++current_;
    int head = 0, tail = 0;
    queue_[tail++] = start;
    stamp_[start] = current_;
    dist_[start] = 0;
    while (head < tail) {
      const int sq = queue_[head++];
      for (int d = 0; d < 4; ++d) {
        const int to = board_.Neighbour(sq, d);
        if (to == kNoSquare || occupied[to] || stamp_[to] == current_) continue;
        stamp_[to] = current_;
        dist_[to] = dist_[sq] + 1;
        from_[to] = static_cast<uint8_t>(d);
        queue_[tail++] = to;
      }
    }
  }
  bool Reached(int sq) const { return stamp_[sq] == current_; }
  int Distance(int sq) const { return dist_[sq]; }
  // Appends the walk from the fill's start to sq (which must be reached).
  void AppendPath(int sq, std::string& out) const {
    std::string rev;
    while (dist_[sq] > 0) {
      const int d = from_[sq];
      rev.push_back(kDirLetters[d]);
      sq = board_.Neighbour(sq, (d + 2) & 3);
    }
    out.append(rev.rbegin(), rev.rend());
  }

 private:
  const Board& board_;
  std::vector<uint32_t> stamp_;
  std::vector<int> dist_;
  std::vector<uint8_t> from_;
  std::vector<int> queue_;
  uint32_t current_ = 0;
};

struct Entry {
  uint64_t f, g;
  StateId id;
  // std::priority_queue pops the largest: the smallest f, then the
  // largest g (deepest), then the smallest id.
  bool operator<(const Entry& o) const {
    if (f != o.f) return f > o.f;
    if (g != o.g) return g < o.g;
    return id > o.id;
  }
};

uint64_t BoundCost(int h) { return (static_cast<uint64_t>(h) << kMetricShift) + h; }

// Appends to *moves the moves from the start to the state `last` of
// `store`, each state from its parent (the walk, then the push), and the
// walk to `final_player` (kNoSquare: none).
void AppendMoves(const Board& board, const StateCodec& codec, const StateStore& store,
                 Walker& walker, StateId last, int final_player, std::string* moves) {
  const int n = board.box_count();
  std::vector<StateId> chain;
  for (StateId id = last; id != kNoState; id = store.Parent(id)) chain.push_back(id);
  std::reverse(chain.begin(), chain.end());
  std::vector<uint8_t> occupied(board.size(), 0);
  std::vector<Square> boxes(n), next(n);
  int player = 0, next_player = 0;
  codec.Unpack(store.Packed(chain[0]), &player, boxes.data());
  for (size_t k = 1; k <= chain.size(); ++k) {
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 1;
    walker.Fill(occupied.data(), player);
    if (k == chain.size()) {
      if (final_player != kNoSquare) walker.AppendPath(final_player, *moves);
      break;
    }
    codec.Unpack(store.Packed(chain[k]), &next_player, next.data());
    // The box that moved left next_player's square for a neighbour of it.
    const int from = next_player;
    int dir = -1;
    for (int d = 0; d < 4 && dir < 0; ++d) {
      const int to = board.Neighbour(from, d);
      if (to != kNoSquare && !occupied[to] && std::binary_search(next.begin(), next.end(), to)) {
        dir = d;
      }
    }
    walker.AppendPath(board.Neighbour(from, (dir + 2) & 3), *moves);
    moves->push_back(static_cast<char>(kDirLetters[dir] - 'a' + 'A'));
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 0;
    boxes = next;
    player = next_player;
  }
}

// Whether the search must stop before its next expansion: the expansion
// budget, and every 64 expansions a cancel, the deadline and the memory
// limit (result->memory set), result->peak_bytes kept up to date.
template <typename Bytes>
bool OverLimits(const ExactLimits& limits, const Bytes& bytes, const StateStore& store,
                ExactResult* result) {
  if (limits.max_expansions && result->expanded >= limits.max_expansions) return true;
  if ((result->expanded & 63) != 0) return false;
  if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) return true;
  if (std::chrono::steady_clock::now() >= limits.deadline) return true;
  const size_t now = bytes();
  result->peak_bytes = std::max(result->peak_bytes, now);
  if (limits.memory_limit_bytes &&
      std::max(now, store.bytes_after_growth()) > limits.memory_limit_bytes) {
    result->memory = true;
    return true;
  }
  return false;
}

}  // namespace

ExactResult ExactSearch(const Board& board, const ExactTask& task, const ExactLimits& limits) {
  ExactResult result;
  const int n = board.box_count();
  const Metric metric = task.metric;
  LowerBound lb(board);
  StateCodec codec(board.size(), n);
  Zobrist zobrist(board.size());
  StateStore store(codec, zobrist);
  std::vector<uint64_t> g_of;
  std::priority_queue<Entry> open;
  Walker walker(board);
  std::vector<uint8_t> occupied(board.size(), 0);
  std::vector<uint8_t> packed(codec.stride() + StateStore::kLoadSlack, 0);
  std::vector<Square> boxes(n), child(n);
  int player = 0;

  auto insert = [&](int at, const std::vector<Square>& b, StateId parent, uint64_t g,
                    int h) -> bool {
    codec.Pack(at, b.data(), packed.data());
    const uint64_t key = zobrist.Key(at, b.data(), n);
    if (store.full()) return false;
    const auto [id, added] = store.Insert(packed.data(), key, parent, 0);
    if (added) {
      g_of.push_back(g);
    } else if (g < g_of[id]) {
      g_of[id] = g;
      store.SetParent(id, parent, 0);
    } else {
      return true;
    }
    open.push({g + BoundCost(h), g, id});
    return true;
  };

  {
    std::copy(board.start_boxes().begin(), board.start_boxes().end(), boxes.begin());
    const int h = lb.Estimate(boxes.data());
    if (h >= LowerBound::kDead) {
      result.exhausted = true;
      return result;
    }
    insert(board.start_player(), boxes, kNoState, 0, h);
  }

  uint64_t best = task.bound;
  StateId best_id = kNoState;
  auto bytes = [&] {
    return store.bytes() + g_of.capacity() * sizeof(uint64_t) + open.size() * sizeof(Entry);
  };
  bool stopped = false;
  while (!open.empty()) {
    const Entry top = open.top();
    if (top.f >= best) break;
    open.pop();
    if (top.g != g_of[top.id]) continue;  // reached more cheaply since
    // 1. Limits.
    if (OverLimits(limits, bytes, store, &result)) {
      stopped = true;
      break;
    }
    ++result.expanded;
    codec.Unpack(store.Packed(top.id), &player, boxes.data());
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 1;
    walker.Fill(occupied.data(), player);
    // 2. A goal: every box home, then the walk to the final square.
    bool home = true;
    for (int i = 0; i < n && home; ++i) home = board.IsGoal(boxes[i]);
    if (home) {
      const bool can_end = task.final_player == kNoSquare || walker.Reached(task.final_player);
      if (can_end) {
        const uint64_t walk =
            task.final_player == kNoSquare ? 0 : walker.Distance(task.final_player);
        const uint64_t total = top.g + WalkCost(metric, walk);
        if (total < best) {
          best = total;
          best_id = top.id;
        }
      }
    }
    // 3. Children: every push the player can walk to.
    lb.SetParent(boxes.data());
    for (int i = 0; i < n; ++i) {
      const int from = boxes[i];
      for (int d = 0; d < 4; ++d) {
        const int to = board.Neighbour(from, d);
        const int behind = board.Neighbour(from, (d + 2) & 3);
        if (to == kNoSquare || behind == kNoSquare || occupied[to] || board.IsDead(to)) continue;
        if (task.allowed && !(*task.allowed)[to]) continue;
        if (!walker.Reached(behind)) continue;
        const int h = lb.EstimateMoved(i, to, 1);
        if (h >= LowerBound::kDead) continue;
        const uint64_t g = top.g + StepCost(metric, walker.Distance(behind));
        if (g + BoundCost(h) >= best) continue;
        if (IsFreezeDeadlockAfterMove(board, occupied.data(), from, to)) continue;
        child = boxes;
        child[i] = static_cast<Square>(to);
        std::sort(child.begin(), child.end());
        if (!insert(from, child, top.id, g, h)) {
          stopped = true;
          result.memory = true;
        }
      }
    }
    for (int i = 0; i < n; ++i) occupied[boxes[i]] = 0;
    if (stopped) break;
  }
  result.exhausted = !stopped;
  result.stored = store.size();
  result.peak_bytes = std::max(result.peak_bytes, bytes());
  if (best_id == kNoState) return result;

  // 4. The moves: each state from its parent, the walk then the push.
  AppendMoves(board, codec, store, walker, best_id, task.final_player, &result.moves);
  result.found = true;
  result.cost = best;
  return result;
}

}  // namespace sokoban
