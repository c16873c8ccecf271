#include "solver/search/search.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <utility>

#include "solver/core/player_area.h"

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

Search::Search(const Board& board, const SolveOptions& options, SearchConfig config,
               std::chrono::steady_clock::time_point clock_start)
    : board_(board),
      options_(options),
      config_(std::move(config)),
      box_count_(board.box_count()),
      dead_square_(board.size(), 0),
      codec_(board.size(), board.box_count()),
      zobrist_(board.size()),
      store_(codec_, zobrist_),
      node_(board),
      child_reach_(board.size()),
      child_(board.box_count()),
      packed_(codec_.stride() + StateStore::kLoadSlack),
      start_(clock_start) {
  node_.direction = config_.direction;
  parts_.push_back(config_.evaluator.get());
  parts_.push_back(config_.open.get());
  for (const auto& p : config_.expansion_prunings) parts_.push_back(p.get());
  for (const auto& p : config_.child_prunings) {
    parts_.push_back(p.get());
    switch (p->stage()) {
      case ChildPruning::kSquares:
        p->MarkDeadSquares(dead_square_);
        break;
      case ChildPruning::kBeforePlayer:
        before_player_.push_back(p.get());
        break;
      case ChildPruning::kWithPlayer:
        with_player_.push_back(p.get());
        break;
    }
  }
  for (const auto& m : config_.macros) {
    parts_.push_back(m.get());
    if (m->hooks() & MoveMacro::kAddMoves) adders_.push_back(m.get());
    if (m->hooks() & MoveMacro::kExtend) extenders_.push_back(m.get());
    if (m->hooks() & MoveMacro::kFilter) filters_.push_back(m.get());
  }
  move_dirs_.assign(board.size(), 0);
  for (int sq = 0; sq < board.size(); ++sq) {
    for (int d = 0; d < 4; ++d) {
      // The player behind the box (a push) or beyond the square it enters
      // (a pull).
      const int to = board.Neighbour(sq, d);
      const int stand = config_.direction == Direction::kPush ? board.Neighbour(sq, d ^ 2)
                        : to == kNoSquare                     ? kNoSquare
                                                              : board.Neighbour(to, d);
      if (to != kNoSquare && stand != kNoSquare && !dead_square_[to]) move_dirs_[sq] |= 1 << d;
    }
  }
  memory_parts_ = {config_.evaluator.get(), config_.open.get()};
  for (size_t k = 2; k < parts_.size(); ++k) {
    if (parts_[k]->HoldsMemory()) memory_parts_.push_back(parts_[k]);
  }
}

size_t Search::OtherBytes() const {
  size_t bytes = 0;
  for (const SearchPart* part : memory_parts_) bytes += part->bytes();
  return bytes;
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
  std::vector<uint8_t>& occupied = node_.occupied;
  for (Square b : board_.start_boxes()) occupied[b] = 1;
  start_player_ = node_.reach.Fill(board_, occupied.data(), board_.start_player());
  for (Square b : board_.start_boxes()) occupied[b] = 0;
  if (config_.direction == Direction::kPull) return StartPull();
  std::copy(board_.start_boxes().begin(), board_.start_boxes().end(), node_.boxes.begin());
  const int h = config_.evaluator->Root(node_.boxes.data(), start_player_);
  if (h == Evaluator::kDead) return Finish(SolveStatus::kUnsolvable);
  if (AddRoot(start_player_, h, h == 0)) return Finish(SolveStatus::kSolved);
  return true;
}

