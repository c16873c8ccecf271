#include "solver/search.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "solver/box_path.h"
#include "solver/freeze.h"
#include "solver/pi_corral.h"

namespace sokoban {
namespace {

bool IsClosed(const std::vector<uint8_t>& bits, StateId id) {
  return id / 8 < bits.size() && (bits[id / 8] >> (id % 8) & 1);
}

void SetClosed(std::vector<uint8_t>& bits, StateId id) {
  if (id / 8 >= bits.size()) bits.resize(std::max<size_t>(id / 8 + 1, bits.size() * 2), 0);
  bits[id / 8] |= static_cast<uint8_t>(1u << (id % 8));
}

void ClearClosed(std::vector<uint8_t>& bits, StateId id) {
  if (id / 8 < bits.size()) bits[id / 8] &= static_cast<uint8_t>(~(1u << (id % 8)));
}

}  // namespace

Search::Search(const Board& board, const SolveOptions& options, int weight, Direction direction,
               std::chrono::steady_clock::time_point clock_start)
    : board_(board),
      options_(options),
      weight_(options.mode == SolveMode::kOptimal ? 1 : weight),
      direction_(direction),
      box_count_(board.box_count()),
      bound_(board, direction),
      codec_(board.size(), board.box_count()),
      zobrist_(board.size()),
      store_(codec_, zobrist_),
      reach_(board.size()),
      child_reach_(board.size()),
      corrals_(board),
      pi_corral_(board),
      corral_deadlock_(board),
      frozen_goals_(board),
      occupied_(board.size(), 0),
      boxes_(board.box_count()),
      child_(board.box_count()),
      packed_(codec_.stride() + StateStore::kLoadSlack),
      tunnels_((options.prune & kPruneTunnels) && options.mode == SolveMode::kFast &&
               direction == Direction::kPush),
      mover_(board),
      cuts_(board),
      start_(clock_start) {
  if (options.mode == SolveMode::kOptimal && direction == Direction::kPush &&
      (options.prune & kPrunePairs)) {
    pairs_ = std::make_unique<PairPenalty>(board, bound_);
    if (!pairs_->Enabled()) pairs_.reset();
  }
}

void Search::UseGoalRooms(const GoalRooms* rooms) {
  const bool fast_push = options_.mode == SolveMode::kFast && direction_ == Direction::kPush;
  rooms_ = fast_push && rooms && rooms->room_count() > 0 ? rooms : nullptr;
  room_paths_ = rooms_ && (options_.prune & kPruneRoomPaths);
  if (room_paths_) {
    sources_.clear();
    for (int r = 0; r < rooms_->room_count(); ++r) sources_.emplace_back(board_);
    path_cache_.assign(board_.size(), PathCache());
  }
}

void Search::UseLearnedDeadlocks(LearnedDeadlocks* table) {
  const bool fast_push = options_.mode == SolveMode::kFast && direction_ == Direction::kPush;
  learned_ = fast_push ? table : nullptr;
  corral_deadlock_.ShareWith(learned_);
}

int Search::Priority(int g, int h) const { return g + weight_ * h; }

int Search::Cell(int packed, int areas) {
  // A board has fewer than 2^16 squares, so fewer areas and boxes.
  const uint32_t key = static_cast<uint32_t>(packed) << 16 | static_cast<uint32_t>(areas);
  return cell_ids_.try_emplace(key, static_cast<int>(cell_ids_.size())).first->second;
}

size_t Search::OtherBytes() const {
  return open_.bytes() + cells_.bytes() + frozen_goals_.bytes() + corral_deadlock_.bytes() +
         bound_.bytes() + (pairs_ ? pairs_->bytes() : 0) +
         cell_ids_.capacity() * (sizeof(std::pair<const uint32_t, int>) + 1);
}

bool Search::OutOfBudget() {
  if (options_.max_expansions && expanded_ >= options_.max_expansions) {
    stop_ = SolveStatus::kTimeout;
    return true;
  }
  if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) {
    stop_ = SolveStatus::kCancelled;
    return true;
  }
  // The clock is read at every expansion: on large levels one expansion can
  // take many milliseconds, and reading it costs far less.
  if (options_.time_limit_seconds > 0) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (elapsed >= options_.time_limit_seconds) {
      stop_ = SolveStatus::kTimeout;
      return true;
    }
  }
  return false;
}

