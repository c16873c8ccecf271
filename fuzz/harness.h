// The checks behind the libFuzzer targets, shared with the regression test
// (tests/fuzz_regression_test.cc) so that a saved input runs the very same
// code in the normal test suite. Each takes one raw fuzz input and returns
// an empty string when every promise held, else what broke. Memory errors
// and crashes are the sanitizers' to catch.
#pragma once

#include <string>
#include <string_view>

namespace sokoban::fuzz {

// First byte picks the format (auto, xsb, sok, digits, actionscript,
// niveaux, by value modulo 6); the rest is the file text. Every level marked
// OK passes ValidateLevel, grids have width * height squares within
// kMaxBoardSide, stored solutions replay without crashing, and the SOK
// writer's output reads back to the same boards.
std::string CheckReadCollection(std::string_view input);

// Even first byte: the rest is a move string replayed on Microban 1. Odd
// first byte: the rest is "LEVEL TEXT!MOVES" and the moves are replayed on
// every valid level of the text. Replay's metrics agree with its normalized
// moves, and replaying those gives the same result.
std::string CheckMoves(std::string_view input);

// XSB text; the first valid level of at most 12x12 squares and 6 boxes is
// solved in fast and optimal mode with a budget of 2000 expansions. Every
// solution replays and solves the level (checked with the rules engine,
// apart from the solver's own check), and neither mode proves unsolvable
// a level the other one solved.
std::string CheckSolver(std::string_view input);

}  // namespace sokoban::fuzz
