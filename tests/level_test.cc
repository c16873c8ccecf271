#include "common/level.h"

#include <gtest/gtest.h>

#include "common/moves.h"
#include "common/rle.h"
#include "common/rules.h"

namespace sokoban {
namespace {

// Microban 1.
Level Microban1() {
  return Level::FromRows({"####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####"}, "1");
}

TEST(ValidateLevel, AcceptsMicroban1) { EXPECT_TRUE(ValidateLevel(Microban1()).ok()); }

TEST(ValidateLevel, RejectsEachBrokenRule) {
  auto reason = [](std::vector<std::string> rows) {
    return std::string(ValidateLevel(Level::FromRows(rows)).message());
  };
  EXPECT_EQ(reason({"#####", "#$. #", "#####"}), "no player");
  EXPECT_EQ(reason({"#####", "#@@$.#", "######"}).find("2 players"), 0u);
  EXPECT_EQ(reason({"####", "#@.#", "####"}), "no boxes");
  EXPECT_EQ(reason({"#####", "#@$$.#", "######"}), "2 boxes but 1 goals");
  EXPECT_NE(reason({"#####", "#@$.", "#####"}).find("open boundary"), std::string::npos);
  EXPECT_NE(reason({"#####", "#@$.#", "#####", "#$ .#", "#####"}).find("not on a goal"),
            std::string::npos);
}

TEST(ValidateLevel, AllowsDecorativeBoxOnGoalOutsideTheFloor) {
  EXPECT_TRUE(ValidateLevel(Level::FromRows({"#####", "#@$.#", "#####", "#*  #", "#####"})).ok());
}

TEST(Rules, WallsStopTheBoxAndThePlayer) {
  Game g(Level::FromRows({"#####", "#@$ #", "#####"}));
  EXPECT_EQ(g.Step(Dir::kUp), StepResult::kBlockedWall);
  EXPECT_EQ(g.Step(Dir::kLeft), StepResult::kBlockedWall);
  EXPECT_EQ(g.Step(Dir::kRight), StepResult::kPushed);
  EXPECT_EQ(g.Step(Dir::kRight), StepResult::kBlockedBox);
}

TEST(Rules, TwoBoxesNeverMoveTogether) {
  Game g(Level::FromRows({"######", "#@$$ #", "######"}));
  EXPECT_EQ(g.Step(Dir::kRight), StepResult::kBlockedBox);
  EXPECT_EQ(g.player(), 7);
}

TEST(Rules, SolvedWhenEveryBoxIsOnAGoal) {
  Game g(Level::FromRows({"#####", "#@$.#", "#####"}));
  EXPECT_FALSE(g.Solved());
  EXPECT_EQ(g.Step(Dir::kRight), StepResult::kPushed);
  EXPECT_TRUE(g.Solved());
  EXPECT_EQ(g.ToLevel().Rows()[1], "# @*#");
}

TEST(Rle, ExpandsCountsAndNestedGroups) {
  EXPECT_EQ(*ExpandRle("3#4-p.#"), "###----p.#");
  EXPECT_EQ(*ExpandRle("2(3(#-)#)"), "#-#-#-##-#-#-#");
  EXPECT_EQ(*ExpandRle("3r4U"), "rrrUUUU");
  EXPECT_FALSE(ExpandRle("3").ok());
  EXPECT_FALSE(ExpandRle("2(ab").ok());
  EXPECT_FALSE(ExpandRle("ab)").ok());
  EXPECT_FALSE(ExpandRle("999999999#").ok());
  EXPECT_FALSE(ExpandRle("0#").ok());
}

TEST(Moves, ParsesRleAndWhiteSpace) {
  EXPECT_EQ(*ParseMoves("3r 2(uL)\nD"), "rrruLuLD");
  EXPECT_FALSE(ParseMoves("rrx").ok());
}

// A hand-written solution of Microban 1.
TEST(Moves, MetricsOfAKnownMicrobanSolution) {
  const Level level = Microban1();
  const ReplayResult r = Replay(level, *ParseMoves("dlUrrrdLullddrUluRuulDrddrruLdlUU"));
  ASSERT_TRUE(r.valid) << r.error;
  EXPECT_TRUE(r.solved);
}

TEST(Moves, MetricsCountLinesChangesAndSessions) {
  // Two boxes in a row: push A right twice, walk round, push B, push A again.
  const Level level = Level::FromRows({"#######", "#@$  .#", "#  $ .#", "#######"});
  const ReplayResult r = Replay(level, *ParseMoves("RRlldrRRluR"));
  ASSERT_TRUE(r.valid) << r.error;
  EXPECT_EQ(r.metrics.moves, 11);
  EXPECT_EQ(r.metrics.pushes, 5);
  // Pushes: A R, A R, B R, B R, A R -> lines A, B, A = 3; changes 3.
  EXPECT_EQ(r.metrics.box_lines, 3);
  EXPECT_EQ(r.metrics.box_changes, 3);
  // Sessions: RR | RR | R = 3.
  EXPECT_EQ(r.metrics.pushing_sessions, 3);
  // Player lines: RR ll d rRR l u R -> R, l, d, r, l, u, R = 7.
  EXPECT_EQ(r.metrics.player_lines, 7);
  EXPECT_TRUE(r.solved);
}

TEST(Moves, ReportsTheFailingStep) {
  const Level level = Level::FromRows({"#####", "#@$.#", "#####"});
  ReplayResult r = Replay(level, "U");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.failed_step, 1u);
  r = Replay(level, "Rr");
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.failed_step, 2u);
  r = Replay(level, "r");  // all lowercase: works out the push
  EXPECT_TRUE(r.valid);
  EXPECT_TRUE(r.solved);
  EXPECT_EQ(r.normalized, "R");
}

}  // namespace
}  // namespace sokoban
