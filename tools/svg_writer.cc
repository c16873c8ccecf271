// The SVG pictures. Each view is a handful of shapes in <defs> (a tile, a
// block, a box, the player) placed with <use>; walls and floor are one path
// each in the top view, so a level costs a few hundred bytes per object.
#include "tools/svg_writer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>

#include "absl/strings/str_cat.h"
#include "common/moves.h"
#include "common/rules.h"

namespace sokoban::tools {
namespace {

constexpr int kTile = 32;       // a square's width in pixels, both views
constexpr int kIsoHalfW = 16;   // half a diamond's width
constexpr int kIsoHalfH = 8;    // half a diamond's height (2:1 tiles)
constexpr int kIsoTop = 20;     // room above row 0 for the blocks' height
constexpr int kLeadSteps = 2;   // still time before the first step, in steps
constexpr int kHoldSteps = 10;  // still time on the last position, in steps
constexpr double kStepSeconds = 0.15;

void AppendEscaped(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 has no control characters but tab and line breaks.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') {
          out += ' ';
        } else {
          out += c;
        }
    }
  }
}

// Squares drawn as floor: those the player can reach with the boxes taken
// away, and every goal or box (a box on a goal walled off from the player
// is decoration, still part of the picture). Everything else that is not a
// wall is outside and left blank.
std::vector<uint8_t> ShownFloor(const Level& level) {
  std::vector<uint8_t> shown = ReachableFloor(level);
  for (size_t i = 0; i < shown.size(); ++i) {
    const char c = level.squares[i];
    if (IsGoalChar(c) || IsBoxChar(c)) shown[i] = 1;
  }
  return shown;
}

std::string Fraction(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.7g", value);
  return buffer;
}

// The clock of an animation, in steps: kLeadSteps of stillness, one unit per
// move, then kHoldSteps on the last position.
struct Clock {
  size_t steps;
  double total() const { return static_cast<double>(kLeadSteps + steps + kHoldSteps); }
  double StepStart(size_t i) const { return static_cast<double>(kLeadSteps + i - 1); }  // i >= 1
  double StepEnd(size_t i) const { return static_cast<double>(kLeadSteps + i); }
  std::string Duration() const { return Fraction(total() * kStepSeconds) + "s"; }
};

// Offsets of a square from another, in pixels, for each view.
struct Offset {
  int x, y;
};
Offset SquareOffset(View view, int width, int from, int to) {
  const int dx = to % width - from % width, dy = to / width - from / width;
  if (view == View::kTop) return {dx * kTile, dy * kTile};
  return {(dx - dy) * kIsoHalfW, (dx + dy) * kIsoHalfH};
}

// <animateTransform> moving an object along squares (start and after each
// step), sliding during each step it moves and resting otherwise.
std::string MotionAnimation(View view, int width, const std::vector<int>& squares,
                            const Clock& clock) {
  std::vector<std::pair<double, int>> keys = {{0.0, squares[0]}};
  for (size_t i = 1; i < squares.size(); ++i) {
    if (squares[i] == squares[i - 1]) continue;
    if (keys.back().first < clock.StepStart(i))
      keys.push_back({clock.StepStart(i), squares[i - 1]});
    keys.push_back({clock.StepEnd(i), squares[i]});
  }
  if (keys.size() == 1) return "";
  keys.push_back({clock.total(), squares.back()});
  std::string times, values;
  for (size_t k = 0; k < keys.size(); ++k) {
    const Offset o = SquareOffset(view, width, squares[0], keys[k].second);
    absl::StrAppend(&times, k ? ";" : "", Fraction(keys[k].first / clock.total()));
    absl::StrAppend(&values, k ? ";" : "", o.x, ",", o.y);
  }
  return absl::StrCat("<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"",
                      clock.Duration(),
                      "\" repeatCount=\"indefinite\" calcMode=\"linear\" values=\"", values,
                      "\" keyTimes=\"", times, "\"/>");
}

// Whether something is shown at the start, during each step and after it.
struct Shown {
  bool start;
  std::vector<bool> during, after;  // index i - 1 for step i
};

