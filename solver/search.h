// The best-first search over pushes behind Solve (solver/solver.h).
//
// One Search object solves one level once. It owns the state store and the
// open list; Run() returns the final status and, when solved, the chain of
// pushes from the start.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "solver/board.h"
#include "solver/lower_bound.h"
#include "solver/open_list.h"
#include "solver/pi_corral.h"
#include "solver/reach.h"
#include "solver/solver.h"
#include "solver/state_store.h"
#include "solver/zobrist.h"

namespace sokoban {

// One push of a box: from a floor square in a direction (LURD index), and
// how many squares it travelled (more than one for tunnel macros).
struct Push {
  Square from;
  uint8_t dir;
  uint8_t length;
};

class Search {
 public:
  Search(const Board& board, const SolveOptions& options);

  // Runs to a verdict. On kSolved, pushes() is the solution.
  SolveStatus Run();

  const std::vector<Push>& pushes() const { return pushes_; }
  uint64_t expanded() const { return expanded_; }
  uint64_t stored() const { return store_.size(); }
  double bytes_per_state() const { return store_.bytes_per_state(); }
  size_t peak_bytes() const { return peak_bytes_; }
  // True when the search proved the solution uses the fewest pushes.
  bool optimal() const { return options_.mode == SolveMode::kOptimal; }

 private:
  int Priority(int g, int h) const;
  bool OutOfBudget();
  // Expands one state; returns the id of a solved child, or kNoState.
  StateId Expand(StateId id);
  void TracePushes(StateId goal);

  const Board& board_;
  const SolveOptions& options_;
  const int box_count_;
  LowerBound bound_;
  StateCodec codec_;
  Zobrist zobrist_;
  StateStore store_;
  OpenList open_;
  Reach reach_, child_reach_;
  PiCorral pi_corral_;
  std::vector<std::pair<int, int>> moves_;  // (box index, direction) to try
  std::vector<uint8_t> occupied_;
  std::vector<uint8_t> closed_;  // one bit a state
  std::vector<Square> boxes_, child_;
  std::vector<uint8_t> packed_;
  std::vector<Push> pushes_;
  uint64_t expanded_ = 0;
  size_t peak_bytes_ = 0;
  std::chrono::steady_clock::time_point start_;
  SolveStatus stop_ = SolveStatus::kSolved;
};

}  // namespace sokoban
