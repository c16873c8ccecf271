#include "generator/reverse_pull.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace sokoban::generator {
namespace {

// Both engines rank states by the same measure of the forward solution the
// reversed pulls imply: pushes, plus box changes counted double because
// switching between boxes is what makes a level a puzzle rather than a
// walk.
int Score(int pushes, int box_changes) { return pushes + 2 * box_changes; }

void MarkBoxes(const std::vector<int>& boxes, std::vector<uint8_t>& box_at) {
  std::fill(box_at.begin(), box_at.end(), 0);
  for (int b : boxes) box_at[b] = 1;
}

// Squares where the player may stand at the start: free floor. The
// solved position's player can be anywhere (the forward game ends as soon
// as the last box lands), so every free area is a legitimate start.
std::vector<int> FreeFloor(const PullBoard& board, const std::vector<uint8_t>& box_at) {
  std::vector<int> free;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (board.IsFloor(sq) && !box_at[sq]) free.push_back(sq);
  }
  return free;
}

}  // namespace

std::string CheckStart(PullBoard& board, const std::vector<int>& boxes, int player,
                       const StartChecks& checks) {
  if (boxes.size() != board.goals().size()) {
    return absl::StrCat(boxes.size(), " boxes for ", board.goals().size(), " goals");
  }
  std::vector<uint8_t> box_at(board.size(), 0);
  MarkBoxes(boxes, box_at);
  if (player < 0 || !board.IsFloor(player) || box_at[player]) return "player not on free floor";
  int off_goal = 0;
  for (int b : boxes) {
    if (box_at[b] != 1) return "two boxes on one square";
    box_at[b] = 2;  // seen
    if (board.IsGoal(b)) {
      if (!checks.allow_boxes_on_goals) return "box on a goal at the start";
    } else {
      ++off_goal;
    }
  }
  MarkBoxes(boxes, box_at);
  for (int b : boxes) {
    if (board.IsDead(b)) return "box on a dead square";
    if (!board.IsGoal(b) && board.IsFrozen(b, box_at)) return "box frozen";
  }
  const int wanted = std::min<int>(checks.min_moved_boxes, static_cast<int>(boxes.size()));
  if (off_goal < wanted) return absl::StrCat("only ", off_goal, " boxes moved");
  return "";
}

