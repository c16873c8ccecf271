// Speed of the solver's hot kernels on real levels from the shared folder:
// the player flood fill, the numbering of the floor and the child areas read
// from it, the matching lower bound (of a state and of its children), the
// corrals and the PI-corral test, state store inserts and lookups, and whole
// searches of a fixed number of expansions (successor generation, deadlock
// tests and the open list together).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "common/level_io.h"
#include "solver/bound/lower_bound.h"
#include "solver/core/board.h"
#include "solver/core/floor_cuts.h"
#include "solver/core/reach.h"
#include "solver/core/state_store.h"
#include "solver/core/zobrist.h"
#include "solver/deadlock/pi_corral.h"
#include "solver/solver.h"

namespace sokoban {
namespace {

// Level `index` (1-based) of a shared collection; aborts the benchmark run
// when the file is missing, since every figure would be meaningless.
Level SharedLevel(const std::string& file, int index) {
  absl::StatusOr<Collection> c =
      ReadCollectionFile(std::string(SOKOBAN_SHARED_DIR) + "/levels/" + file);
  if (!c.ok() || static_cast<int>(c->levels.size()) < index) {
    std::fprintf(stderr, "missing level %s #%d\n", file.c_str(), index);
    std::abort();
  }
  return c->levels[index - 1].level;
}

// The levels the kernels run on: a small Microban level, a mid-size
// XSokoban level and a Boxoban level.
Level BenchLevel(int which) {
  switch (which) {
    case 0:
      return SharedLevel("microban.xsb", 60);
    case 1:
      return SharedLevel("xsokoban90.xsb", 1);
    default:
      return SharedLevel("boxoban-hard-000.xsb", 1);
  }
}

// The start position's boxes, marked by square.
std::vector<uint8_t> StartBoxes(const Board& board) {
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : board.start_boxes()) occupied[b] = 1;
  return occupied;
}

void Label(benchmark::State& state, const Board& board) {
  state.SetLabel(std::to_string(board.size()) + " floor, " + std::to_string(board.box_count()) +
                 " boxes");
}

void BM_ReachFill(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  std::vector<uint8_t> occupied = StartBoxes(board);
  Reach reach(board.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(reach.Fill(board, occupied.data(), board.start_player()));
  }
  state.SetItemsProcessed(state.iterations());
  Label(state, board);
}
BENCHMARK(BM_ReachFill)->DenseRange(0, 2);

// The feature-space search's one numbering of the floor per expansion, and
// a child's areas and player square read from it.
void BM_FloorCutsNumber(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  std::vector<uint8_t> occupied = StartBoxes(board);
  FloorCuts cuts(board);
  for (auto _ : state) benchmark::DoNotOptimize(cuts.Number(occupied.data()));
  state.SetItemsProcessed(state.iterations());
  Label(state, board);
}
BENCHMARK(BM_FloorCutsNumber)->DenseRange(0, 2);

void BM_FloorCutsChild(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  std::vector<uint8_t> occupied = StartBoxes(board);
  FloorCuts cuts(board);
  cuts.Number(occupied.data());
  // Every single push of the start position.
  std::vector<std::pair<int, int>> moves;
  for (Square b : board.start_boxes()) {
    for (int d = 0; d < 4; ++d) {
      const int to = board.Neighbour(b, d);
      if (to != kNoSquare && !occupied[to]) moves.emplace_back(b, to);
    }
  }
  for (auto _ : state) {
    for (const auto& [from, to] : moves) {
      benchmark::DoNotOptimize(cuts.AreasAfterMove(from, to));
      benchmark::DoNotOptimize(cuts.PlayerAfterMove(from, to, from));
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(moves.size()));
  Label(state, board);
}
BENCHMARK(BM_FloorCutsChild)->DenseRange(0, 2);

void BM_LowerBoundEstimate(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  LowerBound lb(board);
  const std::vector<Square> boxes = board.start_boxes();
  for (auto _ : state) benchmark::DoNotOptimize(lb.Estimate(boxes.data()));
  state.SetItemsProcessed(state.iterations());
  Label(state, board);
}
BENCHMARK(BM_LowerBoundEstimate)->DenseRange(0, 2);

// The bound of an expanded state when the state before differed in one box
// (the common case in a search): the matching is reused, one box re-added.
void BM_LowerBoundSetParentOneMoved(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  LowerBound lb(board);
  const std::vector<Square> a = board.start_boxes();
  std::vector<uint8_t> occupied(board.size(), 0);
  for (Square b : a) occupied[b] = 1;
  std::vector<Square> b = a;
  for (int sq = 0; sq < board.size(); ++sq) {
    if (!occupied[sq] && !board.IsDead(sq)) {
      b[0] = static_cast<Square>(sq);
      break;
    }
  }
  std::sort(b.begin(), b.end());
  bool flip = false;
  for (auto _ : state) {
    benchmark::DoNotOptimize(lb.SetParent((flip = !flip) ? a.data() : b.data()));
  }
  state.SetItemsProcessed(state.iterations());
  Label(state, board);
}
BENCHMARK(BM_LowerBoundSetParentOneMoved)->DenseRange(0, 2);

// The bounds of a state's children, one box moved one square each (every
// push of the start position to a free square next to its box): the
// parent's matching is kept and each child adds its moved box back in.
void BM_LowerBoundChildren(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  LowerBound lb(board);
  const std::vector<Square> boxes = board.start_boxes();
  std::vector<uint8_t> occupied = StartBoxes(board);
  std::vector<std::pair<int, int>> moves;  // (box index, square)
  for (int i = 0; i < board.box_count(); ++i) {
    for (int d = 0; d < 4; ++d) {
      const int to = board.Neighbour(boxes[i], d);
      if (to != kNoSquare && !occupied[to] && !board.IsDead(to)) moves.emplace_back(i, to);
    }
  }
  lb.SetParent(boxes.data());
  for (auto _ : state) {
    for (const auto& [i, to] : moves) benchmark::DoNotOptimize(lb.EstimateMoved(i, to, 1));
  }
  state.SetItemsProcessed(state.iterations() * moves.size());
  Label(state, board);
}
BENCHMARK(BM_LowerBoundChildren)->DenseRange(0, 2);

// The corrals of a position and the PI-corral test on them, on the start
// position.
void BM_CorralsAndPiCorral(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(state.range(0)));
  std::vector<uint8_t> occupied = StartBoxes(board);
  Reach reach(board.size());
  reach.Fill(board, occupied.data(), board.start_player());
  Corrals corrals(board);
  PiCorral pi(board);
  for (auto _ : state) {
    corrals.Find(occupied.data(), reach);
    benchmark::DoNotOptimize(pi.Find(occupied.data(), reach, corrals));
  }
  state.SetItemsProcessed(state.iterations());
  corrals.Find(occupied.data(), reach);
  state.SetLabel(std::to_string(board.size()) + " floor, " + std::to_string(corrals.count()) +
                 " corrals");
}
BENCHMARK(BM_CorralsAndPiCorral)->DenseRange(0, 2);

// Inserts `count` distinct states (the start position with one box moved
// to every free square in turn, and every player square), then looks each
// up again (Insert of an existing state is the lookup the search does).
void BM_StateStoreInsertLookup(benchmark::State& state) {
  const Board board = *Board::Build(BenchLevel(1));
  const StateCodec codec(board.size(), board.box_count());
  const Zobrist zobrist(board.size());
  std::vector<std::vector<Square>> states;
  std::vector<uint8_t> occupied = StartBoxes(board);
  for (int i = 0; i < board.box_count(); ++i) {
    for (int sq = 0; sq < board.size(); ++sq) {
      if (occupied[sq]) continue;
      std::vector<Square> boxes = board.start_boxes();
      boxes[i] = static_cast<Square>(sq);
      std::sort(boxes.begin(), boxes.end());
      states.push_back(boxes);
    }
  }
  std::vector<uint8_t> packed(codec.stride() + StateStore::kLoadSlack);
  size_t inserted = 0;
  for (auto _ : state) {
    StateStore store(codec, zobrist);
    for (int pass = 0; pass < 2; ++pass) {
      for (const std::vector<Square>& boxes : states) {
        for (int player = 0; player < board.size(); player += 7) {
          codec.Pack(player, boxes.data(), packed.data());
          const uint64_t key = zobrist.Key(player, boxes.data(), board.box_count());
          benchmark::DoNotOptimize(store.Insert(packed.data(), key, kNoState, 0));
        }
      }
    }
    inserted = store.size();
  }
  state.SetItemsProcessed(state.iterations() * inserted * 2);
  state.SetLabel(std::to_string(inserted) + " states, inserted then looked up");
}
BENCHMARK(BM_StateStoreInsertLookup);

// A whole search, capped at 20000 expansions (the small levels finish
// sooner): items/s is states expanded per second, successor generation,
// deadlock tests, bound and state store included.
void BM_SearchExpansions(benchmark::State& state) {
  const Level level = BenchLevel(state.range(0));
  SolveOptions options;
  options.max_expansions = 20000;
  uint64_t expanded = 0;
  for (auto _ : state) {
    const SolveResult r = Solve(level, options);
    expanded += r.expanded;
  }
  state.SetItemsProcessed(expanded);
  state.SetLabel(std::to_string(expanded / std::max<uint64_t>(state.iterations(), 1)) +
                 " expansions a search");
}
BENCHMARK(BM_SearchExpansions)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sokoban