bool Search::Start() {
  for (Square b : board_.start_boxes()) occupied_[b] = 1;
  start_player_ = reach_.Fill(board_, occupied_.data(), board_.start_player());
  for (Square b : board_.start_boxes()) occupied_[b] = 0;
  if (direction_ == Direction::kPull) return StartPull();
  std::copy(board_.start_boxes().begin(), board_.start_boxes().end(), boxes_.begin());
  int h = bound_.Estimate(boxes_.data());
  if (h == LowerBound::kDead && !(options_.prune & kPruneBipartite)) {
    h = bound_.NearestSum(boxes_.data());
  }
  if (h != LowerBound::kDead && pairs_) {
    const int penalty = pairs_->Penalty(boxes_.data(), start_player_);
    h = penalty == PairPenalty::kDead ? LowerBound::kDead : h + penalty;
  }
  if (h == LowerBound::kDead) return Finish(SolveStatus::kUnsolvable);
  if (AddRoot(start_player_, h, h == 0)) return Finish(SolveStatus::kSolved);
  return true;
}

// The roots: every box on a goal, the player in each area it can be in.
bool Search::StartPull() {
  std::copy(board_.goals().begin(), board_.goals().end(), boxes_.begin());
  std::sort(boxes_.begin(), boxes_.end());
  const int h = bound_.Estimate(boxes_.data());
  if (h == LowerBound::kDead) return Finish(SolveStatus::kUnsolvable);
  for (Square b : boxes_) occupied_[b] = 1;
  std::vector<uint8_t> covered(board_.size(), 0);
  bool solved = false;
  for (int sq = 0; sq < board_.size() && !solved; ++sq) {
    if (occupied_[sq] || covered[sq]) continue;
    const int player = reach_.Fill(board_, occupied_.data(), sq);
    for (int k = sq; k < board_.size(); ++k) covered[k] |= reach_.Reached(k);
    solved = AddRoot(player, h, h == 0 && player == start_player_);
  }
  for (Square b : boxes_) occupied_[b] = 0;
  return solved ? Finish(SolveStatus::kSolved) : true;
}

int Search::OnGoals() const {
  int on_goals = 0;
  for (Square b : boxes_) on_goals += board_.IsGoal(b);
  return on_goals;
}

bool Search::AddRoot(int player, int h, bool solved) {
  codec_.Pack(player, boxes_.data(), packed_.data());
  const StateId root =
      store_.Insert(packed_.data(), zobrist_.Key(player, boxes_.data(), box_count_), kNoState, 0)
          .first;
  if (solved) {
    TracePushes(root);
    return true;
  }
  if (features_) {
    // occupied_ is left as the caller has it.
    std::vector<uint8_t> occupied(board_.size(), 0);
    for (Square b : boxes_) occupied[b] = 1;
    cells_.Push(Cell(Packed(occupied.data(), OnGoals()), cuts_.Number(occupied.data())), h, h,
                root);
  } else {
    open_.Push(Priority(0, h), h, root);
  }
  return false;
}

bool Search::Step() {
  if (finished_) return false;
  if (OutOfBudget()) return Finish(stop_);
  for (;;) {
    if (features_ ? cells_.empty() : open_.empty()) {
      if (!incomplete_) return Finish(SolveStatus::kUnsolvable);
      gave_up_ = true;
      return Finish(SolveStatus::kTimeout);
    }
    int priority, popped_h;
    StateId id;
    if (features_) {
      int cell;
      id = cells_.Pop(&cell, &priority, &popped_h);
      if (IsClosed(closed_, id)) continue;
      parent_weight_ = priority - popped_h;
      bound_.UseSlot(cell);
    } else {
      id = open_.Pop(&priority, &popped_h);
      if (IsClosed(closed_, id)) continue;
      // A stale entry: the state was reached again with fewer pushes and
      // re-queued under its new priority.
      if (Priority(store_.G(id), popped_h) != priority) continue;
    }
    parent_h_ = popped_h;
    SetClosed(closed_, id);
    ++expanded_;
    const StateId solved = Expand(id);
    if (stop_ != SolveStatus::kSolved) return Finish(stop_);
    if (solved != kNoState) {
      TracePushes(solved);
      return Finish(SolveStatus::kSolved);
    }
    return true;
  }
}