namespace {

std::optional<PullCandidate> OneWalk(PullBoard& board, int steps, const StartChecks& checks,
                                     Rng& rng) {
  std::vector<int> boxes = board.goals();
  std::vector<uint8_t> box_at(board.size(), 0);
  MarkBoxes(boxes, box_at);
  // The player starts in the largest free area: a small pocket among the
  // goals would trap it after a pull or two.
  std::vector<int> area_of(board.size(), -1), area_size, free = FreeFloor(board, box_at);
  if (free.empty()) return std::nullopt;
  for (int sq : free) {
    if (area_of[sq] >= 0) continue;
    board.Reach(sq, box_at);
    area_size.push_back(0);
    for (int r : free) {
      if (board.reached(r)) {
        area_of[r] = static_cast<int>(area_size.size()) - 1;
        ++area_size.back();
      }
    }
  }
  const int largest =
      static_cast<int>(std::max_element(area_size.begin(), area_size.end()) - area_size.begin());
  std::vector<int> start;
  for (int sq : free) {
    if (area_of[sq] == largest) start.push_back(sq);
  }
  int player = start[rng.Below(static_cast<uint32_t>(start.size()))];

  struct Pull {
    int box, dir, to, player_to, weight;
  };
  std::vector<Pull> pulls;
  std::optional<PullCandidate> best;
  int last_box = -1, last_dir = -1, lines = 0, changes = 0;
  for (int step = 0; step < steps; ++step) {
    // 1. Legal pulls: the player stands next to a box, can get there, and
    // has a free square to step back onto.
    board.Reach(player, box_at);
    pulls.clear();
    int total = 0, on_goal = 0;
    for (int b : boxes) on_goal += board.IsGoal(b);
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
      const bool from_goal = board.IsGoal(boxes[i]);
      for (int d = 0; d < 4; ++d) {
        const int p = board.Neighbour(boxes[i], d);
        if (p < 0 || !board.reached(p)) continue;
        const int q = board.Neighbour(p, d);
        if (q < 0 || box_at[q]) continue;
        // 2. Weights. While boxes stand on goals, getting them off comes
        // first (moving within the goal area is how inner boxes get out);
        // other pulls only make way. Then boxes wander away from the goals,
        // preferably the same box again (longer box lines read as
        // deliberate play, not jitter), and never back onto a goal, so
        // every later position passes the no-box-on-goal check.
        int w;
        if (on_goal > 0) {
          w = from_goal ? (board.IsGoal(p) ? 8 : 40) : 1;
        } else {
          if (board.IsGoal(p)) continue;
          w = 2;
          if (board.GoalDistance(p) > board.GoalDistance(boxes[i])) w += 24;
          if (i == last_box) w += (d == last_dir) ? 6 : 3;
        }
        pulls.push_back({i, d, p, q, w});
        total += w;
      }
    }
    if (pulls.empty()) break;
    int pick = static_cast<int>(rng.Below(static_cast<uint32_t>(total)));
    const Pull* chosen = &pulls.back();
    for (const Pull& pl : pulls) {
      if (pick < pl.weight) {
        chosen = &pl;
        break;
      }
      pick -= pl.weight;
    }
    // 3. Apply it.
    if (chosen->box != last_box) ++changes;
    if (chosen->box != last_box || chosen->dir != last_dir) ++lines;
    box_at[boxes[chosen->box]] = 0;
    boxes[chosen->box] = chosen->to;
    box_at[chosen->to] = 1;
    player = chosen->player_to;
    last_box = chosen->box;
    last_dir = chosen->dir;

    // 4. Keep the best position seen. A walk's own length overstates the
    // pushes (it wanders), so the box-to-goal distances stand in for them.
    int distance = 0;
    for (int b : boxes) distance += board.GoalDistance(b);
    const int score = Score(distance, changes);
    if (best && score <= best->score) continue;
    std::vector<int> sorted = boxes;
    std::sort(sorted.begin(), sorted.end());
    if (!CheckStart(board, sorted, player, checks).empty()) continue;
    PullCandidate c;
    c.boxes = std::move(sorted);
    c.player = player;
    c.pulls = step + 1;
    c.box_lines = lines;
    c.box_changes = changes;
    c.score = score;
    best = std::move(c);
  }
  return best;
}

}  // namespace

std::optional<PullCandidate> RandomPullWalk(PullBoard& board, const WalkOptions& options,
                                            const StartChecks& checks, Rng& rng) {
  std::optional<PullCandidate> best;
  for (int walk = 0; walk < std::max(options.walks, 1); ++walk) {
    std::optional<PullCandidate> c = OneWalk(board, options.steps, checks, rng);
    if (c && (!best || c->score > best->score)) best = std::move(c);
  }
  return best;
}

namespace {

// The search's state store: every state once, keys packed contiguously
// (K box squares ascending, then the normalized player), found through an
// open-addressing table of ids. Iteration order never depends on hashing:
// states are numbered in the order the search meets them.
class StateStore {
 public:
  StateStore(int boxes, int capacity) : stride_(boxes + 1) {
    size_t table = 16;
    while (table < static_cast<size_t>(capacity) * 2) table *= 2;
    table_.assign(table, -1);
    keys_.reserve(static_cast<size_t>(capacity) * stride_);
  }
  int size() const { return static_cast<int>(keys_.size() / stride_); }
  const uint16_t* Key(int id) const { return &keys_[static_cast<size_t>(id) * stride_]; }
  // The id of key, adding it when new; `added` says which.
  int Insert(const uint16_t* key, bool& added) {
    uint64_t h = 0x84222325CBF29CE4ull;
    for (int i = 0; i < stride_; ++i) h = (h ^ key[i]) * 0x100000001B3ull;
    size_t slot = (h ^ (h >> 29)) & (table_.size() - 1);
    while (table_[slot] >= 0) {
      if (std::equal(key, key + stride_, Key(table_[slot]))) {
        added = false;
        return table_[slot];
      }
      slot = (slot + 1) & (table_.size() - 1);
    }
    added = true;
    table_[slot] = size();
    keys_.insert(keys_.end(), key, key + stride_);
    return table_[slot];
  }

