// Tests of the search's composition: MakeSearchConfig registers each
// technique when its `--prune` flag, the mode and the direction call for
// it, and only then; and a part added to a configuration is run by the
// search.
#include "solver/search/search_config.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "common/moves.h"
#include "solver/core/board.h"
#include "solver/eval/eval_matching.h"
#include "solver/eval/eval_pairs.h"
#include "solver/eval/eval_penalty.h"
#include "solver/macro/macro_goal_room.h"
#include "solver/macro/macro_room_paths.h"
#include "solver/macro/macro_tunnel.h"
#include "solver/order/order_best_first.h"
#include "solver/order/order_features.h"
#include "solver/pruning/prune_corrals.h"
#include "solver/pruning/prune_dead_pairs.h"
#include "solver/pruning/prune_dead_squares.h"
#include "solver/pruning/prune_freeze.h"
#include "solver/pruning/prune_frozen_goals.h"
#include "solver/pruning/prune_learned.h"
#include "solver/rooms/goal_room.h"
#include "solver/search/search.h"
#include "solver/solver.h"
#include "tests/solver_test_util.h"

namespace sokoban {
namespace {

// The parts of a configuration by kind, as short names in order.
struct Parts {
  std::string evaluator, open;
  std::vector<std::string> expansion, child, macros;
};

template <typename T, typename Base>
bool Is(const Base* p) {
  return dynamic_cast<const T*>(p) != nullptr;
}

Parts Describe(const SearchConfig& c) {
  Parts p;
  p.evaluator = Is<PairConflicts>(c.evaluator.get())   ? "pairs"
                : Is<MatchingBound>(c.evaluator.get()) ? "matching"
                : Is<PenaltyBound>(c.evaluator.get())  ? "penalty"
                                                       : "?";
  p.open = Is<FeatureOrder>(c.open.get())     ? "features"
           : Is<BestFirstOrder>(c.open.get()) ? "best-first"
                                              : "?";
  for (const auto& e : c.expansion_prunings) {
    p.expansion.push_back(Is<PiCorralPruning>(e.get())         ? "corral"
                          : Is<CorralDeadlockPruning>(e.get()) ? "corraldead"
                                                               : "?");
  }
  for (const auto& e : c.child_prunings) {
    p.child.push_back(Is<DeadSquarePruning>(e.get())   ? "dead"
                      : Is<FreezePruning>(e.get())     ? "freeze"
                      : Is<FrozenGoalPruning>(e.get()) ? "bipartite"
                      : Is<LearnedPruning>(e.get())    ? "learned"
                      : Is<DeadPairPruning>(e.get())   ? "deadpairs"
                                                       : "?");
  }
  for (const auto& e : c.macros) {
    p.macros.push_back(Is<RoomPaths>(e.get())       ? "roompath"
                       : Is<TunnelMacro>(e.get())   ? "tunnel"
                       : Is<GoalRoomMacro>(e.get()) ? "goalroom"
                                                    : "?");
  }
  return p;
}

using Names = std::vector<std::string>;

// A Microban level with a goal room (so that the room macros apply).
const Level& LevelWithRooms() {
  for (int number = 1;; ++number) {
    const Level& level = MicrobanLevel(number);
    const Board board = *Board::Build(level);
    if (GoalRooms(board).room_count() > 0) return level;
  }
}

Parts Build(const Board& board, SolveMode mode, PruneSet prune, const SearchSpec& spec) {
  SolveOptions options;
  options.mode = mode;
  options.prune = prune;
  LevelTables tables(board, options);
  return Describe(MakeSearchConfig(board, options, spec, tables));
}

const SearchSpec kFeatureSpec{Direction::kPush, SearchSpec::Order::kFeatures, 1, true};

TEST(SearchConfig, FastFeatureSearchHasEveryDefaultTechnique) {
  const Board board = *Board::Build(LevelWithRooms());
  const Parts p = Build(board, SolveMode::kFast, kPruneDefault, kFeatureSpec);
  EXPECT_EQ(p.evaluator, "matching");
  EXPECT_EQ(p.open, "features");
  EXPECT_EQ(p.expansion, (Names{"corral", "corraldead"}));
  EXPECT_EQ(p.child, (Names{"dead", "freeze", "bipartite", "learned", "deadpairs"}));
  EXPECT_EQ(p.macros, (Names{"roompath", "tunnel", "goalroom"}));
}

TEST(SearchConfig, EachFlagRemovesItsPartOnly) {
  const Board board = *Board::Build(LevelWithRooms());
  // Without `learned`, which goes with `corraldead` (below).
  const PruneSet base = kPruneDefault & ~kPruneLearned;
  const Parts all = Build(board, SolveMode::kFast, base, kFeatureSpec);
  const struct {
    PruneSet flag;
    std::string name;
  } flags[] = {{kPruneDeadSquares, "dead"},           {kPruneFreeze, "freeze"},
               {kPruneBipartite, "bipartite"},        {kPruneCorral, "corral"},
               {kPruneCorralDeadlocks, "corraldead"}, {kPruneTunnels, "tunnel"},
               {kPruneRoomPaths, "roompath"},         {kPruneDeadPairs, "deadpairs"}};
  for (const auto& [flag, name] : flags) {
    const Parts p = Build(board, SolveMode::kFast, base & ~flag, kFeatureSpec);
    auto without = [&](Names names) {
      std::erase(names, name);
      return names;
    };
    EXPECT_EQ(p.expansion, without(all.expansion)) << name;
    EXPECT_EQ(p.child, without(all.child)) << name;
    EXPECT_EQ(p.macros, without(all.macros)) << name;
    EXPECT_EQ(p.open, "features") << name;
  }
  // Without goal rooms, no room macro of either kind.
  const Parts rooms = Build(board, SolveMode::kFast, base & ~kPruneGoalRooms, kFeatureSpec);
  EXPECT_EQ(rooms.macros, (Names{"tunnel"}));
}

TEST(SearchConfig, ModeAndDirectionDecideTheRest) {
  const Board board = *Board::Build(LevelWithRooms());
  // Optimal mode: A* with pair conflicts, every single push kept.
  const Parts optimal = Build(board, SolveMode::kOptimal, kPruneDefault, kFeatureSpec);
  EXPECT_EQ(optimal.evaluator, "pairs");
  EXPECT_EQ(optimal.open, "best-first");
  EXPECT_TRUE(optimal.macros.empty());
  EXPECT_EQ(optimal.child, (Names{"dead", "freeze", "bipartite"}));
  EXPECT_EQ(Build(board, SolveMode::kOptimal, kPruneDefault & ~kPrunePairs, kFeatureSpec).evaluator,
            "matching");
  // `bidir`: optimal mode's pull search has pair conflicts too (built the
  // other way), and both directions share the level's meeting.
  const SearchSpec optimal_pull{Direction::kPull, SearchSpec::Order::kBestFirst, 1, false};
  EXPECT_EQ(Build(board, SolveMode::kOptimal, kPruneDefault, optimal_pull).evaluator, "pairs");
  // The learned penalty patterns, for the members that ask.
  SearchSpec pull_penalties{.direction = Direction::kPull, .weight = 10};
  EXPECT_EQ(Build(board, SolveMode::kFast, kPruneDefault, pull_penalties).evaluator, "matching");
  pull_penalties.penalties = true;
  EXPECT_EQ(Build(board, SolveMode::kFast, kPruneDefault, pull_penalties).evaluator, "penalty");
  for (const PruneSet prune :
       {static_cast<PruneSet>(kPruneDefault), kPruneDefault & ~kPruneBidir}) {
    for (const SolveMode mode : {SolveMode::kOptimal, SolveMode::kFast}) {
      SolveOptions options;
      options.mode = mode;
      options.prune = prune;
      LevelTables tables(board, options);
      const bool meets = mode == SolveMode::kOptimal && (prune & kPruneBidir);
      EXPECT_EQ(tables.meeting() != nullptr, meets);
      for (const SearchSpec& spec : {kFeatureSpec, optimal_pull}) {
        EXPECT_EQ(MakeSearchConfig(board, options, spec, tables).meeting, tables.meeting());
      }
    }
  }
  // A pull search: dead squares only, no macros.
  const SearchSpec pull{Direction::kPull, SearchSpec::Order::kBestFirst, 10, false};
  const Parts back = Build(board, SolveMode::kFast, kPruneAll, pull);
  EXPECT_EQ(back.open, "best-first");
  EXPECT_TRUE(back.expansion.empty());
  EXPECT_EQ(back.child, (Names{"dead"}));
  EXPECT_TRUE(back.macros.empty());
  // Learned patterns: fast mode's push searches, with corral deadlocks.
  EXPECT_EQ(Build(board, SolveMode::kFast, kPruneAll, kFeatureSpec).child,
            (Names{"dead", "freeze", "bipartite", "learned", "deadpairs"}));
  EXPECT_EQ(Build(board, SolveMode::kFast, kPruneAll & ~kPruneCorralDeadlocks, kFeatureSpec).child,
            (Names{"dead", "freeze", "bipartite", "deadpairs"}));
  // A member without the shared deadlock tables (`unlearned`): corral
  // deadlocks still, but neither learned patterns nor dead pairs.
  SearchSpec unshared = kFeatureSpec;
  unshared.shared_deadlocks = false;
  const Parts alone = Build(board, SolveMode::kFast, kPruneAll, unshared);
  EXPECT_EQ(alone.expansion, (Names{"corral", "corraldead"}));
  EXPECT_EQ(alone.child, (Names{"dead", "freeze", "bipartite"}));
  EXPECT_EQ(alone.macros, (Names{"roompath", "tunnel", "goalroom"}));
}

// A technique is a class added to a configuration: a child pruning that
// drops every child sees each legal push once, and leaves the search
// (complete: no macros) proving the level unsolvable after one expansion.
class DropAll final : public ChildPruning {
 public:
  Stage stage() const override { return kWithPlayer; }
  bool Dead(Expansion& parent, const ChildView& child) override {
    EXPECT_TRUE(parent.occupied[child.to]);
    EXPECT_FALSE(parent.occupied[child.from]);
    EXPECT_EQ(child.boxes[child.box], child.to);
    ++calls;
    return true;
  }
  int calls = 0;
};

TEST(SearchConfig, AddedPartRuns) {
  const Level& level = MicrobanLevel(1);
  const Board board = *Board::Build(level);
  SolveOptions options;
  options.mode = SolveMode::kOptimal;
  LevelTables tables(board, options);
  SearchConfig config = MakeSearchConfig(board, options, SearchSpec(), tables);
  auto drop = std::make_unique<DropAll>();
  DropAll* seen = drop.get();
  config.child_prunings.push_back(std::move(drop));
  Search search(board, options, std::move(config), std::chrono::steady_clock::now());
  ASSERT_TRUE(search.Start());
  while (search.Step()) {
  }
  EXPECT_EQ(search.status(), SolveStatus::kUnsolvable);
  EXPECT_EQ(search.expanded(), 1u);
  EXPECT_GT(seen->calls, 0);
  // The same configuration without it solves the level.
  LevelTables plain_tables(board, options);
  Search plain(board, options, MakeSearchConfig(board, options, SearchSpec(), plain_tables),
               std::chrono::steady_clock::now());
  ASSERT_TRUE(plain.Start());
  while (plain.Step()) {
  }
  ASSERT_EQ(plain.status(), SolveStatus::kSolved);
  const ReplayResult r = Replay(level, PushesToLurd(board, plain.pushes()));
  EXPECT_TRUE(r.valid && r.solved);
}

}  // namespace
}  // namespace sokoban