bool Search::Finish(SolveStatus status) {
  status_ = status;
  finished_ = true;
  return false;
}

StateId Search::Expand(StateId id) {
  // 1. Unpack the state and find where the player can go.
  int player;
  codec_.Unpack(store_.Packed(id), &player, boxes_.data());
  for (Square b : boxes_) occupied_[b] = 1;
  reach_.Fill(board_, occupied_.data(), player);
  parent_ = id;
  parent_g_ = store_.G(id);
  boxes_key_ = zobrist_.Key(player, boxes_.data(), box_count_) ^ zobrist_.player(player);
  StateId solved = kNoState;
  // A push search's corral checks come first: a state they find dead (a
  // quarter of the push search's expansions on Microban) needs no bound
  // and no areas.
  if (direction_ == Direction::kPull || ChoosePushes(player)) {
    bound_.SetParent(boxes_.data());
    if (features_) {
      parent_on_goals_ = OnGoals();
      parent_areas_ = cuts_.Number(occupied_.data());
    }
    solved = direction_ == Direction::kPush ? ExpandPushes(player) : ExpandPulls();
  }
  for (Square b : boxes_) occupied_[b] = 0;
  peak_bytes_ = std::max(peak_bytes_, store_.bytes() + closed_.capacity() + OtherBytes());
  return solved;
}

StateId Search::ExpandPulls() {
  // A pull: the player stands next to the box and steps back, the box
  // following onto the square the player left.
  StateId solved = kNoState;
  for (int i = 0; i < box_count_ && solved == kNoState && stop_ == SolveStatus::kSolved; ++i) {
    for (int d = 0; d < 4 && solved == kNoState && stop_ == SolveStatus::kSolved; ++d) {
      const int to = board_.Neighbour(boxes_[i], d);
      if (to == kNoSquare || !reach_.Reached(to)) continue;
      const int back = board_.Neighbour(to, d);
      if (back == kNoSquare || occupied_[back]) continue;
      if ((options_.prune & kPruneDeadSquares) && bound_.Hopeless(to)) continue;
      solved = AddChild(i, to, 1, back);
    }
  }
  return solved;
}

bool Search::ChoosePushes(int player) {
  // 2. The pushes to try: all of them, or only those into a PI-corral.
  moves_.clear();
  PiCorral::Verdict corral = PiCorral::kNone;
  if (options_.prune & (kPruneCorral | kPruneCorralDeadlocks))
    corrals_.Find(occupied_.data(), reach_);
  if (options_.prune & kPruneCorral) corral = pi_corral_.Find(occupied_.data(), reach_, corrals_);
  if (corral == PiCorral::kDead ||
      ((options_.prune & kPruneCorralDeadlocks) &&
       corral_deadlock_.IsDead(occupied_.data(), reach_, player, corrals_))) {
    return false;
  }
  if (corral == PiCorral::kFound) {
    for (const auto& [sq, d] : pi_corral_.pushes()) {
      const int i =
          static_cast<int>(std::lower_bound(boxes_.begin(), boxes_.end(), sq) - boxes_.begin());
      moves_.emplace_back(i, d);
    }
  } else {
    for (int i = 0; i < box_count_; ++i) {
      for (int d = 0; d < 4; ++d) moves_.emplace_back(i, d);
    }
  }
  return true;
}

