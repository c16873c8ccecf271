// Checks deadlock patterns (solver/deadlock/learned_deadlocks.h) for soundness, for
// the tests of every source of patterns: each pattern, completed with
// random boxes elsewhere and the player on a random square of its area,
// makes a position the pattern calls dead, which an exhaustive search
// using no pattern must prove unsolvable.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "generator/generate.h"
#include "solver/core/board.h"
#include "solver/core/reach.h"
#include "solver/deadlock/corral_deadlock.h"
#include "solver/deadlock/learned_deadlocks.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {

// Solves `position` in optimal mode with only the dead-square, freeze and
// matching checks (no corral search, no pattern, no pair table) within
// `expansions`: a position a deadlock table calls dead must not come out
// solved, and should come out unsolvable.
inline SolveResult SolveWithoutPatterns(const Level& position, uint64_t expansions = 300'000) {
  SolveOptions options;
  options.mode = SolveMode::kOptimal;
  options.prune = kPruneDeadSquares | kPruneFreeze | kPruneBipartite;
  options.max_expansions = expansions;
  return Solve(position, options);
}

// The levels the pattern soundness checks draw positions from: 20 random
// 8x8 levels each of 3 and 4 boxes from the generator (seeds seed + 3 and
// seed + 4), and the Microban boards of at most 48 squares and 3-6 boxes.
inline std::vector<std::pair<std::string, Level>> SmallPatternLevels(uint64_t seed) {
  std::vector<std::pair<std::string, Level>> levels;
  for (int boxes : {3, 4}) {
    generator::GenerateOptions o;
    o.count = 20;
    o.boxes = boxes;
    o.width = 8;
    o.height = 8;
    o.seed = seed + static_cast<uint64_t>(boxes);
    const generator::GenerateResult generated = Generate(o);
    EXPECT_EQ(static_cast<int>(generated.levels.size()), o.count);
    for (size_t k = 0; k < generated.levels.size(); ++k) {
      levels.emplace_back("generated " + std::to_string(boxes) + "-" + std::to_string(k),
                          generated.levels[k].level);
    }
  }
  for (int number = 1; number <= 155; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = *Board::Build(level);
    if (board.size() > 48 || board.box_count() < 3 || board.box_count() > 6) continue;
    levels.emplace_back("Microban " + std::to_string(number), level);
  }
  return levels;
}

// The levels ExpectSolvesWithAndWithout solves: XSokoban 1, 2, 3, 6, 17,
// 38, 51, 60 (8 boxes or more: the deadlock tables are built at the start)
// and Microban 1-60.
inline std::vector<std::pair<std::string, Level>> WithAndWithoutLevels() {
  const Collection xsokoban = ReadShared("xsokoban90.xsb");
  std::vector<std::pair<std::string, Level>> levels;
  for (int number : {1, 2, 3, 6, 17, 38, 51, 60}) {
    levels.emplace_back("XSokoban " + std::to_string(number), xsokoban.levels.at(number - 1).level);
  }
  for (int number = 1; number <= 60; ++number) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  return levels;
}

// With the portfolio member `member` and without it, the solver solves the
// levels of WithAndWithoutLevels(), and every solution replays.
inline void ExpectSolvesWithAndWithoutMember(const std::string& member) {
  const absl::StatusOr<MemberSet> without = ParseMemberList("default,-" + member);
  ASSERT_TRUE(without.ok()) << member;
  for (MemberSet members : {kAllMembers, *without}) {
    for (const auto& [name, level] : WithAndWithoutLevels()) {
      ASSERT_TRUE(SolvesAndReplays(level, kPruneDefault,
                                   name + ", members " + std::to_string(members), members));
    }
  }
}

// With `technique` taken out of the default set and in it, the solver
// solves the levels of WithAndWithoutLevels(), and every solution replays.
inline void ExpectSolvesWithAndWithout(PruneSet technique) {
  for (PruneSet prune : {kPruneDefault | technique, kPruneDefault & ~technique}) {
    for (const auto& [name, level] : WithAndWithoutLevels()) {
      ASSERT_TRUE(SolvesAndReplays(level, prune, name));
    }
  }
}

// The portfolio member `member` alone solves XSokoban `number` within
// `expansions` with the default set, and not without `technique`.
inline void ExpectMemberNeeds(PruneSet technique, const std::string& member, int number,
                              uint64_t expansions) {
  const Level level = ReadShared("xsokoban90.xsb").levels.at(number - 1).level;
  SolveOptions options;
  options.member = member;
  options.max_expansions = expansions;
  const SolveResult with = Solve(level, options);
  EXPECT_EQ(with.status, SolveStatus::kSolved) << member << " on XSokoban " << number;
  options.prune = kPruneDefault & ~technique;
  const SolveResult without = Solve(level, options);
  EXPECT_EQ(without.status, SolveStatus::kTimeout) << member << " on XSokoban " << number;
}

