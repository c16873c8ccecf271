// Helpers shared by the format tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "common/level_io.h"

namespace sokoban::testing_util {

// Reads text that must hold at least one level.
inline Collection Read(std::string_view text, Format format = Format::kAuto) {
  absl::StatusOr<Collection> c = ReadCollection(text, format, "test");
  EXPECT_TRUE(c.ok()) << c.status();
  return c.ok() ? *std::move(c) : Collection();
}

// Same title, author, notes, board and solutions (source lines may differ).
// Field by field first, so that a failure says what differs.
inline void ExpectSameLevel(const Level& a, const Level& b) {
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.author, b.author) << a.title;
  EXPECT_EQ(a.notes, b.notes) << a.title;
  EXPECT_EQ(a.Rows(), b.Rows()) << a.title;
  ASSERT_EQ(a.solutions.size(), b.solutions.size()) << a.title;
  for (size_t i = 0; i < a.solutions.size(); ++i) {
    EXPECT_EQ(a.solutions[i].title, b.solutions[i].title);
    EXPECT_EQ(a.solutions[i].moves, b.solutions[i].moves);
    EXPECT_EQ(a.solutions[i].notes, b.solutions[i].notes);
  }
  Level x = a, y = b;
  x.source_line = y.source_line = 0;
  EXPECT_TRUE(x == y) << a.title;
}

}  // namespace sokoban::testing_util