StateId Search::ExpandPushes(int player) {
  children_.clear();
  bool any_macro = false;
  // Room paths: a box that can be pushed all the way into its room's next
  // goal (the others standing still) gets that whole move as a child,
  // besides its single pushes. A box that cannot get into a room this way
  // cannot by a goal-room macro either (GoalRoomMove), which then is not
  // tried.
  if (room_paths_) {
    room_bound_.assign(static_cast<size_t>(box_count_) * rooms_->room_count(), 0);
    for (int r = 0; r < rooms_->room_count(); ++r) {
      const int target = rooms_->Target(r, occupied_.data());
      if (target < 0) continue;
      sources_[r].Mark(occupied_.data(), target);
      for (int i = 0; i < box_count_; ++i) {
        const int from = boxes_[i];
        if (board_.IsGoal(from) || !sources_[r].Marked(from)) continue;
        // The path this box square last had to the same goal, if it still
        // works; else a new one.
        PathCache& cached = path_cache_[from];
        if (cached.target == target && mover_.Works(occupied_, from, cached.path, reach_)) {
          macro_path_ = cached.path;
        } else {
          macro_path_.clear();
          if (!mover_.Find(occupied_, from, target, player, &macro_path_, &reach_, &sources_[r], -1,
                           features_ ? &cuts_ : nullptr)) {
            continue;
          }
          cached.target = target;
          cached.path = macro_path_;
        }
        room_bound_[static_cast<size_t>(i) * rooms_->room_count() + r] = 1;
        children_.push_back(
            {i, target, static_cast<int>(macro_path_.size()), macro_path_.back().from, false});
      }
    }
  }
  for (const auto& [i, d] : moves_) {
    const int from = boxes_[i];
    // 3. Legal push: the player stands behind the box, the square ahead is
    // free floor and not dead.
    int to = board_.Neighbour(from, d);
    if (to == kNoSquare || occupied_[to]) continue;
    if ((options_.prune & kPruneDeadSquares) && board_.IsDead(to)) continue;
    const int behind = board_.Neighbour(from, d ^ 2);
    if (behind == kNoSquare || !reach_.Reached(behind)) continue;
    // Tunnel macro: a box pushed along a one-wide tunnel, with the player
    // in the tunnel behind it, goes on until it leaves the tunnel or
    // reaches a goal; stopping halfway only blocks the tunnel.
    int length = 1;
    if (tunnels_) {
      int pusher = from;
      while (!board_.IsGoal(to) && board_.IsTunnel(pusher, d) && board_.IsTunnel(to, d)) {
        const int next = board_.Neighbour(to, d);
        if (next == kNoSquare || occupied_[next] || board_.IsDead(next)) break;
        pusher = to;
        to = next;
        ++length;
      }
    }
    int player_after = length == 1 ? kNoSquare : board_.Neighbour(to, d ^ 2);
    const bool macro = rooms_ && GoalRoomMove(i, d, &to, &length, &player_after);
    any_macro |= macro;
    children_.push_back({i, to, length, player_after, macro});
  }
  StateId solved = kNoState;
  for (const Child& c : children_) {
    if (solved != kNoState || stop_ != SolveStatus::kSolved) break;
    // Goal cut: where a box can go into a room, nothing else is tried.
    if (any_macro && !c.macro) {
      incomplete_ = true;
      continue;
    }
    solved = AddChild(c.box, c.to, c.pushes, c.player_after);
  }
  return solved;
}

bool Search::GoalRoomMove(int i, int d, int* to, int* length, int* player_after) {
  const int from = boxes_[i];
  const int room = rooms_->RoomAt(*to);
  if (room < 0 || rooms_->InRoom(from, room)) return false;
  if (room_paths_ && !board_.IsGoal(from) &&
      !room_bound_[static_cast<size_t>(i) * rooms_->room_count() + room]) {
    return false;
  }
  const int target = rooms_->Target(room, occupied_.data());
  if (target < 0) return false;
  if (target == *to) return true;
  occupied_[from] = 0;
  macro_path_.clear();
  const bool found =
      mover_.Find(occupied_, *to, target, board_.Neighbour(*to, d ^ 2), &macro_path_);
  occupied_[*to] = 0;
  occupied_[from] = 1;
  if (!found) return false;
  *to = target;
  *length += static_cast<int>(macro_path_.size());
  *player_after = macro_path_.back().from;
  incomplete_ = true;  // the single push it replaces is not searched
  return true;
}

