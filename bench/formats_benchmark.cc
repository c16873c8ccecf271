// Parsing speed of the level readers: every collection in the shared levels
// folder, read from memory (no disk time), detection and validation included.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/level_io.h"

namespace sokoban {
namespace {

struct SourceText {
  std::string name;
  std::string text;
};

std::vector<SourceText> LoadSharedLevels() {
  std::vector<SourceText> files;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(SOKOBAN_SHARED_DIR) + "/levels")) {
    if (entry.path().extension() != ".xsb") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    files.push_back(
        {entry.path().filename().string(), std::string(std::istreambuf_iterator<char>(in), {})});
  }
  return files;
}

void BM_ParseSharedLevels(benchmark::State& state) {
  const std::vector<SourceText> files = LoadSharedLevels();
  size_t levels = 0, bytes = 0;
  for (auto _ : state) {
    levels = 0;
    for (const SourceText& f : files) {
      absl::StatusOr<Collection> c = ReadCollection(f.text, Format::kAuto, f.name);
      if (!c.ok()) {
        state.SkipWithError(std::string(c.status().message()).c_str());
        return;
      }
      levels += c->levels.size();
      benchmark::DoNotOptimize(c->levels.data());
    }
  }
  for (const SourceText& f : files) bytes += f.text.size();
  state.counters["levels"] = static_cast<double>(levels);
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
  state.SetItemsProcessed(static_cast<int64_t>(levels) * state.iterations());
}
BENCHMARK(BM_ParseSharedLevels)->Unit(benchmark::kMillisecond);

void BM_WriteSokSharedLevels(benchmark::State& state) {
  std::vector<Collection> collections;
  for (const SourceText& f : LoadSharedLevels()) {
    collections.push_back(*ReadCollection(f.text, Format::kAuto, f.name));
  }
  for (auto _ : state) {
    for (const Collection& c : collections) benchmark::DoNotOptimize(WriteSok(c));
  }
}
BENCHMARK(BM_WriteSokSharedLevels)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sokoban
