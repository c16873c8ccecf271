// Board layouts for generated levels: which squares are wall and which are
// floor, before any goal, box or player is placed.
//
// Five styles, each in its own file: `room` (a walled room with a few inner
// walls), `maze` (recursive backtracking, braided), `cave` (cellular
// automata), `rooms` (rectangular rooms joined by corridors) and `templates`
// (3x3 pieces in the style of Taylor & Parberry 2011). Every layout that
// MakeLayout returns is
//   closed     the outer ring of the grid is wall;
//   connected  all floor squares form one 4-connected area;
//   compact    no dead end (a floor square with three or four wall
//              neighbours: no box can ever use it and it only pads the
//              board), and no open area larger than the --max-open limit.
//
//   Rng rng(seed);
//   LayoutSpec spec{.width = 10, .height = 10};
//   std::optional<Layout> l = MakeLayout(LayoutStyle::kRoom, spec, rng);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "generator/rng.h"

namespace sokoban::generator {

enum class LayoutStyle : uint8_t { kRoom, kMaze, kCave, kRooms, kTemplates };
inline constexpr LayoutStyle kAllLayoutStyles[] = {LayoutStyle::kRoom, LayoutStyle::kMaze,
                                                   LayoutStyle::kCave, LayoutStyle::kRooms,
                                                   LayoutStyle::kTemplates};

// "room", "maze", "cave", "rooms", "templates".
std::string_view LayoutStyleName(LayoutStyle s);
absl::StatusOr<LayoutStyle> ParseLayoutStyle(std::string_view name);

// The largest all-floor rectangle a layout may hold, in either orientation:
// with 3x4, open rectangles of 3x4 and 4x3 are allowed, 4x4, 2x5 and 5x2
// are not. One-wide corridors are not open areas, whatever their length.
struct OpenLimit {
  int width = 3;
  int height = 4;
};
// Parses "WxH" (both at least 2).
absl::StatusOr<OpenLimit> ParseOpenLimit(std::string_view text);

struct LayoutSpec {
  int width = 10;  // grid size including the outer wall ring
  int height = 10;
  OpenLimit max_open;
};

// Row-major wall flags; everything that is not wall is floor.
struct Layout {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> wall;

  static Layout Filled(int width, int height);  // all wall
  bool IsWall(int x, int y) const { return wall[static_cast<size_t>(y) * width + x] != 0; }
  bool IsFloor(int x, int y) const { return !IsWall(x, y); }
  void Set(int x, int y, bool is_wall) { wall[static_cast<size_t>(y) * width + x] = is_wall; }
  int FloorCount() const;
  // Walls as '#', floor as ' ', one string per row (for tests and messages).
  std::vector<std::string> Rows() const;
};

// Produces one layout of the style, or nullopt when this draw could not be
// made valid (too little floor left after repairs); the caller draws again.
std::optional<Layout> MakeLayout(LayoutStyle style, const LayoutSpec& spec, Rng& rng);

// The style generators alone (layout_<style>.cc). They return raw floor
// plans that need not be connected or compact yet; MakeLayout finishes them.
Layout DrawRoomLayout(const LayoutSpec& spec, Rng& rng);
Layout DrawMazeLayout(const LayoutSpec& spec, Rng& rng);
Layout DrawCaveLayout(const LayoutSpec& spec, Rng& rng);
Layout DrawRoomsLayout(const LayoutSpec& spec, Rng& rng);
Layout DrawTemplatesLayout(const LayoutSpec& spec, Rng& rng);

// --- Checks and repairs shared by every style (layout.cc) ---

// The outer ring is all wall.
bool IsClosed(const Layout& layout);
// All floor squares form one 4-connected area (false when there is none).
bool IsConnected(const Layout& layout);
// A floor square with at least three wall neighbours, if any: {x, y}.
std::optional<std::pair<int, int>> FindDeadEnd(const Layout& layout);

struct Rect {
  int x = 0, y = 0, width = 0, height = 0;
};
// An all-floor rectangle larger than the limit in both orientations, if any
// (the first one in row-major order of its top-left corner).
std::optional<Rect> FindOversizedOpenArea(const Layout& layout, OpenLimit limit);

// Makes the outer ring wall.
void CloseBorder(Layout& layout);
// Turns every floor square outside the largest 4-connected floor area into
// wall (ties: the area holding the first square in row-major order).
void KeepLargestArea(Layout& layout);
// Turns dead ends into wall, again and again, until none is left.
void PruneDeadEnds(Layout& layout);
// Breaks every oversized open area by walling one square of it, chosen at
// random among those whose removal keeps the floor connected. Returns false
// when some area cannot be broken that way.
bool RepairOpenAreas(Layout& layout, OpenLimit limit, Rng& rng);

}  // namespace sokoban::generator
