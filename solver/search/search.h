// The best-first search over pushes (or pulls) behind Solve
// (solver/solver.h).
//
// One Search object solves one level once, as its SearchConfig
// (solver/search/search_config.h) composes it: an evaluator for the bound, an
// open list for the order, pruning methods and macros
// (solver/parts/search_parts.h). The loop itself names no technique: it pops a
// state, unpacks it, runs the expansion prunings, generates the single
// pushes (or pulls) and lets the macros make them longer, runs the child
// prunings, stores each new child once, bounds and queues it, looks it up
// among the partners' states, and traces the solution.
//
// Start() sets it up and Step() expands one state at a time, so that
// several searches can share a time budget. When solved, pushes() is the
// chain of pushes from the start.
#pragma once

#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/box_path.h"
#include "solver/core/reach.h"
#include "solver/core/solve_types.h"
#include "solver/core/state_store.h"
#include "solver/core/zobrist.h"
#include "solver/parts/meet_optimal.h"
#include "solver/parts/search_parts.h"
#include "solver/search/search_config.h"

namespace sokoban {

class Search {
 public:
  // The time limit counts from `clock_start`. A pull search
  // (config.direction == Direction::kPull) searches backwards: from the
  // solved position (the player in any of its areas) back to the start,
  // pulling boxes.
  Search(const Board& board, const SolveOptions& options, SearchConfig config,
         std::chrono::steady_clock::time_point clock_start);

  // Bidirectional search: `other` runs the other way. Each state this
  // search stores is looked up among the other's; a state both have seen
  // joins a path from the start with a path to the goal, and solves.
  void AddPartner(const Search* other) { partners_.push_back(other); }
  // Solved by meeting a partner's state.
  bool met() const { return met_partner_ != nullptr; }
  const Search* met_partner() const { return met_partner_; }
  // The largest g + h of a state taken for expansion: in optimal mode (an
  // A* with an admissible bound, reopening) a lower bound on the optimum
  // (solver/parts/meet_optimal.h).
  int lower() const { return lower_; }
  // With a meeting (SearchConfig::meeting): ends a push search with the
  // meeting's solution.
  void SolveByMeeting(const OptimalMeeting& meet);

  // Sets up the search; false when it is already decided (see status()).
  bool Start();
  // Expands one state; false once the search is decided or met a limit.
  bool Step();
  SolveStatus status() const { return status_; }
  // Ran out of states after parts that may have left solutions out
  // (Expansion::incomplete): no proof of anything (status() is then
  // kTimeout).
  bool gave_up() const { return gave_up_; }
  Direction direction() const { return config_.direction; }

  // When status() is kSolved: the pushes from the start to the solution.
  const std::vector<Push>& pushes() const { return pushes_; }
  uint64_t expanded() const { return expanded_; }
  // A push search's progress: the most boxes on goals in a state it
  // expanded (-1: none expanded, or a pull search), and its expansions
  // when it first expanded one with that many.
  int best_on_goals() const { return best_on_goals_; }
  uint64_t best_at() const { return best_at_; }
  // That state: its boxes (sorted) and the player, on the first square of
  // its area (empty boxes when best_on_goals() < 0).
  const std::vector<Square>& best_boxes() const { return best_boxes_; }
  int best_player() const { return best_player_; }
  uint64_t stored() const { return store_.size(); }
  double bytes_per_state() const { return store_.bytes_per_state(); }
  size_t peak_bytes() const { return peak_bytes_; }

 private:
  // Memory besides the state store and the closed bits: what the parts
  // hold (the open list's vectors, the deadlock tables, the bound's
  // matching slots).
  size_t OtherBytes() const;
  bool Finish(SolveStatus status);  // records the verdict; returns false
  bool OutOfBudget();
  // Expands one state; returns the id of a solved child, or kNoState.
  StateId Expand(StateId id);
  // The children of the state being expanded (node_ set up, the parts told
  // of it); each returns a solved child, or kNoState.
  StateId ExpandPushes();
  StateId ExpandPulls();
  // Adds the child of the state being expanded reached by `move`: runs the
  // child prunings, stores, bounds and queues it. Returns it if solved.
  StateId AddChild(const Move& move);
  bool StartPull();
  // Stores and queues a root (node_.boxes, the player's normalized square,
  // its bound); when `solved`, traces the solution instead and returns
  // true.
  bool AddRoot(int player, int h, bool solved);
  // The box squares of the states from the root to `id`, in that order.
  std::vector<std::vector<Square>> BoxesAlong(StateId id, std::vector<int>* players) const;
  // Fills pushes_ from the start to the goal; `last` is the solved state
  // (or this search's half of a meeting).
  void TracePushes(StateId last);

  const Board& board_;
  const SolveOptions& options_;
  SearchConfig config_;
  const int box_count_;
  // The parts whose memory counts (OtherBytes), every part (for a debug
  // check of the others), the child prunings by stage and the macros by
  // hook.
  std::vector<const SearchPart*> memory_parts_, parts_;
  std::vector<ChildPruning*> before_player_, with_player_;
  std::vector<MoveMacro*> adders_, extenders_, filters_;
  // dead_square_[sq]: no single push or pull onto sq (ChildPruning::kSquares).
  std::vector<uint8_t> dead_square_;
  // move_dirs_[sq]: the directions d (bit d) in which a box on sq may move
  // by one push or pull as far as walls and dead_square_ say.
  std::vector<uint8_t> move_dirs_;
  StateCodec codec_;
  Zobrist zobrist_;
  StateStore store_;
  Expansion node_;  // the state being expanded
  Reach child_reach_;
  std::vector<uint8_t> closed_;  // one bit a state
  std::vector<Square> child_;
  std::vector<Square> before_;  // MovedBox's parent
  int MovedBox(StateId id);     // Expansion::moved of state id
  std::vector<uint8_t> packed_;
  std::vector<Move> moves_;
  bool gave_up_ = false;
  int start_player_ = 0;  // normalized; a pull search ends in its area
  std::vector<const Search*> partners_;
  const Search* met_partner_ = nullptr;  // the partner met, and its state
  StateId met_id_ = kNoState;
  int lower_ = 0;
  uint64_t boxes_key_ = 0;  // the parent's key without its player
  std::vector<Push> pushes_;
  uint64_t expanded_ = 0;
  int best_on_goals_ = -1;
  uint64_t best_at_ = 0;
  std::vector<Square> best_boxes_;
  int best_player_ = 0;
  size_t peak_bytes_ = 0;
  std::chrono::steady_clock::time_point start_;
  SolveStatus stop_ = SolveStatus::kSolved;  // a limit that ended the search
  SolveStatus status_ = SolveStatus::kTimeout;
  bool finished_ = false;
};

}  // namespace sokoban
