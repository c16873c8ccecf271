#include "solver/parts/level_tables.h"

#include <memory>

#include "solver/deadlock/dead_sets.h"

namespace sokoban {

LevelTables::LevelTables(const Board& board, const SolveOptions& options)
    : LevelTables(board, options, nullptr, false) {}

LevelTables::LevelTables(const Board& board, const SolveOptions& options, LevelTables* base,
                         bool dead_sets)
    : board_(board), base_(base), pack_order_((options.prune & kPrunePackOrder) != 0) {
  const bool fast = options.mode == SolveMode::kFast;
  // Deadlock patterns learned by any push search prune all of them.
  learn_ = fast && (options.prune & kPruneLearned) && (options.prune & kPruneCorralDeadlocks);
  want_dead_sets_ = fast && dead_sets;
  if (learn_ || want_dead_sets_) {
    own_learned_ = std::make_unique<LearnedDeadlocks>(board);
    learned_ = own_learned_.get();
  }
  want_dead_pairs_ = fast && (options.prune & kPruneDeadPairs);
  // A pull A* beside the push A*, meeting it.
  if (options.mode == SolveMode::kOptimal && (options.prune & kPruneBidir)) {
    meeting_ = std::make_unique<OptimalMeeting>((options.prune & kPruneOptBound) != 0);
  }
}

void LevelTables::BuildDeadPairs() {
  if (base_ || !want_dead_pairs_ || dead_pairs_) return;
  dead_pairs_ = std::make_unique<DeadPairs>(board_);
  dead_pairs_on_ = dead_pairs_->Enabled();
}

void LevelTables::BuildDeadSets() {
  if (!want_dead_sets_ || dead_sets_built_) return;
  DeadSets(board_).Build(learned_);
  dead_sets_built_ = true;
}

LearnedDeadlocks* LevelTables::penalties(Direction direction) {
  if (base_) return base_->penalties(direction);
  std::unique_ptr<LearnedDeadlocks>& table = penalties_[direction == Direction::kPush ? 0 : 1];
  if (!table) table = std::make_unique<LearnedDeadlocks>(board_);
  return table.get();
}

size_t LevelTables::bytes() const {
  size_t bytes = 0;
  for (const auto& table : penalties_) {
    if (table) bytes += table->bytes();
  }
  if (learned_) bytes += learned_->bytes();
  if (dead_pairs_) bytes += dead_pairs_->bytes();
  return bytes;
}

const GoalRooms& LevelTables::rooms() {
  if (base_) return base_->rooms();
  if (!rooms_) {
    rooms_ = std::make_unique<GoalRooms>(board_, 2, pack_order_);
  }
  return *rooms_;
}

}  // namespace sokoban
