#include "generator/reverse_pull.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/reach.h"
#include "solver/core/state_store.h"
#include "solver/core/zobrist.h"
#include "solver/deadlock/freeze.h"

namespace sokoban::generator {
namespace {

void MarkBoxes(const std::vector<int>& boxes, std::vector<uint8_t>& box_at) {
  std::fill(box_at.begin(), box_at.end(), 0);
  for (int b : boxes) box_at[b] = 1;
}

// Squares where the player may stand at the start: free floor. The
// solved position's player can be anywhere (the forward game ends as soon
// as the last box lands), so every free area is a legitimate start.
std::vector<int> FreeFloor(const Board& board, const std::vector<uint8_t>& box_at) {
  std::vector<int> free;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (!box_at[sq]) free.push_back(sq);
  }
  return free;
}

std::vector<int> GoalSquares(const Board& board) {
  return std::vector<int>(board.goals().begin(), board.goals().end());
}

}  // namespace

std::string CheckStart(const Board& board, const std::vector<int>& boxes, int player,
                       const StartChecks& checks) {
  if (boxes.size() != board.goals().size()) {
    return absl::StrCat(boxes.size(), " boxes for ", board.goals().size(), " goals");
  }
  std::vector<uint8_t> box_at(board.size(), 0);
  MarkBoxes(boxes, box_at);
  if (player < 0 || player >= board.size() || box_at[player]) return "player not on free floor";
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
    if (!board.IsGoal(b) && IsFrozen(board, box_at.data(), b)) return "box frozen";
  }
  const int wanted = std::min<int>(checks.min_moved_boxes, static_cast<int>(boxes.size()));
  if (off_goal < wanted) return absl::StrCat("only ", off_goal, " boxes moved");
  return "";
}