// A discrete <animate> of visibility following shown; empty when it never
// changes. The element's own visibility attribute must match shown.start.
std::string VisibilityAnimation(const Shown& shown, const Clock& clock) {
  std::vector<std::pair<double, bool>> keys = {{0.0, shown.start}};
  auto change = [&](double t, bool v) {
    if (keys.back().second == v) return;
    if (keys.back().first == t) {
      keys.back().second = v;
    } else {
      keys.push_back({t, v});
    }
  };
  for (size_t i = 1; i <= shown.during.size(); ++i) {
    change(clock.StepStart(i), shown.during[i - 1]);
    change(clock.StepEnd(i), shown.after[i - 1]);
  }
  if (keys.size() == 1) return "";
  std::string times, values;
  for (size_t k = 0; k < keys.size(); ++k) {
    absl::StrAppend(&times, k ? ";" : "", Fraction(keys[k].first / clock.total()));
    absl::StrAppend(&values, k ? ";" : "", keys[k].second ? "visible" : "hidden");
  }
  return absl::StrCat("<animate attributeName=\"visibility\" dur=\"", clock.Duration(),
                      "\" repeatCount=\"indefinite\" calcMode=\"discrete\" values=\"", values,
                      "\" keyTimes=\"", times, "\"/>");
}

// Shown while the object stands on a goal (its look changes when it arrives).
Shown OnGoal(const Game& game, const std::vector<int>& squares) {
  Shown s{game.IsGoal(squares[0]), {}, {}};
  for (size_t i = 1; i < squares.size(); ++i) {
    s.during.push_back(game.IsGoal(squares[i - 1]));
    s.after.push_back(game.IsGoal(squares[i]));
  }
  return s;
}

// Shown while the object is drawn in diagonal row depth (x + y): during a
// step, the nearer of the two rows it is between.
Shown InRow(int width, const std::vector<int>& squares, int depth) {
  auto row = [width](int sq) { return sq % width + sq / width; };
  Shown s{row(squares[0]) == depth, {}, {}};
  for (size_t i = 1; i < squares.size(); ++i) {
    s.during.push_back(std::max(row(squares[i - 1]), row(squares[i])) == depth);
    s.after.push_back(row(squares[i]) == depth);
  }
  return s;
}

const char kTopDefs[] =
    "<defs>"
    "<g id=\"goal-mark\"><circle cx=\"16\" cy=\"16\" r=\"8\" fill=\"#e0457b\"/>"
    "<circle cx=\"16\" cy=\"16\" r=\"4\" fill=\"#f9d3e1\"/></g>"
    "<g id=\"box\"><rect x=\"3\" y=\"3\" width=\"26\" height=\"26\" rx=\"4\" fill=\"#e39a3b\" "
    "stroke=\"#8a5518\" stroke-width=\"2\"/><path d=\"M8 8L24 24M24 8L8 24\" stroke=\"#8a5518\" "
    "stroke-width=\"2\"/></g>"
    "<g id=\"box-goal\"><rect x=\"3\" y=\"3\" width=\"26\" height=\"26\" rx=\"4\" fill=\"#47b565\" "
    "stroke=\"#1e6a34\" stroke-width=\"2\"/><path d=\"M8 8L24 24M24 8L8 24\" stroke=\"#1e6a34\" "
    "stroke-width=\"2\"/><circle cx=\"16\" cy=\"16\" r=\"4\" fill=\"#e0457b\"/></g>"
    "<g id=\"player-goal\"><circle cx=\"16\" cy=\"16\" r=\"14\" fill=\"none\" stroke=\"#e0457b\" "
    "stroke-width=\"3\"/></g>"
    "<g id=\"player\"><circle cx=\"16\" cy=\"16\" r=\"10\" fill=\"#2f6fe0\" stroke=\"#163a80\" "
    "stroke-width=\"2\"/><circle cx=\"12.5\" cy=\"14\" r=\"2\" fill=\"#fff\"/>"
    "<circle cx=\"19.5\" cy=\"14\" r=\"2\" fill=\"#fff\"/></g>"
    "</defs>";