// The squares of `board` from which a box can still reach a goal.
inline std::vector<Square> LiveSquares(const Board& board) {
  std::vector<Square> live;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (!board.IsDead(sq)) live.push_back(static_cast<Square>(sq));
  }
  return live;
}

// A random position of `board`: its boxes on the first box_count() of
// `live` (live squares, shuffled here), sorted, the player on a random
// free square.
struct Placement {
  std::vector<Square> boxes;
  std::vector<uint8_t> occupied;
  int player = 0;
};
inline Placement RandomPlacement(const Board& board, std::vector<Square>& live, std::mt19937& rng) {
  Placement p;
  std::shuffle(live.begin(), live.end(), rng);
  p.boxes.assign(live.begin(), live.begin() + board.box_count());
  std::sort(p.boxes.begin(), p.boxes.end());
  p.occupied.assign(board.size(), 0);
  for (Square b : p.boxes) p.occupied[b] = 1;
  p.player = static_cast<int>(rng() % board.size());
  while (p.occupied[p.player]) p.player = (p.player + 1) % board.size();
  return p;
}

struct PatternCheck {
  int checked = 0;  // positions searched
  int proved = 0;   // of those, proved unsolvable within the budget
};

// Completes pattern after pattern of `table` (a table for `board`, built
// from `level`) `per_pattern` times each, until `check` has `wanted`
// positions, and solves each with SolveWithoutPatterns. A position solved
// is a failure naming `name` and the pattern.
inline void CheckPatterns(const Level& level, const Board& board, const LearnedDeadlocks& table,
                          int per_pattern, int wanted, std::mt19937& rng, const std::string& name,
                          PatternCheck* check) {
  for (int n = 0; n < per_pattern * table.size() && check->checked < wanted; ++n) {
    const int k = n / per_pattern;
    std::vector<Square> boxes = table.Boxes(k);
    std::vector<uint8_t> occupied(board.size(), 0);
    for (Square b : boxes) occupied[b] = 1;
    std::vector<Square> rest;
    for (int sq = 0; sq < board.size(); ++sq) {
      if (!occupied[sq]) rest.push_back(static_cast<Square>(sq));
    }
    std::shuffle(rest.begin(), rest.end(), rng);
    size_t next = 0;
    while (static_cast<int>(boxes.size()) < board.box_count() && next < rest.size()) {
      occupied[rest[next]] = 1;
      boxes.push_back(rest[next++]);
    }
    std::vector<int> area;
    for (int sq = 0; sq < board.size(); ++sq) {
      if (!occupied[sq] && table.InArea(k, sq)) area.push_back(sq);
    }
    if (area.empty()) continue;
    const int player = area[rng() % area.size()];
    std::sort(boxes.begin(), boxes.end());
    ASSERT_TRUE(table.Matches(occupied.data(), player, table.Boxes(k)[0]));
    const Level position = Position(level, board, boxes, player);
    const SolveResult r = SolveWithoutPatterns(position);
    ASSERT_NE(r.status, SolveStatus::kSolved)
        << name << ", pattern " << k << " called dead:\n"
        << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
    ++check->checked;
    check->proved += r.status == SolveStatus::kUnsolvable;
  }
}

// What CheckCalledDead counted.
struct CalledDead {
  int tried = 0;   // positions drawn
  int dead = 0;    // of those, called dead (none solved without patterns)
  int proved = 0;  // of those, proved unsolvable within the budget
  PatternCheck patterns;
};