namespace {

std::optional<PullCandidate> OneWalk(const Board& board, Reach& reach, int steps,
                                     const StartChecks& checks, Rng& rng) {
  std::vector<int> boxes = GoalSquares(board);
  std::vector<uint8_t> box_at(board.size(), 0);
  MarkBoxes(boxes, box_at);
  // The player starts in the largest free area: a small pocket among the
  // goals would trap it after a pull or two.
  std::vector<int> area_of(board.size(), -1), area_size, free = FreeFloor(board, box_at);
  if (free.empty()) return std::nullopt;
  for (int sq : free) {
    if (area_of[sq] >= 0) continue;
    reach.Mark(board, box_at.data(), sq);
    area_size.push_back(0);
    for (int r : free) {
      if (reach.Reached(r)) {
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
    reach.Mark(board, box_at.data(), player);
    pulls.clear();
    int total = 0, on_goal = 0;
    for (int b : boxes) on_goal += board.IsGoal(b);
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
      const bool from_goal = board.IsGoal(boxes[i]);
      for (int d = 0; d < 4; ++d) {
        const int p = board.Neighbour(boxes[i], d);
        if (p < 0 || !reach.Reached(p)) continue;
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
    const int score = PullScore(distance, changes);
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

std::optional<PullCandidate> RandomPullWalk(const Board& board, const WalkOptions& options,
                                            const StartChecks& checks, Rng& rng) {
  std::optional<PullCandidate> best;
  Reach reach(board.size());
  for (int walk = 0; walk < std::max(options.walks, 1); ++walk) {
    std::optional<PullCandidate> c = OneWalk(board, reach, options.steps, checks, rng);
    if (c && (!best || c->score > best->score)) best = std::move(c);
  }
  return best;
}

namespace {

// What the state engines know of the pull path that first reached a state.
struct PathInfo {
  int32_t pulls;
  int16_t lines;
  int16_t changes;
  int16_t last_box;  // square the last pulled box stands on, -1 at the root
  int8_t last_dir;
  int16_t distance;  // sum of GoalDistance over the boxes (beam only)
};

// The pull engines' visited states, in the solver's store: each state (K
// box squares ascending, then the normalized player) once, ids handed out
// in insertion order, so iterating them never depends on hashing.
class PullStates {
 public:
  PullStates(const Board& board, int k)
      : k_(k),
        codec_(board.size(), k),
        zobrist_(board.size()),
        store_(codec_, zobrist_),
        packed_(codec_.stride() + StateStore::kLoadSlack, 0),
        boxes_(k + 1) {}
  int size() const { return static_cast<int>(store_.size()); }
  // key: k box squares ascending, then the player. Returns the id; `added`
  // says whether it is new.
  int Insert(const uint16_t* key, bool& added) {
    codec_.Pack(key[k_], key, packed_.data());
    const auto [id, is_new] =
        store_.Insert(packed_.data(), zobrist_.Key(key[k_], key, k_), kNoState, 0);
    added = is_new;
    return static_cast<int>(id);
  }
  // The key of state id, valid until the next call.
  const uint16_t* Key(int id) {
    int player;
    codec_.Unpack(store_.Packed(static_cast<StateId>(id)), &player, boxes_.data());
    boxes_[k_] = static_cast<Square>(player);
    return boxes_.data();
  }

 private:
  int k_;
  StateCodec codec_;
  Zobrist zobrist_;
  StateStore store_;
  std::vector<uint8_t> packed_;
  std::vector<Square> boxes_;
};

// Stores the solved position with the player in each free area; returns
// the ids of those roots, at most `capacity` states stored in all.
std::vector<int> InsertRoots(const Board& board, Reach& reach, PullStates& store, int capacity) {
  const int k = static_cast<int>(board.goals().size());
  std::vector<int> boxes = GoalSquares(board), roots;
  std::sort(boxes.begin(), boxes.end());
  std::vector<uint8_t> box_at(board.size(), 0);
  MarkBoxes(boxes, box_at);
  std::vector<uint16_t> key(boxes.begin(), boxes.end());
  key.push_back(0);
  for (int sq : FreeFloor(board, box_at)) {
    if (store.size() >= capacity) break;
    const int area = reach.Fill(board, box_at.data(), sq);
    if (area != sq) continue;  // not the first square of its area
    key[k] = static_cast<uint16_t>(area);
    bool added;
    const int id = store.Insert(key.data(), added);
    if (added) roots.push_back(id);
  }
  return roots;
}

// Unpacks a stored state: its boxes into cur and box_at, the squares the
// player can walk to into reached, and numbers its free floor in cuts, so
// that each child's normalized player is a lookup.
void LoadState(const Board& board, Reach& reach, FloorCuts& cuts, const uint16_t* state, int k,
               std::vector<int>& cur, std::vector<uint8_t>& box_at, std::vector<uint8_t>& reached) {
  cur.assign(state, state + k);
  MarkBoxes(cur, box_at);
  reach.Mark(board, box_at.data(), state[k]);
  for (int sq = 0; sq < board.size(); ++sq) reached[sq] = reach.Reached(sq);
  cuts.Number(box_at.data());
}

PullCandidate StateCandidate(const uint16_t* state, int k, const PathInfo& n, int score) {
  PullCandidate c;
  c.boxes.assign(state, state + k);
  c.player = state[k];
  c.pulls = n.pulls;
  c.box_lines = n.lines;
  c.box_changes = n.changes;
  c.score = score;
  return c;
}

}  // namespace

std::optional<PullCandidate> SearchPulls(const Board& board, const SearchOptions& options,
                                         const StartChecks& checks, Rng& rng) {
  const int k = static_cast<int>(board.goals().size());
  const int capacity = std::max(options.max_nodes, 1);
  PullStates store(board, k);
  Reach reach(board.size());
  FloorCuts cuts(board);
  std::vector<PathInfo> info;
  info.reserve(capacity);
  std::vector<uint8_t> box_at(board.size(), 0);
  std::vector<uint16_t> key(k + 1);

  // 1. Roots: the solved position with the player in each free area.
  info.resize(InsertRoots(board, reach, store, capacity).size(), PathInfo{0, 0, 0, -1, -1, 0});

  // 2. Breadth-first expansion: ids are handed out in order of discovery,
  // so walking them in order is the FIFO queue.
  std::vector<int> cur(k);
  std::vector<uint8_t> reached(board.size());
  for (int id = 0; id < store.size(); ++id) {
    LoadState(board, reach, cuts, store.Key(id), k, cur, box_at, reached);
    const PathInfo parent = info[id];
    for (int i = 0; i < k && store.size() < capacity; ++i) {
      const int b = cur[i];
      for (int d = 0; d < 4; ++d) {
        const int p = board.Neighbour(b, d);
        if (p < 0 || !reached[p]) continue;
        const int q = board.Neighbour(p, d);
        if (q < 0 || box_at[q]) continue;
        // Pull: box b -> p, player p -> q.
        const int area = cuts.PlayerAfterMove(b, p, q);
        for (int j = 0; j < k; ++j) key[j] = static_cast<uint16_t>(j == i ? p : cur[j]);
        std::sort(key.begin(), key.begin() + k);
        key[k] = static_cast<uint16_t>(area);
        bool added;
        store.Insert(key.data(), added);
        if (!added) continue;
        const bool same_box = parent.last_box == b;
        info.push_back({parent.pulls + 1,
                        static_cast<int16_t>(parent.lines + !(same_box && parent.last_dir == d)),
                        static_cast<int16_t>(parent.changes + !same_box), static_cast<int16_t>(p),
                        static_cast<int8_t>(d), 0});
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
    const PathInfo& n = info[id];
    const int score = PullScore(n.pulls, n.changes);
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
    best = StateCandidate(state, k, n, score);
    best->pulls_exact = true;
  }
  return best;
}

namespace {

struct BeamChild {
  int64_t rank;  // larger is better; ties broken by the random bits in it
  int id;
};

}  // namespace

std::optional<PullCandidate> BeamPulls(const Board& board, const BeamOptions& options,
                                       const StartChecks& checks, Rng& rng) {
  const int k = static_cast<int>(board.goals().size());
  const int capacity = std::max(options.max_nodes, 1);
  PullStates store(board, k);
  Reach reach(board.size());
  FloorCuts cuts(board);
  std::vector<PathInfo> info;
  std::vector<uint8_t> box_at(board.size(), 0);
  std::vector<uint16_t> key(k + 1);
  auto distance_of = [&](const std::vector<int>& boxes) {
    int d = 0;
    for (int b : boxes) d += board.GoalDistance(b);
    return d;
  };
  // Boxes still on goals hold the others in; a state ranks lower for each
  // one, so the beam clears the goal area before it carries boxes away.
  auto rank_of = [&](const PathInfo& n, const uint16_t* state) {
    int on_goal = 0;
    for (int i = 0; i < k; ++i) on_goal += board.IsGoal(state[i]);
    const int64_t r = 4 * n.distance + n.changes - 40 * on_goal;
    return r * 64 + rng.Below(64);
  };

  // 1. Roots: the solved position with the player in each free area.
  std::vector<int> beam = InsertRoots(board, reach, store, capacity);
  info.resize(beam.size(),
              PathInfo{0, 0, 0, -1, -1, static_cast<int16_t>(distance_of(GoalSquares(board)))});

  std::optional<PullCandidate> best;
  std::vector<BeamChild> children, mine;
  std::vector<int> cur(k), candidate_boxes(k);
  std::vector<uint8_t> reached(board.size());
  for (int layer = 0; layer < options.max_layers && !beam.empty(); ++layer) {
    // 2. Expand: every box the player can reach is pulled 1, 2, ... squares
    // along each free line. Long carries in one go are what a random walk
    // rarely makes.
    children.clear();
    for (int id : beam) {
      if (store.size() >= capacity) break;
      LoadState(board, reach, cuts, store.Key(id), k, cur, box_at, reached);
      const PathInfo parent = info[id];
      mine.clear();
      for (int i = 0; i < k; ++i) {
        const int b = cur[i];
        for (int d = 0; d < 4; ++d) {
          int to = board.Neighbour(b, d);
          if (to < 0 || !reached[to]) continue;
          box_at[b] = 0;
          for (int n = 1;; ++n) {
            const int player = board.Neighbour(to, d);
            if (player < 0 || box_at[player]) break;
            // Box b now on `to`, the player on `player`.
            const int area = cuts.PlayerAfterMove(b, to, player);
            for (int j = 0; j < k; ++j) key[j] = static_cast<uint16_t>(j == i ? to : cur[j]);
            std::sort(key.begin(), key.begin() + k);
            key[k] = static_cast<uint16_t>(area);
            bool added;
            const int child = store.Insert(key.data(), added);
            if (added) {
              const bool same_box = parent.last_box == b;
              info.push_back({parent.pulls + n, static_cast<int16_t>(parent.lines + 1),
                              static_cast<int16_t>(parent.changes + !same_box),
                              static_cast<int16_t>(to), static_cast<int8_t>(d),
                              static_cast<int16_t>(parent.distance - board.GoalDistance(b) +
                                                   board.GoalDistance(to))});
              mine.push_back({rank_of(info[child], store.Key(child)), child});
            }
            to = player;
          }
          box_at[b] = 1;
        }
      }
      // Only the parent's best few go on, so that one good state cannot
      // fill the whole next layer with near copies of itself.
      const size_t keep = std::min<size_t>(mine.size(), std::max(options.per_parent, 1));
      std::partial_sort(mine.begin(), mine.begin() + keep, mine.end(),
                        [](const BeamChild& a, const BeamChild& b) {
                          return a.rank != b.rank ? a.rank > b.rank : a.id < b.id;
                        });
      children.insert(children.end(), mine.begin(), mine.begin() + keep);
    }
    std::sort(children.begin(), children.end(), [](const BeamChild& a, const BeamChild& b) {
      return a.rank != b.rank ? a.rank > b.rank : a.id < b.id;
    });
    if (static_cast<int>(children.size()) > options.width) children.resize(options.width);

    // 3. The best start so far: children by score, checked until one passes.
    std::vector<std::pair<int, int>> by_score;  // (score, id)
    for (const BeamChild& c : children) {
      const PathInfo& n = info[c.id];
      by_score.push_back({PullScore(n.distance, n.changes), c.id});
    }
    std::sort(by_score.begin(), by_score.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (const auto& [score, id] : by_score) {
      if (best && score <= best->score) break;
      const uint16_t* state = store.Key(id);
      candidate_boxes.assign(state, state + k);
      if (!CheckStart(board, candidate_boxes, state[k], checks).empty()) continue;
      best = StateCandidate(state, k, info[id], score);
      break;
    }
    beam.clear();
    for (const BeamChild& c : children) beam.push_back(c.id);
  }
  return best;
}

}  // namespace sokoban::generator