const char kIsoDefs[] =
    "<defs>"
    "<g id=\"goal-mark\"><ellipse cx=\"0\" cy=\"8\" rx=\"8\" ry=\"4\" fill=\"#e0457b\"/>"
    "<ellipse cx=\"0\" cy=\"8\" rx=\"4\" ry=\"2\" fill=\"#f9d3e1\"/></g>"
    "<g id=\"wall\"><path d=\"M-16 8V-4L0 4V16Z\" fill=\"#6f6257\"/>"
    "<path d=\"M16 8V-4L0 4V16Z\" fill=\"#54493f\"/>"
    "<path d=\"M0 -12L16 -4L0 4L-16 -4Z\" fill=\"#a39384\"/></g>"
    "<g id=\"box\"><path d=\"M-12 8V-2L0 4V14Z\" fill=\"#d38a2e\"/>"
    "<path d=\"M12 8V-2L0 4V14Z\" fill=\"#a8661a\"/>"
    "<path d=\"M0 -8L12 -2L0 4L-12 -2Z\" fill=\"#f3b45c\"/>"
    "<path d=\"M-6 -5L6 1M6 -5L-6 1\" stroke=\"#a8661a\" stroke-width=\"1.5\"/></g>"
    "<g id=\"box-goal\"><path d=\"M-12 8V-2L0 4V14Z\" fill=\"#3fa65a\"/>"
    "<path d=\"M12 8V-2L0 4V14Z\" fill=\"#2a7a40\"/>"
    "<path d=\"M0 -8L12 -2L0 4L-12 -2Z\" fill=\"#74d490\"/>"
    "<ellipse cx=\"0\" cy=\"-2\" rx=\"4\" ry=\"2\" fill=\"#e0457b\"/></g>"
    "<g id=\"player-goal\"><ellipse cx=\"0\" cy=\"8\" rx=\"11\" ry=\"5.5\" fill=\"none\" "
    "stroke=\"#e0457b\" stroke-width=\"2.5\"/></g>"
    "<g id=\"player\"><ellipse cx=\"0\" cy=\"9\" rx=\"7\" ry=\"3.5\" fill=\"#000\" "
    "fill-opacity=\"0.25\"/><rect x=\"-5.5\" y=\"-6\" width=\"11\" height=\"15\" rx=\"5\" "
    "fill=\"#2f6fe0\" stroke=\"#163a80\"/><circle cx=\"0\" cy=\"-11\" r=\"6\" fill=\"#f1c9a0\" "
    "stroke=\"#8a6a4a\"/></g>"
    "</defs>";

class SvgBuilder {
 public:
  SvgBuilder(const Level& level, View view, const Track* track)
      : level_(level),
        view_(view),
        track_(track),
        game_(level),
        clock_{track ? track->moves.size() : 0} {}