// The roots: every box on a goal, the player in each area it can be in.
bool Search::StartPull() {
  std::vector<Square>& boxes = node_.boxes;
  std::vector<uint8_t>& occupied = node_.occupied;
  std::copy(board_.goals().begin(), board_.goals().end(), boxes.begin());
  std::sort(boxes.begin(), boxes.end());
  const int h = config_.evaluator->Root(boxes.data(), start_player_);
  if (h == Evaluator::kDead) return Finish(SolveStatus::kUnsolvable);
  for (Square b : boxes) occupied[b] = 1;
  std::vector<uint8_t> covered(board_.size(), 0);
  bool solved = false;
  for (int sq = 0; sq < board_.size() && !solved; ++sq) {
    if (occupied[sq] || covered[sq]) continue;
    const int player = node_.reach.Fill(board_, occupied.data(), sq);
    for (int k = sq; k < board_.size(); ++k) covered[k] |= node_.reach.Reached(k);
    solved = AddRoot(player, h, h == 0 && player == start_player_);
  }
  for (Square b : boxes) occupied[b] = 0;
  return solved ? Finish(SolveStatus::kSolved) : true;
}

bool Search::AddRoot(int player, int h, bool solved) {
  const Square* boxes = node_.boxes.data();
  codec_.Pack(player, boxes, packed_.data());
  const StateId root =
      store_.Insert(packed_.data(), zobrist_.Key(player, boxes, box_count_), kNoState, 0).first;
  if (solved) {
    TracePushes(root);
    return true;
  }
  config_.open->PushRoot(boxes, h, root);
  return false;
}