// Draws random positions (RandomPlacement) of the levels of
// SmallPatternLevels(seed) with at least two live squares more than boxes,
// `draws` a level in each of up to `rounds` rounds over them, until
// `wanted` are called dead. `make(name, board, table)` gives a level's
// check, learning into `table`: a callable that takes a Placement and says
// whether it is dead. Each position called dead must not be solved by
// SolveWithoutPatterns; after each level, `per_pattern` completions of each
// pattern in `table` must not be either (CheckPatterns). A position solved
// is a fatal failure that shows it.
template <class Make>
void CheckCalledDead(uint64_t seed, int rounds, int draws, int per_pattern, int wanted,
                     std::mt19937& rng, Make make, CalledDead* out) {
  const auto levels = SmallPatternLevels(seed);
  for (int round = 0; round < rounds && out->dead < wanted; ++round) {
    for (const auto& [name, level] : levels) {
      if (out->dead >= wanted) break;
      const Board board = *Board::Build(level);
      std::vector<Square> live = LiveSquares(board);
      if (static_cast<int>(live.size()) < board.box_count() + 2) continue;
      LearnedDeadlocks table(board);
      auto called_dead = make(name, board, table);
      for (int n = 0; n < draws && out->dead < wanted; ++n) {
        Placement p = RandomPlacement(board, live, rng);
        ++out->tried;
        if (!called_dead(p)) continue;
        const Level position = Position(level, board, p.boxes, p.player);
        const SolveResult r = SolveWithoutPatterns(position);
        ASSERT_NE(r.status, SolveStatus::kSolved)
            << name << ", called dead:\n"
            << absl::StrJoin(position.Rows(), "\n") << "\nsolution " << r.solution;
        ++out->dead;
        out->proved += r.status == SolveStatus::kUnsolvable;
      }
      CheckPatterns(level, board, table, per_pattern, wanted, rng, name, &out->patterns);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// Solves XSokoban's levels `xsokoban` and every `microban_step`-th Microban level with
// the default techniques (at most 200,000 expansions; each must be solved),
// replays each solution, and after each push (each `every_large`-th on
// boards of more than 8 boxes) calls the level's check, `make(name, board)`,
// with the position: its boxes (those the player can never reach are walls
// to the board) in a Placement. A fatal failure in a check ends the run.
template <class Make>
void CheckSolutionPositions(std::initializer_list<int> xsokoban, int microban_step, int every_large,
                            Make make) {
  const Collection collection = ReadShared("xsokoban90.xsb");
  std::vector<std::pair<std::string, Level>> levels;
  for (int number : xsokoban) {
    levels.emplace_back("XSokoban " + std::to_string(number),
                        collection.levels.at(number - 1).level);
  }
  for (int number = 1; number <= 155; number += microban_step) {
    levels.emplace_back("Microban " + std::to_string(number), MicrobanLevel(number));
  }
  for (const auto& [name, level] : levels) {
    SolveOptions options;
    options.max_expansions = 200'000;
    const SolveResult r = Solve(level, options);
    ASSERT_EQ(r.status, SolveStatus::kSolved) << name;
    const Board board = *Board::Build(level);
    const int every = board.box_count() > 8 ? every_large : 1;
    auto check = make(name, board);
    Game game(level);
    int pushes = 0;
    for (char c : r.solution) {
      const char lower = static_cast<char>(c | 0x20);
      const Dir d = lower == 'l'   ? Dir::kLeft
                    : lower == 'u' ? Dir::kUp
                    : lower == 'r' ? Dir::kRight
                                   : Dir::kDown;
      if (game.Step(d) != StepResult::kPushed || ++pushes % every != 0) continue;
      Placement p;
      p.occupied.assign(board.size(), 0);
      for (int cell = 0; cell < game.width() * game.height(); ++cell) {
        if (!game.HasBox(cell) || board.FloorIndex(cell) < 0) continue;
        p.occupied[board.FloorIndex(cell)] = 1;
        p.boxes.push_back(static_cast<Square>(board.FloorIndex(cell)));
      }
      p.player = board.FloorIndex(game.player());
      check(p, game);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

// CheckCalledDead for a variant of the corral check, CorralDeadlock(board,
// walls), learning into the level's table, until `wanted` positions
// are called dead, each proved unsolvable, and so is a completion of each
// pattern learned; every position the plain check (CorralDeadlock(board))
// calls dead, the variant calls dead too, and there are some.
inline void CheckCorralVariant(uint64_t seed, int rounds, int wanted, bool walls) {
  std::mt19937 rng(seed);
  int plain_dead = 0;
  CalledDead c;
  auto make = [&](const std::string& name, const Board& board, LearnedDeadlocks& table) {
    auto variant = std::make_shared<CorralDeadlock>(board, walls);
    auto plain = std::make_shared<CorralDeadlock>(board);
    auto reach = std::make_shared<Reach>(board.size());
    variant->ShareWith(&table);
    return [&, name, variant, plain, reach](Placement& p) {
      const int norm = reach->Fill(board, p.occupied.data(), p.player);
      const bool dead = variant->IsDead(p.occupied.data(), *reach, norm);
      if (plain->IsDead(p.occupied.data(), *reach, norm)) {
        ++plain_dead;
        EXPECT_TRUE(dead) << name;
      }
      return dead;
    };
  };
  CheckCalledDead(seed, rounds, 40, 1, wanted, rng, make, &c);
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_GE(c.dead, wanted);
  EXPECT_EQ(c.proved, c.dead) << "positions not decided within the budget";
  EXPECT_GT(plain_dead, 0);
  EXPECT_GT(c.patterns.checked, 0);
  EXPECT_EQ(c.patterns.proved, c.patterns.checked) << "positions not decided within the budget";
}

}  // namespace sokoban