  std::string Build() {
    const int w = level_.width, h = level_.height;
    const int pw = view_ == View::kTop ? w * kTile : (w + h) * kIsoHalfW;
    const int ph = view_ == View::kTop ? h * kTile : (w + h) * kIsoHalfH + kIsoTop;
    out_.reserve(4096 + level_.squares.size() * 64);
    absl::StrAppend(&out_, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", pw, "\" height=\"",
                    ph, "\" viewBox=\"0 0 ", pw, " ", ph, "\" class=\"sokoban-board ",
                    ViewName(view_), "\" data-width=\"", w, "\" data-height=\"", h,
                    "\" data-tile=\"", kTile, "\"");
    if (track_) absl::StrAppend(&out_, " data-moves=\"", track_->moves.size(), "\"");
    out_ += "><title>";
    AppendEscaped(out_, level_.title.empty() ? std::string("Sokoban level") : level_.title);
    out_ += "</title>";
    out_ += view_ == View::kTop ? kTopDefs : kIsoDefs;
    const std::vector<uint8_t> floor = ShownFloor(level_);
    if (view_ == View::kTop) {
      Top(floor);
    } else {
      Iso(floor);
    }
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  int Sq(int x, int y) const { return y * level_.width + x; }

  // Top-left corner (top view) or top corner of the diamond (iso) of a square.
  Offset Corner(int sq) const {
    const int x = sq % level_.width, y = sq / level_.width;
    if (view_ == View::kTop) return {x * kTile, y * kTile};
    return {(x - y + level_.height) * kIsoHalfW, (x + y) * kIsoHalfH + kIsoTop};
  }

  void Top(const std::vector<uint8_t>& floor) {
    std::string floor_path, wall_path, wall_light;
    for (int sq = 0; sq < static_cast<int>(floor.size()); ++sq) {
      const Offset c = Corner(sq);
      if (level_.squares[sq] == '#') {
        absl::StrAppend(&wall_path, "M", c.x, " ", c.y, "h32v32h-32z");
        absl::StrAppend(&wall_light, "M", c.x + 3, " ", c.y + 3, "h26v5h-26z");
      } else if (floor[sq]) {
        absl::StrAppend(&floor_path, "M", c.x, " ", c.y, "h32v32h-32z");
      }
    }
    absl::StrAppend(&out_, "<path class=\"floor\" d=\"", floor_path,
                    "\" fill=\"#efe6d2\" stroke=\"#d9ccb0\" stroke-width=\"1\"/>");
    absl::StrAppend(&out_, "<path class=\"wall\" d=\"", wall_path,
                    "\" fill=\"#6f6257\" stroke=\"#4d433b\" stroke-width=\"1\"/>");
    absl::StrAppend(&out_, "<path d=\"", wall_light, "\" fill=\"#8d7f72\"/>");
    for (int sq = 0; sq < static_cast<int>(floor.size()); ++sq) {
      if (IsGoalChar(level_.squares[sq])) Goal(sq);
    }
    for (int id = 0; id < game_.box_count(); ++id) Box(id, -1, true);
    Player(-1, true);
  }

  void Iso(const std::vector<uint8_t>& floor) {
    // 1. The floor and the goal marks: flat, under everything.
    std::string floor_path;
    for (int sq = 0; sq < static_cast<int>(floor.size()); ++sq) {
      if (!floor[sq] || level_.squares[sq] == '#') continue;
      const Offset c = Corner(sq);
      absl::StrAppend(&floor_path, "M", c.x, " ", c.y, "l16 8l-16 8l-16 -8z");
    }
    absl::StrAppend(&out_, "<path class=\"floor\" d=\"", floor_path,
                    "\" fill=\"#efe6d2\" stroke=\"#d9ccb0\" stroke-width=\"1\"/>");
    for (int sq = 0; sq < static_cast<int>(floor.size()); ++sq) {
      if (IsGoalChar(level_.squares[sq])) Goal(sq);
    }
    // 2. Blocks and figures by diagonal row x + y, back to front; within a
    // row nothing overlaps. A moving object has a copy in each row it visits.
    std::vector<std::set<int>> box_rows(game_.box_count());
    std::set<int> player_rows;
    const int w = level_.width;
    auto rows_of = [w](const std::vector<int>& squares, std::set<int>& rows) {
      for (int sq : squares) rows.insert(sq % w + sq / w);
    };
    if (track_) {
      for (int id = 0; id < game_.box_count(); ++id) rows_of(track_->boxes[id], box_rows[id]);
      rows_of(track_->player, player_rows);
    }
    for (int depth = 0; depth <= level_.width + level_.height - 2; ++depth) {
      for (int x = std::max(0, depth - level_.height + 1); x <= std::min(depth, w - 1); ++x) {
        const int sq = Sq(x, depth - x);
        if (level_.squares[sq] != '#') continue;
        const Offset c = Corner(sq);
        absl::StrAppend(&out_, "<use href=\"#wall\" x=\"", c.x, "\" y=\"", c.y, "\"/>");
      }
      for (int id = 0; id < game_.box_count(); ++id) {
        if (track_ ? box_rows[id].count(depth) > 0 : StartRow(BoxStart(id)) == depth) {
          Box(id, depth, track_ ? StartRow(track_->boxes[id][0]) == depth : true);
        }
      }
      if (track_ ? player_rows.count(depth) > 0 : StartRow(game_.player()) == depth) {
        Player(depth, track_ ? StartRow(track_->player[0]) == depth : true);
      }
    }
  }

  int StartRow(int sq) const { return sq % level_.width + sq / level_.width; }

  int BoxStart(int id) const {
    for (int sq = 0; sq < static_cast<int>(level_.squares.size()); ++sq) {
      if (game_.BoxId(sq) == id) return sq;
    }
    return -1;
  }

  void Goal(int sq) {
    const Offset c = Corner(sq);
    absl::StrAppend(&out_, "<use class=\"goal\" href=\"#goal-mark\" data-x=\"", sq % level_.width,
                    "\" data-y=\"", sq / level_.width, "\" x=\"", c.x, "\" y=\"", c.y, "\"/>");
  }

  // One moving object (a box or the player) as a group at its start square:
  // the main element (class main_class) or, in the iso view, the copy for
  // one diagonal row (class layer_class), hidden while it is elsewhere.
  void Object(const char* main_class, const char* layer_class, const char* id_attr,
              const std::vector<int>& squares, const char* look, const char* goal_look,
              bool goal_over, int depth, bool main) {
    const int start = squares[0];
    const bool on_goal = game_.IsGoal(start);
    const Offset c = Corner(start);
    absl::StrAppend(&out_, "<g class=\"", main ? main_class : layer_class,
                    main && on_goal ? " on-goal" : "", "\"", id_attr, " data-x=\"",
                    start % level_.width, "\" data-y=\"", start / level_.width,
                    "\" transform=\"translate(", c.x, ",", c.y, ")\"");
    if (depth >= 0) absl::StrAppend(&out_, " data-row=\"", depth, "\"");
    std::string row_animation;
    if (depth >= 0 && track_) {
      const Shown shown = InRow(level_.width, squares, depth);
      if (!shown.start) out_ += " visibility=\"hidden\"";
      row_animation = VisibilityAnimation(shown, clock_);
    }
    out_ += "><g>";
    out_ += row_animation;
    if (track_) out_ += MotionAnimation(view_, level_.width, squares, clock_);
    const std::string goal_animation =
        track_ ? VisibilityAnimation(OnGoal(game_, squares), clock_) : "";
    // The goal look (a green box, a ring under the player) is drawn when the
    // object stands on a goal; while moving, it is shown and hidden in time.
    const bool goal_shown = on_goal || !goal_animation.empty();
    auto goal_use = [&] {
      if (!goal_shown) return;
      absl::StrAppend(&out_, "<use href=\"#", goal_look, "\"",
                      on_goal ? "" : " visibility=\"hidden\"",
                      goal_animation.empty() ? "/>" : absl::StrCat(">", goal_animation, "</use>"));
    };
    if (!goal_over) goal_use();
    if (!(goal_over && on_goal && goal_animation.empty())) {
      absl::StrAppend(&out_, "<use href=\"#", look, "\"/>");
    }
    if (goal_over) goal_use();
    out_ += "</g></g>";
  }

  void Box(int id, int depth, bool main) {
    const std::vector<int> still = {BoxStart(id)};
    const std::string id_attr = absl::StrCat(" data-id=\"", id, "\"");
    Object("box", "box-layer", id_attr.c_str(), track_ ? track_->boxes[id] : still, "box",
           "box-goal", /*goal_over=*/true, depth, main);
  }

  void Player(int depth, bool main) {
    const std::vector<int> still = {game_.player()};
    Object("player", "player-layer", "", track_ ? track_->player : still, "player", "player-goal",
           /*goal_over=*/false, depth, main);
  }

  const Level& level_;
  View view_;
  const Track* track_;
  Game game_;
  Clock clock_;
  std::string out_;
};

}  // namespace

