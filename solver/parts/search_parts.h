// The parts a search is made of (solver/search/search.h), each behind a small
// interface, after Fast Downward's evaluators, open lists and pruning
// methods. A SearchConfig (solver/search/search_config.h) holds one evaluator, one
// open list, and lists of pruning methods and macros; Search runs them and
// names none of them.
//
//   Evaluator        the lower bound h of a state (matching, pair conflicts)
//   SearchOpenList   which state to expand next (best-first on g + w*h,
//                    feature-space cells)
//   ExpansionPruning before a state's pushes: restricts them (PI-corrals)
//                    or finds the state dead (corral deadlocks)
//   ChildPruning     squares no box may be moved onto (dead squares), or a
//                    child found dead (freeze, frozen goals, learned,
//                    dead pairs)
//   MoveMacro        moves longer than one push: adds them (room paths),
//                    extends single pushes (tunnels, goal rooms), or drops
//                    the others (goal cut)
//
// Every part sees the state being expanded as an Expansion, and a child as
// a ChildView.
//
// Adding a technique: a class deriving from the interface it fits, in a
// file of its own (solver/eval_*, order_*, prune_*, macro_*), and one line
// in MakeSearchConfig (solver/search/search_config.cc) that adds it when its
// `--prune` flag (solver.h PruneFlags, solver/options.cc), the mode and the
// direction call for it. Tables a level's searches share belong in
// LevelTables; a new member of the fast-mode portfolio is a row of
// kFastPortfolio (solver/solver.cc), of optimal mode's a row of
// kOptimalPortfolio (`bidir`'s pull search, meeting the push search through
// LevelTables::meeting()). A part that holds memory overrides
// HoldsMemory() and bytes().
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/reach.h"
#include "solver/core/state_store.h"
#include "solver/deadlock/pi_corral.h"

namespace sokoban {

// The state being expanded, as the parts see it. Search fills it; the
// corrals and the numbering of the floor are found on first use, once an
// expansion.
class Expansion {
 public:
  explicit Expansion(const Board& board)
      : board(board),
        occupied(board.size(), 0),
        reach(board.size()),
        boxes(board.box_count()),
        mover(board),
        corrals_(board),
        floor_(board) {}

  const Board& board;
  Direction direction = Direction::kPush;
  // occupied[sq] != 0 marks the boxes (a part may change it, but must put
  // it back); during a child's checks it marks the child's boxes.
  std::vector<uint8_t> occupied;
  Reach reach;                // the player's area
  std::vector<Square> boxes;  // sorted
  int player = 0;             // normalized: the smallest square of its area
  StateId id = kNoState;
  int g = 0;  // pushes from the root
  // The square of the box the last move put there (kNoSquare: a root); set
  // only for an evaluator that asks (Evaluator::WantsMoved).
  int moved = kNoSquare;
  int h = 0;  // its bound as queued
  // The pushes to try: every one, unless an ExpansionPruning restricted
  // them (Restrict()) to those in `pushes`, as (index in boxes, direction).
  bool restricted = false;
  std::vector<std::pair<int, int>> pushes;
  void Restrict() {
    restricted = true;
    pushes.clear();
  }
  // Set by a part that leaves a state out (a macro taken instead of the
  // single push, a goal cut): running out of states then proves nothing.
  // Kept for the whole search.
  bool incomplete = false;
  // Moves one box with the others standing still (macros, the solution's
  // trace).
  BoxMover mover;

  // The position's corrals (Corrals::Find), found on first call.
  const Corrals& corrals() {
    if (!corrals_found_) {
      corrals_.Find(occupied.data(), reach);
      corrals_found_ = true;
    }
    return corrals_;
  }
  // Numbers the position's free floor (FloorCuts) on first call; returns
  // its number of areas.
  int NumberFloor() {
    if (!floor_numbered_) {
      areas_ = floor_.Number(boxes.data(), static_cast<int>(boxes.size()));
      floor_numbered_ = true;
    }
    return areas_;
  }
  // The numbering of the floor when a part has asked for it; else null.
  const FloorCuts* floor() const { return floor_numbered_ ? &floor_ : nullptr; }
  // The boxes on goals, counted on first call.
  int OnGoals() {
    if (on_goals_ < 0) {
      on_goals_ = 0;
      for (Square b : boxes) on_goals_ += board.IsGoal(b);
    }
    return on_goals_;
  }
  // Called by Search when a new state is set up.
  void Reset() {
    corrals_found_ = floor_numbered_ = restricted = false;
    on_goals_ = -1;
  }