 private:
  int stride_;
  std::vector<int32_t> table_;
  std::vector<uint16_t> keys_;
};

struct NodeInfo {
  int16_t depth;
  int16_t lines;
  int16_t changes;
  int16_t last_box;  // square the last pulled box stands on, -1 at the root
  int8_t last_dir;
};

}  // namespace

std::optional<PullCandidate> SearchPulls(PullBoard& board, const SearchOptions& options,
                                         const StartChecks& checks, Rng& rng) {
  const int k = static_cast<int>(board.goals().size());
  const int capacity = std::max(options.max_nodes, 1);
  StateStore store(k, capacity);
  std::vector<NodeInfo> info;
  info.reserve(capacity);
  std::vector<uint8_t> box_at(board.size(), 0);
  std::vector<uint16_t> key(k + 1);

  // 1. Roots: the solved position with the player in each free area.
  std::vector<int> boxes = board.goals();
  std::sort(boxes.begin(), boxes.end());
  MarkBoxes(boxes, box_at);
  for (int sq : FreeFloor(board, box_at)) {
    const int area = board.Reach(sq, box_at);
    if (area != sq) continue;  // not the first square of its area
    std::copy(boxes.begin(), boxes.end(), key.begin());
    key[k] = static_cast<uint16_t>(area);
    bool added;
    store.Insert(key.data(), added);
    if (added) info.push_back({0, 0, 0, -1, -1});
    if (store.size() >= capacity) break;
  }

  // 2. Breadth-first expansion: ids are handed out in order of discovery,
  // so walking them in order is the FIFO queue.
  std::vector<int> cur(k);
  std::vector<uint8_t> reached(board.size());
  for (int id = 0; id < store.size(); ++id) {
    const uint16_t* state = store.Key(id);
    cur.assign(state, state + k);
    MarkBoxes(cur, box_at);
    board.Reach(state[k], box_at);
    for (int sq = 0; sq < board.size(); ++sq) reached[sq] = board.reached(sq);
    const NodeInfo parent = info[id];
    for (int i = 0; i < k && store.size() < capacity; ++i) {
      const int b = cur[i];
      for (int d = 0; d < 4; ++d) {
        const int p = board.Neighbour(b, d);
        if (p < 0 || !reached[p]) continue;
        const int q = board.Neighbour(p, d);
        if (q < 0 || box_at[q]) continue;
        // Pull: box b -> p, player p -> q.
        box_at[b] = 0;
        box_at[p] = 1;
        const int area = board.Reach(q, box_at);
        box_at[p] = 0;
        box_at[b] = 1;
        for (int j = 0; j < k; ++j) key[j] = static_cast<uint16_t>(j == i ? p : cur[j]);
        std::sort(key.begin(), key.begin() + k);
        key[k] = static_cast<uint16_t>(area);
        bool added;
        store.Insert(key.data(), added);
        if (!added) continue;
        const bool same_box = parent.last_box == b;
        info.push_back({static_cast<int16_t>(parent.depth + 1),
                        static_cast<int16_t>(parent.lines + !(same_box && parent.last_dir == d)),
                        static_cast<int16_t>(parent.changes + !same_box), static_cast<int16_t>(p),
                        static_cast<int8_t>(d)});
        if (store.size() >= capacity) break;
      }
    }
  }

  // 3. The best state that passes the checks. Ties are broken at random
  // (reservoir sampling) so one layout does not always give one level.
  std::optional<PullCandidate> best;
  int ties = 0;
  std::vector<int> candidate_boxes(k);
  for (int id = 0; id < store.size(); ++id) {
    const NodeInfo& n = info[id];
    const int score = Score(n.depth, n.changes);
    if (best && score < best->score) continue;
    const uint16_t* state = store.Key(id);
    candidate_boxes.assign(state, state + k);
    if (!CheckStart(board, candidate_boxes, state[k], checks).empty()) continue;
    if (best && score == best->score) {
      ++ties;
      if (rng.Below(static_cast<uint32_t>(ties)) != 0) continue;
    } else {
      ties = 1;
    }
    PullCandidate c;
    c.boxes = candidate_boxes;
    c.player = state[k];
    c.pulls = n.depth;
    c.pulls_exact = true;
    c.box_lines = n.lines;
    c.box_changes = n.changes;
    c.score = score;
    best = std::move(c);
  }
  return best;
}

}  // namespace sokoban::generator