absl::StatusOr<View> ParseView(std::string_view name) {
  for (View v : kAllViews) {
    if (name == ViewName(v)) return v;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown view '", std::string(name), "': say top or iso"));
}

const char* ViewName(View view) { return view == View::kTop ? "top" : "iso"; }

absl::StatusOr<Track> TrackMoves(const Level& level, std::string_view moves) {
  const ReplayResult replay = Replay(level, moves);
  if (!replay.valid) return absl::InvalidArgumentError(replay.error);
  Game game(level);
  Track track;
  track.moves = replay.normalized;
  std::vector<int> where(game.box_count());
  for (int sq = 0; sq < game.width() * game.height(); ++sq) {
    if (game.BoxId(sq) >= 0) where[game.BoxId(sq)] = sq;
  }
  track.player.reserve(track.moves.size() + 1);
  track.boxes.resize(game.box_count());
  for (auto& b : track.boxes) b.reserve(track.moves.size() + 1);
  auto record = [&] {
    track.player.push_back(game.player());
    for (int id = 0; id < game.box_count(); ++id) track.boxes[id].push_back(where[id]);
  };
  record();
  for (char c : track.moves) {
    const Dir d = static_cast<Dir>(std::strchr(kDirLetters, c | 0x20) - kDirLetters);
    if (game.Step(d) == StepResult::kPushed) {
      // The pushed box now stands one square beyond the player.
      const int beyond =
          game.player() + kDx[static_cast<int>(d)] + kDy[static_cast<int>(d)] * game.width();
      where[game.BoxId(beyond)] = beyond;
    }
    record();
  }
  track.solved = game.Solved();
  return track;
}

std::string WriteSvg(const Level& level, View view, const Track* track) {
  return SvgBuilder(level, view, track).Build();
}

}  // namespace sokoban::tools
