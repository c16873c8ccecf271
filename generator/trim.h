// Trimming: unused pockets of a level (connected floor its stored solution
// never touches, see unused_floor.h) become walls, where that keeps the
// solution and the difficulty. The solution still replays on the trimmed
// level (it never stood on what was removed); the difficulty is the fast
// solver's states, which must stay at least `min_states_ratio` of those on
// the untrimmed level, with the same expansion budget.
//
//   TrimOptions t{.solve = fast, .untrimmed_states = g.states};
//   std::optional<TrimmedLevel> tl = TrimUnusedFloor(level, moves, t);
//   if (tl) { level = tl->level; states = tl->states; }
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "common/level.h"
#include "solver/solver.h"

namespace sokoban::generator {

struct TrimOptions {
  SolveOptions solve;             // how the difficulty is measured (fast, with a budget)
  uint64_t untrimmed_states = 0;  // the solver's states on the untrimmed level
  double min_states_ratio = 0.9;
  // Pockets tried one by one when removing all of them at once fails.
  int max_single_tries = 6;
};

struct TrimmedLevel {
  Level level;          // walls redrawn around the floor left, cropped
  uint64_t states = 0;  // the solver's states on it
  int removed = 0;      // floor squares turned into walls
};

// The level with unused pockets walled: all of them if that passes the
// checks, else the largest pockets one at a time, each kept when the level
// with it walled still passes. nullopt when there is nothing to trim or no
// pocket can go. `moves` must replay on `level` (it is checked again on the
// trimmed level). Title, author, notes and solutions are carried over.
std::optional<TrimmedLevel> TrimUnusedFloor(const Level& level, std::string_view moves,
                                            const TrimOptions& options);

// Walls only where they touch floor (the 8 neighbours), blanks elsewhere,
// cropped to the floor and its wall ring; floor is ReachableFloor's.
Level RedrawWalls(const Level& level);

// The squares of a w x h board drawn as XSB: square(x, y) on each cell where
// is_floor(x, y), walls only where they touch floor (the 8 neighbours),
// blanks elsewhere, cropped to the floor and its wall ring. Returns only the
// width, height and squares; nullopt when no cell is floor.
std::optional<Level> DrawFloor(int w, int h, const std::function<bool(int, int)>& is_floor,
                               const std::function<char(int, int)>& square);

}  // namespace sokoban::generator
