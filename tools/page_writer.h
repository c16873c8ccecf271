// The self-contained HTML page for a set of levels: an index with a drawing
// of each, and a view to play, replay and export each level. The page needs
// no network, no file beside it and no server; it opens from file://.
//
//   std::vector<PageLevel> levels = ...;       // valid levels only
//   std::string html = WritePage("Microban", levels);
//
// The page is tools/web/page.html with tools/web/page.css and
// tools/web/page.js put in place (embedded in the executable at build time)
// and the levels as one JSON object in a <script type="application/json"
// id="sokoban-data"> element. The script draws every level from its rows of
// XSB text, so the page grows by about the size of the level text: no
// picture is embedded.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/level.h"

namespace sokoban::tools {

struct PageLevel {
  std::string source;  // the file it came from, as given
  std::string collection_name;
  int index = 0;       // 1-based position in that file
  const Level* level;  // must pass ValidateLevel; its solutions are not used
  // Solutions to offer for replay, each already replayed by the rules engine
  // and found legal (stored ones, then the one from the solve results).
  std::vector<Solution> solutions;
  // The level's line of `sokoban solve --json` output, when given.
  std::optional<nlohmann::json> result;
  // For a level the solver left unsolved, the furthest position its push
  // searches reached (SolveResult::BestProgress), drawn in the level's
  // details: XSB rows of the level's size, with its walls, goals and boxes.
  struct Furthest {
    std::vector<std::string> rows;
    int on_goals = 0;
    std::string member;  // the search that reached it
    uint64_t at = 0;     // at its expansion
  };
  std::optional<Furthest> furthest;
};

// The figures a level's notes carry as "Key: number" lines (the metrics
// `sokoban generate` writes: "Pushes: 31", "Box changes: 9", "Solver states:
// 2045", ...), in note order.
std::vector<std::pair<std::string, long long>> NoteMetrics(const Level& level);

// The whole page. title names it (the collections, by default); view is
// the view a level opens in ("top" or "iso") until the reader switches it
// (the browser keeps the reader's choice).
std::string WritePage(std::string_view title, const std::vector<PageLevel>& levels,
                      std::string_view view = "top");

}  // namespace sokoban::tools