bool Search::Step() {
  if (finished_) return false;
  if (OutOfBudget()) return Finish(stop_);
  SearchOpenList& open = *config_.open;
  for (;;) {
    if (open.empty()) {
      if (!node_.incomplete) return Finish(SolveStatus::kUnsolvable);
      gave_up_ = true;
      return Finish(SolveStatus::kTimeout);
    }
    int popped_h;
    const StateId id = open.Pop(&popped_h);
    if (IsClosed(closed_, id)) continue;
    if (!open.Take(id, store_.G(id), popped_h)) continue;
    node_.h = popped_h;
    lower_ = std::max(lower_, store_.G(id) + popped_h);
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
  Expansion& node = node_;
  int player;
  codec_.Unpack(store_.Packed(id), &player, node.boxes.data());
  for (Square b : node.boxes) node.occupied[b] = 1;
  node.reach.Fill(board_, node.occupied.data(), player);
  node.Reset();
  node.player = player;
  node.id = id;
  node.g = store_.G(id);
  if (config_.evaluator->WantsMoved()) node.moved = MovedBox(id);
  boxes_key_ = zobrist_.Key(player, node.boxes.data(), box_count_) ^ zobrist_.player(player);
  // 2. The pushes to try: every one, unless a pruning restricts them or
  // finds the state dead. The expansion prunings come first: a state they
  // find dead (a quarter of the push search's expansions on Microban) needs
  // no bound.
  const bool push = config_.direction == Direction::kPush;
  if (push && node.OnGoals() > best_on_goals_) {
    best_on_goals_ = node.OnGoals(), best_at_ = expanded_;
    best_boxes_ = node.boxes;
    best_player_ = player;
  }
  bool keep = true;
  if (push) {
    for (const auto& pruning : config_.expansion_prunings) {
      if (!(keep = pruning->Keep(node))) break;
    }
  }
  StateId solved = kNoState;
  if (keep) {
    config_.evaluator->SetParent(node);
    config_.open->SetParent(node);
    solved = push ? ExpandPushes() : ExpandPulls();
  }
  for (Square b : node.boxes) node.occupied[b] = 0;
#ifndef NDEBUG
  // A part that does not say it holds memory must hold none.
  for (size_t k = 2; k < parts_.size(); ++k)
    assert(parts_[k]->HoldsMemory() || !parts_[k]->bytes());
#endif
  peak_bytes_ = std::max(peak_bytes_, store_.bytes() + closed_.capacity() + OtherBytes());
  return solved;
}

int Search::MovedBox(StateId id) {
  const StateId parent = store_.Parent(id);
  if (parent == kNoState) return kNoSquare;
  int player;
  before_.resize(box_count_);
  codec_.Unpack(store_.Packed(parent), &player, before_.data());
  // Both sorted: the box the parent does not hold.
  for (int i = 0, j = 0; i < box_count_; ++i) {
    while (j < box_count_ && before_[j] < node_.boxes[i]) ++j;
    if (j == box_count_ || before_[j] != node_.boxes[i]) return node_.boxes[i];
  }
  return kNoSquare;
}

StateId Search::ExpandPulls() {
  // A pull: the player stands next to the box and steps back, the box
  // following onto the square the player left.
  if (stop_ != SolveStatus::kSolved) return kNoState;
  const std::vector<Square>& boxes = node_.boxes;
  for (int i = 0; i < box_count_; ++i) {
    for (unsigned dirs = move_dirs_[boxes[i]]; dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      const int to = board_.Neighbour(boxes[i], d);
      if (!node_.reach.Reached(to)) continue;
      const int back = board_.Neighbour(to, d);
      if (node_.occupied[back]) continue;
      const StateId solved = AddChild({i, to, 1, back, false});
      if (solved != kNoState || stop_ != SolveStatus::kSolved) return solved;
    }
  }
  return kNoState;
}

StateId Search::ExpandPushes() {
  // 3. The moves: the macros' own, then every legal single push (the
  // player stands behind the box, the square ahead is free floor and not
  // dead), which the macros may take further; then the macros may drop
  // some.
  Expansion& node = node_;
  moves_.clear();
  for (MoveMacro* macro : adders_) macro->AddMoves(node, &moves_);
  auto try_push = [&](int i, int d) {
    const int from = node.boxes[i];
    const int to = board_.Neighbour(from, d);
    if (node.occupied[to] || !node.reach.Reached(board_.Neighbour(from, d ^ 2))) return;
    Move move{i, to, 1, kNoSquare, false};
    for (MoveMacro* macro : extenders_) macro->Extend(node, d, &move);
    moves_.push_back(move);
  };
  if (node.restricted) {
    for (const auto& [i, d] : node.pushes) {
      if (move_dirs_[node.boxes[i]] >> d & 1) try_push(i, d);
    }
  } else {
    for (int i = 0; i < box_count_; ++i) {
      for (unsigned dirs = move_dirs_[node.boxes[i]]; dirs != 0; dirs &= dirs - 1) {
        try_push(i, std::countr_zero(dirs));
      }
    }
  }
  for (MoveMacro* macro : filters_) macro->Filter(node, &moves_);
  StateId solved = kNoState;
  for (const Move& move : moves_) {
    if (solved != kNoState || stop_ != SolveStatus::kSolved) break;
    solved = AddChild(move);
  }
  return solved;
}

StateId Search::AddChild(const Move& move) {
  const int i = move.box, to = move.to, pushes = move.pushes, player_after = move.player_after;
  const int from = node_.boxes[i];
  const int g = node_.g + pushes;
  if (g > 0xFFFF) return kNoState;

  // 4. Deadlock checks on the position after the move (child_: its boxes,
  // not yet sorted).
  std::vector<uint8_t>& occupied = node_.occupied;
  std::copy(node_.boxes.begin(), node_.boxes.end(), child_.begin());
  child_[i] = static_cast<Square>(to);
  occupied[from] = 0;
  occupied[to] = 1;
  ChildView child{i, from, to, pushes, 0, child_.data(), move.advised};
  bool dead = false;
  uint64_t key = 0;
  for (ChildPruning* pruning : before_player_) {
    if ((dead = pruning->Dead(node_, child))) break;
  }
  if (!dead) {
    // With the floor numbered (the feature-space order numbers it), the
    // player's area comes from the numbering. Otherwise a single push (the
    // player ends on `from`) or pull keeps most of the player's area, and a
    // longer move (a tunnel or goal-room macro) needs a fill.
    const int player = player_after == kNoSquare ? from : player_after;
    if (const FloorCuts* floor = node_.floor()) {
      child.player = floor->PlayerAfterMove(from, to, player);
      assert(child.player == child_reach_.Fill(board_, occupied.data(), player));
    } else if (player_after == kNoSquare ||
               (config_.direction == Direction::kPull && pushes == 1)) {
      child.player =
          PlayerAfterMove(board_, occupied.data(), node_.reach, from, to, player, child_reach_);
    } else {
      child.player = child_reach_.Fill(board_, occupied.data(), player_after);
    }
    // The child's key is known once its player is: the store's slot for
    // it (and the partners') starts loading while the prunings run.
    key = boxes_key_ ^ zobrist_.box(from) ^ zobrist_.box(to) ^ zobrist_.player(child.player);
    store_.Prefetch(key);
    for (const Search* other : partners_) other->store_.Prefetch(key);
    for (ChildPruning* pruning : with_player_) {
      if ((dead = pruning->Dead(node_, child))) break;
    }
  }
  occupied[to] = 0;
  occupied[from] = 1;
  if (dead) return kNoState;

  // 5. The child state, boxes kept sorted.
  int j = i;
  while (j > 0 && child_[j - 1] > child_[j]) std::swap(child_[j - 1], child_[j]), --j;
  while (j + 1 < box_count_ && child_[j + 1] < child_[j]) std::swap(child_[j + 1], child_[j]), ++j;
  assert(key == zobrist_.Key(child.player, child_.data(), box_count_));

  // 6. Store it once; queue it when new or reached with fewer pushes.
  if (store_.full() || (options_.memory_limit_bytes &&
                        store_.bytes_after_growth() + OtherBytes() > options_.memory_limit_bytes)) {
    stop_ = SolveStatus::kMemory;
    return kNoState;
  }
  codec_.Pack(child.player, child_.data(), packed_.data());
  auto [id, added] = store_.Insert(packed_.data(), key, node_.id, static_cast<uint16_t>(g));
  if (!added) {
    if (store_.G(id) <= g) return kNoState;
    // Optimal mode reopens a closed state reached with fewer pushes: the
    // bound is admissible but not consistent (a push can lower a distance
    // that makes the player walk around the box by more than one, or end a
    // pair conflict), so a state may be closed before its fewest pushes are
    // known. Without reopening, Microban 96 came out at 39 pushes, not 37.
    if (!config_.reopen) return kNoState;
    ClearClosed(closed_, id);
    store_.SetParent(id, node_.id, static_cast<uint16_t>(g));
  }
  // A state the partners hold too: the first meeting solves; with a
  // meeting (SearchConfig::meeting) each, reopened states' too, is offered
  // to it instead.
  if (added || config_.meeting) {
    for (const Search* other : partners_) {
      const StateId there = other->store_.Find(packed_.data(), key);
      if (there == kNoState) continue;
      if (config_.meeting) {
        const int g_there = other->store_.G(there);
        if (config_.direction == Direction::kPush) {
          config_.meeting->Offer(g, g_there, this, id, other, there);
        } else {
          config_.meeting->Offer(g_there, g, other, there, this, id);
        }
        continue;
      }
      met_partner_ = other;
      met_id_ = there;
      return id;
    }
  }
  // 7. Its bound; a dead one is closed for good.
  const int h = config_.evaluator->Child(node_, child);
  if (h == Evaluator::kDead) {
    SetClosed(closed_, id);
    return kNoState;
  }
  // A pull search ends on the start: boxes on their squares, the player in
  // the start's area.
  if (h == 0 && (config_.direction == Direction::kPush || child.player == start_player_)) {
    return id;
  }
  config_.open->Push(node_, child, g, h, id);
  return kNoState;
}

void Search::SolveByMeeting(const OptimalMeeting& meet) {
  assert(config_.direction == Direction::kPush && meet.push() == this);
  met_partner_ = meet.pull();
  met_id_ = meet.pull_id();
  TracePushes(meet.push_id());
  Finish(SolveStatus::kSolved);
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
  if (config_.direction == Direction::kPush) {
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
    bool found = node_.mover.Find(occupied, gone[0], came[0], player, &pushes_, nullptr, nullptr,
                                  k + 1 < path.size() ? players[k] : -1);
    assert(found);
    if (!found) found = node_.mover.Find(occupied, gone[0], came[0], player, &pushes_);
    (void)found;
    occupied[gone[0]] = 0;
    occupied[came[0]] = 1;
    if (pushes_.size() > first) player = pushes_.back().from;
  }
}

}  // namespace sokoban
