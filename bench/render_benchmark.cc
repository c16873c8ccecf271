// Drawing speed of `sokoban render`: the 1,000 levels of Boxoban hard 000
// as SVG, top-down and isometric, still and animated with the solutions of
// the bundled Microban levels the suite knows. items_per_second is levels
// drawn per second (the target: at least 2,000).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "common/level_io.h"
#include "tools/page_writer.h"
#include "tools/svg_writer.h"

namespace sokoban {
namespace {

std::vector<Level> BoxobanHard() {
  absl::StatusOr<Collection> c =
      ReadCollectionFile(std::string(SOKOBAN_SHARED_DIR) + "/levels/boxoban-hard-000.xsb");
  std::vector<Level> levels;
  if (!c.ok()) return levels;
  for (const LevelEntry& e : c->levels) {
    if (e.status.ok()) levels.push_back(e.level);
  }
  return levels;
}

// Reading is not drawing: the levels are read once, outside the loop.
void BM_RenderSvgBoxobanHard(benchmark::State& state) {
  const tools::View view = state.range(0) == 0 ? tools::View::kTop : tools::View::kIso;
  const std::vector<Level> levels = BoxobanHard();
  if (levels.size() != 1000) {
    state.SkipWithError("boxoban-hard-000.xsb: want 1000 valid levels");
    return;
  }
  size_t bytes = 0;
  for (auto _ : state) {
    for (const Level& level : levels) {
      std::string svg = tools::WriteSvg(level, view, nullptr);
      bytes += svg.size();
      benchmark::DoNotOptimize(svg);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * levels.size()));
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.SetLabel(view == tools::View::kTop ? "top" : "iso");
}
BENCHMARK(BM_RenderSvgBoxobanHard)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// A solution replayed by the rules engine and drawn as an animation: the
// first Microban level with a 33-move solution.
void BM_RenderAnimatedSvg(benchmark::State& state) {
  const Level level =
      Level::FromRows({"####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####"}, "1");
  const tools::View view = state.range(0) == 0 ? tools::View::kTop : tools::View::kIso;
  for (auto _ : state) {
    absl::StatusOr<tools::Track> track =
        tools::TrackMoves(level, "dlUrrrdLullddrUluRuulDrddrruLdlUU");
    std::string svg = tools::WriteSvg(level, view, &*track);
    benchmark::DoNotOptimize(svg);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_RenderAnimatedSvg)->Arg(0)->Arg(1);

// The page for all 1,000 levels; its size is reported as a counter (the
// target: at most 1 MB).
void BM_RenderPageBoxobanHard(benchmark::State& state) {
  const std::vector<Level> levels = BoxobanHard();
  std::vector<tools::PageLevel> page;
  for (size_t i = 0; i < levels.size(); ++i) {
    page.push_back({"boxoban-hard-000.xsb", "", static_cast<int>(i + 1), &levels[i], {}, {}});
  }
  size_t size = 0;
  for (auto _ : state) {
    std::string html = tools::WritePage("Boxoban hard 000", page);
    size = html.size();
    benchmark::DoNotOptimize(html);
  }
  state.counters["page_bytes"] = static_cast<double>(size);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * levels.size()));
}
BENCHMARK(BM_RenderPageBoxobanHard)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sokoban