 private:
  Corrals corrals_;
  FloorCuts floor_;
  bool corrals_found_ = false, floor_numbered_ = false;
  int areas_ = 0;
  int on_goals_ = -1;  // -1: not counted yet
};

// A move of one box from the state being expanded: box `box` (an index in
// Expansion::boxes) ends on `to` after `pushes` pushes, the player on
// player_after (kNoSquare: next to `to`, behind a single push).
struct Move {
  int box, to, pushes, player_after;
  // Set by a macro for its Filter (goal cut: a move into a room).
  bool cut;
  // Proposed by an advisor (solver/macro/box_advice.h): the feature-space order
  // weighs it 0.
  bool advised = false;
};

// A child of the state being expanded.
struct ChildView {
  int box;     // index of the moved box in Expansion::boxes
  int from;    // its square in the parent
  int to;      // its square in the child
  int pushes;  // the pushes of the move
  int player;  // normalized; only for ChildPruning::kWithPlayer and later
  // The child's boxes: in the parent's order (the moved box at index `box`)
  // during pruning, sorted from the evaluator on.
  const Square* boxes;
  bool advised = false;  // Move::advised
};

// Every part: the memory it holds, counted against the search's limit
// before each new state is stored. The evaluator's and the open list's
// always count; a pruning method or a macro that holds memory says so
// (HoldsMemory), so that the others cost nothing there.
class SearchPart {
 public:
  virtual ~SearchPart() = default;
  virtual bool HoldsMemory() const { return false; }
  virtual size_t bytes() const { return 0; }
};

// The lower bound on the pushes left. kDead: no solution.
class Evaluator : public SearchPart {
 public:
  static constexpr int kDead = LowerBound::kDead;
  // A root's bound: boxes sorted, the player normalized.
  virtual int Root(const Square* boxes, int player) = 0;
  // Whether SetParent reads Expansion::moved.
  virtual bool WantsMoved() const { return false; }
  // Once per expanded state (not found dead by pruning), before its
  // children.
  virtual void SetParent(const Expansion& parent) = 0;
  // A child's bound (child.boxes sorted, child.player set).
  virtual int Child(const Expansion& parent, const ChildView& child) = 0;
  // The open list takes states from several queues in turns: the state to
  // expand next comes from queue `slot` (LowerBound::UseSlot).
  virtual void UseSlot(int slot) { (void)slot; }
};

// The order of expansion. Every choice depends only on what was pushed, so
// that runs are deterministic.
class SearchOpenList : public SearchPart {
 public:
  // Queues a root (boxes sorted) with bound h.
  virtual void PushRoot(const Square* boxes, int h, StateId id) = 0;
  // Once per expanded state (not found dead by pruning), before its
  // children.
  virtual void SetParent(Expansion& parent) { (void)parent; }
  // Queues a child with g pushes from the root and bound h.
  virtual void Push(Expansion& parent, const ChildView& child, int g, int h, StateId id) = 0;
  virtual bool empty() const = 0;
  // Removes the next entry: its id and its h as queued.
  virtual StateId Pop(int* h) = 0;
  // Whether the popped entry of a state not yet expanded is to be expanded
  // (false: stale, the state was queued again since), g its pushes now.
  virtual bool Take(StateId id, int g, int h) = 0;
};

// Runs before a push search generates a state's pushes.
class ExpansionPruning : public SearchPart {
 public:
  // False when the state is dead. May restrict the pushes to try
  // (Expansion::Restrict).
  virtual bool Keep(Expansion& parent) = 0;
};

// Runs on each child, or marks squares no box may be moved onto.
class ChildPruning : public SearchPart {
 public:
  enum Stage {
    kSquares,       // MarkDeadSquares only: checked as a single move is made
    kBeforePlayer,  // Dead(), before the child's player area is known
    kWithPlayer,    // Dead(), reading child.player
  };
  virtual Stage stage() const = 0;
  // Sets dead[sq] for each square no single push or pull may move a box
  // onto (checked before a macro takes the push further).
  virtual void MarkDeadSquares(std::vector<uint8_t>& dead) const { (void)dead; }
  // Whether the child is dead; parent.occupied marks the child's boxes.
  virtual bool Dead(Expansion& parent, const ChildView& child) {
    (void)parent;
    (void)child;
    return false;
  }
};

// Moves of more than one push (push searches).
class MoveMacro : public SearchPart {
 public:
  // Which of the three calls below it makes use of (the search makes only
  // those): a bit set of these.
  enum Hook { kAddMoves = 1, kExtend = 2, kFilter = 4 };
  virtual int hooks() const = 0;
  // Before the single pushes: whole moves of its own, appended to moves.
  virtual void AddMoves(Expansion& parent, std::vector<Move>* moves) {
    (void)parent;
    (void)moves;
  }
  // Takes the push (so far `move`, its last push in direction d) further.
  virtual void Extend(Expansion& parent, int d, Move* move) {
    (void)parent;
    (void)d;
    (void)move;
  }
  // After all moves are made: may drop some (setting parent.incomplete).
  virtual void Filter(Expansion& parent, std::vector<Move>* moves) {
    (void)parent;
    (void)moves;
  }
};

}  // namespace sokoban