StateId Search::AddChild(int i, int to, int pushes, int player_after) {
  const int from = boxes_[i];
  const int g = parent_g_ + pushes;
  if (g > 0xFFFF) return kNoState;

  // 4. Deadlock checks on the position after the push (child_: its boxes,
  // not yet sorted).
  std::copy(boxes_.begin(), boxes_.end(), child_.begin());
  child_[i] = static_cast<Square>(to);
  occupied_[from] = 0;
  occupied_[to] = 1;
  const bool push = direction_ == Direction::kPush;
  bool dead =
      push && (options_.prune & kPruneFreeze) && IsFreezeDeadlock(board_, occupied_.data(), to);
  if (!dead && push && (options_.prune & kPruneBipartite) && board_.IsGoal(to)) {
    dead = frozen_goals_.IsDead(occupied_.data(), child_.data(), box_count_, to);
  }
  int child_player = 0;
  if (!dead) {
    // The feature-space order reads the player's area from the parent's
    // numbering of the floor. Otherwise a single push (the player ends on
    // `from`) or pull keeps most of the player's area, and a longer move (a
    // tunnel or goal-room macro) needs a fill.
    if (features_) {
      child_player =
          cuts_.PlayerAfterMove(from, to, player_after == kNoSquare ? from : player_after);
      assert(child_player == child_reach_.Fill(board_, occupied_.data(),
                                               player_after == kNoSquare ? from : player_after));
    } else if (player_after == kNoSquare || (!push && pushes == 1)) {
      const int player = player_after == kNoSquare ? from : player_after;
      child_player =
          PlayerAfterMove(board_, occupied_.data(), reach_, from, to, player, child_reach_);
    } else {
      child_player = child_reach_.Fill(board_, occupied_.data(), player_after);
    }
    // A learned pattern holding the moved box (one without it matched the
    // parent already).
    dead = learned_ && learned_->Matches(occupied_.data(), child_player, to);
  }
  occupied_[to] = 0;
  occupied_[from] = 1;
  if (dead) return kNoState;

  // 5. The child state, boxes kept sorted.
  int j = i;
  while (j > 0 && child_[j - 1] > child_[j]) std::swap(child_[j - 1], child_[j]), --j;
  while (j + 1 < box_count_ && child_[j + 1] < child_[j]) std::swap(child_[j + 1], child_[j]), ++j;
  const uint64_t key =
      boxes_key_ ^ zobrist_.box(from) ^ zobrist_.box(to) ^ zobrist_.player(child_player);
  assert(key == zobrist_.Key(child_player, child_.data(), box_count_));

  // 6. Store it once; queue it when new or reached with fewer pushes.
  if (store_.full() || (options_.memory_limit_bytes &&
                        store_.bytes_after_growth() + OtherBytes() > options_.memory_limit_bytes)) {
    stop_ = SolveStatus::kMemory;
    return kNoState;
  }
  codec_.Pack(child_player, child_.data(), packed_.data());
  auto [child, added] = store_.Insert(packed_.data(), key, parent_, static_cast<uint16_t>(g));
  if (!added) {
    if (store_.G(child) <= g) return kNoState;
    // Optimal mode reopens a closed state reached with fewer pushes: the
    // bound is admissible but not consistent (a push can lower a distance
    // that makes the player walk around the box by more than one, or end a
    // pair conflict), so a state may be closed before its fewest pushes are
    // known. Without reopening, Microban 96 came out at 39 pushes, not 37.
    if (options_.mode != SolveMode::kOptimal) return kNoState;
    ClearClosed(closed_, child);
    store_.SetParent(child, parent_, static_cast<uint16_t>(g));
  } else {
    for (const Search* other : partners_) {
      const StateId there = other->store_.Find(packed_.data(), key);
      if (there == kNoState) continue;
      met_partner_ = other;
      met_id_ = there;
      return child;
    }
  }
  int h = bound_.EstimateMoved(i, to, pushes);
  if (h == LowerBound::kDead && !(options_.prune & kPruneBipartite)) {
    h = bound_.NearestSum(child_.data());
  }
  if (h != LowerBound::kDead && pairs_) {
    const int penalty = pairs_->Penalty(child_.data(), child_player);
    // Pathmax: the parent's bound less the pushes made is a bound too.
    h = penalty == PairPenalty::kDead ? LowerBound::kDead
                                      : std::max(h + penalty, parent_h_ - pushes);
  }
  if (h == LowerBound::kDead) {
    SetClosed(closed_, child);
    return kNoState;
  }
  // A pull search ends on the start: boxes on their squares, the player in
  // the start's area.
  if (h == 0 && (push || child_player == start_player_)) return child;
  if (features_) {
    const int on_goals = parent_on_goals_ - board_.IsGoal(from) + board_.IsGoal(to);
    occupied_[from] = 0;
    occupied_[to] = 1;
    const int areas = cuts_.AreasAfterMove(from, to);
    assert(areas == FloorCuts(board_).Number(occupied_.data()));
    const int packed = Packed(occupied_.data(), on_goals);
    occupied_[to] = 0;
    occupied_[from] = 1;
    // The advice stays with boxes on goals: counting packed boxes instead
    // (a box put on a room's goal out of turn then costs 1) solved fewer
    // XSokoban levels (41 against 43 at 100,000 expansions).
    const bool advised = on_goals > parent_on_goals_ || areas < parent_areas_;
    const int weight = parent_weight_ + (advised ? 0 : 1);
    cells_.Push(Cell(packed, areas), weight + h, h, child);
  } else {
    open_.Push(Priority(g, h), h, child);
  }
  return kNoState;
}

