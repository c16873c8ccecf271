// Reverse pulls: start from the solved position (every box on a goal, the
// player beside them) and pull boxes backwards. A pull moves the player one
// square away from an adjacent box and the box follows into the square the
// player left; read backwards it is a legal push, so every position reached
// this way is solvable by construction.
//
// Two engines:
//   RandomPullWalk  the seed tutorial's method made purposeful: a random
//                   walk over legal pulls, biased to carry boxes away from
//                   the goals and to keep pulling the same box. Cheap.
//   SearchPulls     breadth-first search over pull states (boxes plus the
//                   player's reachable area, normalized), bounded by a node
//                   budget, keeping the best-scoring state. Breadth-first
//                   order makes each state's depth its fewest pushes.
//   BeamPulls       beam search over pull states that deliberately carries
//                   boxes far: each layer pulls one box along a line as far
//                   as it likes, and only the states with the greatest total
//                   box-to-goal distance go on. For large boards and many
//                   boxes, where breadth-first search stays shallow and
//                   random walks leave boxes near their goals.
//
//   absl::StatusOr<Board> board =
//       Board::FromWallsAndGoals(layout.width, layout.height, layout.wall, goals);
//   StartChecks checks{.allow_boxes_on_goals = false};
//   std::optional<PullCandidate> c = SearchPulls(*board, {.max_nodes = 50000}, checks, rng);
//
// Squares are the Board's floor indices throughout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generator/rng.h"
#include "solver/core/board.h"

namespace sokoban::generator {

// A start position found by pulling.
struct PullCandidate {
  std::vector<int> boxes;  // squares, ascending
  int player = -1;
  int pulls = 0;  // pulls on the path that reached it
  // True when `pulls` is the fewest pushes that solve the position
  // (breadth-first search; a walk only gives an upper bound).
  bool pulls_exact = false;
  // Of the reversed pull path (the forward solution it implies).
  int box_lines = 0;
  int box_changes = 0;
  int score = 0;  // what the engine maximized
};

// What a start position must satisfy to be kept.
struct StartChecks {
  bool allow_boxes_on_goals = false;
  // At least this many boxes off their goals (capped at the box count).
  int min_moved_boxes = 2;
};

// Why a start position fails the checks, or an empty string. Checks: the
// box count equals the goal count, no box on a dead square, no box frozen
// (unless on a goal and boxes on goals are allowed), no box on a goal
// unless allowed, and enough boxes moved.
std::string CheckStart(const Board& board, const std::vector<int>& boxes, int player,
                       const StartChecks& checks);

struct WalkOptions {
  int steps = 200;  // pulls attempted; the walk stops early when stuck
  // Independent walks from the solved position; the best position of all
  // is kept. A walk often strands the player behind a box it pulled into a
  // corridor, so several short walks beat one long one.
  int walks = 1;
};
std::optional<PullCandidate> RandomPullWalk(const Board& board, const WalkOptions& options,
                                            const StartChecks& checks, Rng& rng);

struct SearchOptions {
  int max_nodes = 50000;  // distinct pull states stored, at most
};
std::optional<PullCandidate> SearchPulls(const Board& board, const SearchOptions& options,
                                         const StartChecks& checks, Rng& rng);

// What the engines maximize over the reversed pull path: pushes (or the
// box-to-goal distance standing in for them), plus box changes counted
// double because switching between boxes is what makes a level a puzzle
// rather than a walk.
inline int PullScore(int pushes, int box_changes) { return pushes + 2 * box_changes; }

struct BeamOptions {
  int width = 48;          // states carried from one layer to the next
  int max_layers = 160;    // layers, one box line pulled per layer
  int max_nodes = 300000;  // distinct pull states stored, at most
  int per_parent = 3;      // children of one state that may enter the next layer
};
// The returned candidate maximizes PullScore(sum of GoalDistance over the
// boxes, box changes) among the states the beam met that pass the checks;
// `pulls` is the length of the pull path to it (an upper bound on the
// fewest pushes), `pulls_exact` false.
std::optional<PullCandidate> BeamPulls(const Board& board, const BeamOptions& options,
                                       const StartChecks& checks, Rng& rng);

}  // namespace sokoban::generator
