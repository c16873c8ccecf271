// The page is a template with four slots filled in: the title, the style,
// the script and the level data.
#include "tools/page_writer.h"

#include <charconv>

#include "absl/strings/str_replace.h"
#include "tools/web_assets.h"

namespace sokoban::tools {
namespace {

// JSON safe to put inside a <script> element: '<' can only stand inside
// JSON strings, where \u003c means the same, so "</script>" and "<!--"
// cannot end or change the element.
std::string ScriptJson(const nlohmann::json& j) {
  const std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return absl::StrReplaceAll(std::string(text), {{"<", "\\u003c"}});
}

std::string HtmlEscaped(std::string_view text) {
  return absl::StrReplaceAll(std::string(text),
                             {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}});
}

int CountBoxes(const Level& level) {
  int n = 0;
  for (char c : level.squares) n += IsBoxChar(c);
  return n;
}

}  // namespace

std::vector<std::pair<std::string, long long>> NoteMetrics(const Level& level) {
  std::vector<std::pair<std::string, long long>> metrics;
  for (const std::string& note : level.notes) {
    const size_t colon = note.find(": ");
    if (colon == std::string::npos || colon == 0) continue;
    const std::string key = note.substr(0, colon);
    bool words = true;
    for (char c : key) words &= (std::isalpha(static_cast<unsigned char>(c)) || c == ' ');
    const std::string_view value = std::string_view(note).substr(colon + 2);
    long long number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (words && ec == std::errc() && end == value.data() + value.size()) {
      metrics.emplace_back(key, number);
    }
  }
  return metrics;
}

std::string WritePage(std::string_view title, const std::vector<PageLevel>& levels,
                      std::string_view view) {
  nlohmann::json data;
  data["title"] = std::string(title);
  data["view"] = std::string(view);
  data["levels"] = nlohmann::json::array();
  for (const PageLevel& p : levels) {
    const Level& level = *p.level;
    nlohmann::json j;
    j["file"] = p.source;
    if (!p.collection_name.empty()) j["collection"] = p.collection_name;
    j["index"] = p.index;
    j["title"] = level.title;
    if (!level.author.empty()) j["author"] = level.author;
    j["width"] = level.width;
    j["height"] = level.height;
    j["boxes"] = CountBoxes(level);
    j["rows"] = level.Rows();
    nlohmann::json solutions = nlohmann::json::array();
    for (const Solution& s : p.solutions)
      solutions.push_back({{"title", s.title}, {"moves", s.moves}});
    j["solutions"] = std::move(solutions);
    if (p.result) {
      nlohmann::json r;
      for (const char* key :
           {"status", "moves", "pushes", "seconds", "states", "error", "mode", "best_on_goals"}) {
        if (p.result->contains(key)) r[key] = (*p.result)[key];
      }
      if (p.furthest) {
        r["furthest"] = {{"rows", p.furthest->rows},
                         {"on_goals", p.furthest->on_goals},
                         {"member", p.furthest->member},
                         {"at", p.furthest->at}};
      }
      j["result"] = std::move(r);
    }
    const auto metrics = NoteMetrics(level);
    if (!metrics.empty()) {
      nlohmann::json m = nlohmann::json::array();
      for (const auto& [key, value] : metrics) m.push_back({key, value});
      j["metrics"] = std::move(m);
    }
    data["levels"].push_back(std::move(j));
  }
  return absl::StrReplaceAll(web::kPageHtml, {{"{{TITLE}}", HtmlEscaped(title)},
                                              {"{{STYLE}}", web::kPageCss},
                                              {"{{SCRIPT}}", web::kPageJs},
                                              {"{{DATA}}", ScriptJson(data)}});
}

}  // namespace sokoban::tools