std::vector<std::vector<Square>> Search::BoxesAlong(StateId id, std::vector<int>* players) const {
  std::vector<std::vector<Square>> out;
  players->clear();
  for (StateId s = id; s != kNoState; s = store_.Parent(s)) {
    out.emplace_back(box_count_);
    players->emplace_back();
    codec_.Unpack(store_.Packed(s), &players->back(), out.back().data());
  }
  std::reverse(out.begin(), out.end());
  std::reverse(players->begin(), players->end());
  return out;
}

void Search::TracePushes(StateId last) {
  // The box squares of every state from the start to the goal: the pushing
  // half's chain from the start, then the pulling half's chain from the
  // goal, reversed (its last state is the pushing half's last); and the
  // normalized player of each.
  std::vector<std::vector<Square>> path, back;
  std::vector<int> players, back_players;
  if (direction_ == Direction::kPush) {
    path = BoxesAlong(last, &players);
    if (met_partner_) back = met_partner_->BoxesAlong(met_id_, &back_players);
  } else if (met_partner_) {
    path = met_partner_->BoxesAlong(met_id_, &players);
    back = BoxesAlong(last, &back_players);
  } else {
    path = {board_.start_boxes()};
    players = {start_player_};
    back = BoxesAlong(last, &back_players);
  }
  for (size_t k = back.size(); k-- > 1;) {
    path.push_back(back[k - 1]);
    players.push_back(back_players[k - 1]);
  }

  std::vector<Square> gone, came;
  std::vector<uint8_t> occupied(board_.size(), 0);
  for (Square b : board_.start_boxes()) occupied[b] = 1;
  int player = board_.start_player();
  pushes_.clear();
  for (size_t k = 1; k < path.size(); ++k) {
    // The moved box: the one square of the state before missing from the
    // state after. A macro step may have taken it along any path, so the
    // path is found again, fewest pushes first, ending with the player in
    // the state's area (a longer path may have ended on another side).
    gone.clear();
    came.clear();
    std::set_difference(path[k - 1].begin(), path[k - 1].end(), path[k].begin(), path[k].end(),
                        std::back_inserter(gone));
    std::set_difference(path[k].begin(), path[k].end(), path[k - 1].begin(), path[k - 1].end(),
                        std::back_inserter(came));
    assert(gone.size() == 1 && came.size() == 1);
    const size_t first = pushes_.size();
    bool found = mover_.Find(occupied, gone[0], came[0], player, &pushes_, nullptr, nullptr,
                             k + 1 < path.size() ? players[k] : -1);
    assert(found);
    if (!found) found = mover_.Find(occupied, gone[0], came[0], player, &pushes_);
    (void)found;
    occupied[gone[0]] = 0;
    occupied[came[0]] = 1;
    if (pushes_.size() > first) player = pushes_.back().from;
  }
}

}  // namespace sokoban
