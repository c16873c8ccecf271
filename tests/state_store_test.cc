// Tests of the solver's state store: every state stored once, found again
// after the table has grown many times, and states never stored not found;
// and of its codec: every state packed comes back unpacked.
#include "solver/core/state_store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "solver/core/zobrist.h"

namespace sokoban {
namespace {

struct RandomStates {
  // Distinct states (player, sorted boxes) on `squares` squares.
  static std::vector<std::pair<int, std::vector<Square>>> Make(int squares, int boxes, int count,
                                                               uint32_t seed) {
    std::mt19937 rng(seed);
    std::set<std::pair<int, std::vector<Square>>> seen;
    std::vector<std::pair<int, std::vector<Square>>> out;
    while (static_cast<int>(out.size()) < count) {
      std::vector<Square> b;
      while (static_cast<int>(b.size()) < boxes) {
        const Square sq = static_cast<Square>(rng() % squares);
        if (std::find(b.begin(), b.end(), sq) == b.end()) b.push_back(sq);
      }
      std::sort(b.begin(), b.end());
      const int player = static_cast<int>(rng() % squares);
      if (seen.insert({player, b}).second) out.emplace_back(player, b);
    }
    return out;
  }
};

void CheckStore(int squares, int boxes) {
  const StateCodec codec(squares, boxes);
  const Zobrist zobrist(squares);
  StateStore store(codec, zobrist);
  const auto states = RandomStates::Make(squares, boxes, 60000, 7);
  const auto others = RandomStates::Make(squares, boxes, 60000, 8);
  std::vector<uint8_t> packed(codec.stride() + StateStore::kLoadSlack);
  auto pack = [&](const std::pair<int, std::vector<Square>>& s) {
    codec.Pack(s.first, s.second.data(), packed.data());
    return zobrist.Key(s.first, s.second.data(), boxes);
  };
  for (size_t i = 0; i < states.size(); ++i) {
    const uint64_t key = pack(states[i]);
    const auto [id, added] = store.Insert(packed.data(), key, static_cast<StateId>(i / 2), 7);
    ASSERT_TRUE(added) << i;
    ASSERT_EQ(id, static_cast<StateId>(i));
  }
  EXPECT_EQ(store.size(), states.size());
  for (size_t i = 0; i < states.size(); ++i) {
    const uint64_t key = pack(states[i]);
    EXPECT_EQ(store.Find(packed.data(), key), static_cast<StateId>(i));
    const auto [id, added] = store.Insert(packed.data(), key, 0, 0);
    EXPECT_FALSE(added);
    EXPECT_EQ(id, static_cast<StateId>(i));
    EXPECT_EQ(store.Parent(id), static_cast<StateId>(i / 2));
    EXPECT_EQ(store.G(id), 7);
    int player;
    std::vector<Square> unpacked(boxes);
    codec.Unpack(store.Packed(id), &player, unpacked.data());
    EXPECT_EQ(player, states[i].first);
    EXPECT_EQ(unpacked, states[i].second);
  }
  const std::set<std::pair<int, std::vector<Square>>> stored(states.begin(), states.end());
  for (const auto& s : others) {
    if (stored.count(s)) continue;
    EXPECT_EQ(store.Find(packed.data(), pack(s)), kNoState);
  }
  EXPECT_EQ(store.size(), states.size());
}

TEST(StateStore, IndexEncodingStoresEachStateOnce) { CheckStore(200, 6); }

TEST(StateStore, BitmapEncodingStoresEachStateOnce) { CheckStore(40, 12); }

// Pack then Unpack gives the state back, for every field width from 1 to
// 15 bits (boards of 2^w and 2^w + 1 squares, fields across byte
// boundaries, bitmaps starting mid-byte or on a byte), with few boxes and
// many, without writing a byte past stride().
TEST(StateCodec, RoundTripsEveryWidthAndBothEncodings) {
  std::vector<std::pair<int, int>> shapes;
  for (int w = 1; w <= 14; ++w) {
    for (int squares : {1 << w, (1 << w) + 1}) {
      shapes.emplace_back(squares, 1);
      shapes.emplace_back(squares, std::min(squares - 1, 40));
    }
  }
  shapes.emplace_back(32767, 3);
  shapes.emplace_back(32767, 40);
  for (const auto& [squares, boxes] : shapes) {
    const StateCodec codec(squares, boxes);
    std::vector<uint8_t> packed(codec.stride() + 1);
    // Few distinct states exist on the smallest boards: ask for at most
    // half the player squares times the box sets with one box moved.
    const int count = std::min(300, squares * (squares - boxes + 1) / 2);
    for (const auto& [player, box_squares] : RandomStates::Make(squares, boxes, count, 11)) {
      packed.back() = 0xA5;
      codec.Pack(player, box_squares.data(), packed.data());
      EXPECT_EQ(packed.back(), 0xA5) << squares << " " << boxes;
      int unpacked_player = -1;
      std::vector<Square> unpacked(boxes);
      codec.Unpack(packed.data(), &unpacked_player, unpacked.data());
      EXPECT_EQ(unpacked_player, player) << squares << " " << boxes;
      EXPECT_EQ(unpacked, box_squares) << squares << " " << boxes;
    }
  }
}

// Pack's bytes equal a plain packing bit by bit (the player's field, then
// each box's field or its bit in the bitmap, from bit 0 of byte 0, the
// rest zero), whatever the buffer held before.
TEST(StateCodec, PacksAsAPlainBitByBitWriter) {
  for (const auto& [squares, boxes] : std::vector<std::pair<int, int>>{
           {40, 12}, {100, 20}, {200, 6}, {255, 30}, {257, 3}, {1000, 40}, {32767, 5}}) {
    const StateCodec codec(squares, boxes);
    int bits = 1;
    while ((1 << bits) < squares) ++bits;
    const bool bitmap = squares + bits < bits * (boxes + 1);
    for (const auto& [player, box_squares] : RandomStates::Make(squares, boxes, 200, 5)) {
      std::vector<uint8_t> plain(codec.stride(), 0);
      auto set = [&](size_t bit) { plain[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8)); };
      for (int b = 0; b < bits; ++b) {
        if (player >> b & 1) set(static_cast<size_t>(b));
      }
      for (int i = 0; i < boxes; ++i) {
        if (bitmap) {
          set(static_cast<size_t>(bits) + box_squares[i]);
          continue;
        }
        for (int b = 0; b < bits; ++b) {
          if (box_squares[i] >> b & 1) set(static_cast<size_t>(bits) * (i + 1) + b);
        }
      }
      std::vector<uint8_t> packed(codec.stride(), 0xFF);
      codec.Pack(player, box_squares.data(), packed.data());
      EXPECT_EQ(packed, plain) << squares << " " << boxes;
    }
  }
}

}  // namespace
}  // namespace sokoban
