#include "solver/core/piece_level.h"

namespace sokoban {

Level PieceLevel(const Level& level, const Board& board, const SolutionPosition& from,
                 const SolutionPosition& to) {
  Level piece = level;
  piece.solutions.clear();
  for (int sq = 0; sq < board.size(); ++sq) piece.squares[board.Cell(sq)] = ' ';
  for (Square b : to.boxes) piece.squares[board.Cell(b)] = '.';
  for (Square b : from.boxes) {
    char& c = piece.squares[board.Cell(b)];
    c = c == '.' ? '*' : '$';
  }
  char& p = piece.squares[board.Cell(from.player)];
  p = p == '.' ? '+' : '@';
  return piece;
}

}  // namespace sokoban