namespace sokoban {
namespace {

TEST(ParsePruneList, NamesAddAndMinusNamesRemoveInOrder) {
  EXPECT_EQ(*ParsePruneList("default"), static_cast<PruneSet>(kPruneDefault));
  EXPECT_EQ(*ParsePruneList("none"), 0u);
  EXPECT_EQ(*ParsePruneList("dead,freeze"),
            static_cast<PruneSet>(kPruneDeadSquares | kPruneFreeze));
  EXPECT_EQ(*ParsePruneList("default,-learned"),
            static_cast<PruneSet>(kPruneDefault & ~kPruneLearned));
  EXPECT_EQ(*ParsePruneList("all,-bidir,-packorder"),
            static_cast<PruneSet>(kPruneAll & ~kPruneBidir & ~kPrunePackOrder));
  // Order matters: a name after its removal puts it back.
  EXPECT_EQ(*ParsePruneList("default,-learned,learned"), static_cast<PruneSet>(kPruneDefault));
  EXPECT_EQ(*ParsePruneList("-dead"), 0u);
  const auto bad = ParsePruneList("default,-nothing");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("'nothing'"), std::string_view::npos);
  EXPECT_NE(bad.status().message().find("bidir"), std::string_view::npos);
  EXPECT_FALSE(ParsePruneList("-").ok());
}

// --members: member names, default, none (the first alone) and -NAME; the
// first member cannot be left out; an unknown name is an error naming the
// known ones.
TEST(SearchConfig, ParsesMemberLists) {
  const std::vector<std::string_view> names = FastMemberNames();
  ASSERT_GT(names.size(), 2u);
  EXPECT_EQ(*ParseMemberList("default"), kAllMembers);
  EXPECT_EQ(*ParseMemberList("none"), MemberSet{1});
  EXPECT_EQ(*ParseMemberList("none," + std::string(names[2])), MemberSet{1} | MemberSet{1} << 2);
  EXPECT_EQ(*ParseMemberList("default,-" + std::string(names[1])), kAllMembers & ~MemberSet{2});
  EXPECT_FALSE(ParseMemberList("default,-" + std::string(names[0])).ok());
  const auto bad = ParseMemberList("default,-nothing");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("'nothing'"), std::string_view::npos);
  EXPECT_NE(std::string(bad.status().message()).find(names[1]), std::string::npos);
}

}  // namespace
}  // namespace sokoban
