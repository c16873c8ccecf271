// Every state the search has seen, stored once.
//
// A state is the player (normalized to the smallest floor square of its
// reachable area) and the sorted box squares. StateCodec packs it into a
// fixed number of bytes per level, whichever is smaller of:
//   - indices: (boxes + 1) fields of ceil(log2(floor squares)) bits;
//   - bitmap:  one bit per floor square for boxes, plus the player field.
// StateStore keeps one record per state: the packed state, its parent id
// (4 bytes) and its push count g (2 bytes), back to back in chunks of 16Ki
// records (growth never copies or doubles the arena), and an open-addressing
// table of 32-bit ids probed linearly by Zobrist key, kept between 3/8 and
// 3/4 full. Bytes per state: stride + 6 + 5.3 to 10.7 for the table.
//
//   StateStore store(codec, zobrist);
//   auto [id, added] = store.Insert(packed, key, parent, g);
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "solver/core/board.h"
#include "solver/core/zobrist.h"

namespace sokoban {

using StateId = uint32_t;
inline constexpr StateId kNoState = 0xFFFFFFFFu;

class StateCodec {
 public:
  StateCodec(int squares, int boxes);

  size_t stride() const { return stride_; }
  int boxes() const { return boxes_; }

  // out must hold stride() bytes; boxes sorted ascending.
  void Pack(int player, const Square* boxes, uint8_t* out) const;
  void Unpack(const uint8_t* in, int* player, Square* boxes) const;
  // zobrist.Key(player, boxes, boxes()) of the packed state, without
  // unpacking it first.
  uint64_t Key(const uint8_t* in, const Zobrist& zobrist) const;

 private:
  // Unpacks `in`: sets *player and calls box(k, square) for each box in
  // order (Unpack and Key). kChecked: never read past stride() bytes, else
  // read up to 8 bytes past them.
  template <bool kChecked, typename Box>
  void UnpackWords(const uint8_t* in, int* player, Box box) const;
  template <typename Box>
  void Decode(const uint8_t* in, int* player, Box box) const;

  int squares_, boxes_, bits_;
  bool bitmap_;
  size_t stride_;
};

class StateStore {
 public:
  StateStore(const StateCodec& codec, const Zobrist& zobrist);

  // Spare bytes a caller's packed buffer must have after stride() bytes.
  static constexpr size_t kLoadSlack = 8;

  // Adds the state unless an equal one is stored. Returns its id and whether
  // it was added. key must be zobrist.Key(player, boxes) of the state; packed
  // must be followed by kLoadSlack readable bytes.
  std::pair<StateId, bool> Insert(const uint8_t* packed, uint64_t key, StateId parent, uint16_t g);

  // The id of an equal stored state, or kNoState (same contract as Insert).
  StateId Find(const uint8_t* packed, uint64_t key) const;

  // A hint only: starts loading the table slot where Insert or Find of a
  // state with this key will start probing, so that the cache miss (the
  // table is far larger than the cache) overlaps the caller's work.
  void Prefetch(uint64_t key) const { __builtin_prefetch(&table_[key & mask_]); }

  size_t size() const { return size_; }
  // No more states fit (ids are kIdBits wide); Insert must not be called.
  bool full() const { return size_ >= kMaxStates; }
  const uint8_t* Packed(StateId id) const { return Record(id); }
  StateId Parent(StateId id) const {
    StateId p;
    std::memcpy(&p, Record(id) + stride_, sizeof p);
    return p;
  }
  uint16_t G(StateId id) const {
    uint16_t g;
    std::memcpy(&g, Record(id) + stride_ + sizeof(StateId), sizeof g);
    return g;
  }
  void SetParent(StateId id, StateId parent, uint16_t g) {
    uint8_t* r = Record(id);
    std::memcpy(r + stride_, &parent, sizeof parent);
    std::memcpy(r + stride_ + sizeof(StateId), &g, sizeof g);
  }

  // Bytes a state costs: its record plus its share of the table.
  double bytes_per_state() const {
    return size_ ? record_ + static_cast<double>(table_.size() * sizeof(StateId)) / size_ : 0;
  }
  // Bytes the store holds (record chunks and table).
  size_t bytes() const;
  // Bytes the store would hold after its next growth step; the search checks
  // this against the memory limit before it inserts.
  size_t bytes_after_growth() const;

 private:
  static constexpr int kChunkBits = 14;
  // A table entry: the state id in the low kIdBits bits, the top bits of
  // its Zobrist key above them (a tag that rules out most other states
  // without reading their records). All ones is an empty slot.
  static constexpr int kIdBits = 27;
  static constexpr uint32_t kIdMask = (1u << kIdBits) - 1;
  static constexpr uint32_t kEmpty = 0xFFFFFFFFu;
  static constexpr size_t kMaxStates = kIdMask;  // ids 0 .. kIdMask - 1
  static uint32_t Tag(uint64_t key) { return static_cast<uint32_t>(key >> 32) & ~kIdMask; }

  uint8_t* Record(StateId id) const {
    return chunks_[id >> kChunkBits].get() + (id & ((1u << kChunkBits) - 1)) * record_;
  }
  void Grow();
  size_t Probe(const uint8_t* packed, uint64_t key) const;
  bool SameState(const uint8_t* stored, const uint8_t* packed) const;
  uint64_t KeyOf(StateId id) const { return codec_.Key(Packed(id), zobrist_); }

  const StateCodec& codec_;
  const Zobrist& zobrist_;
  size_t stride_;
  size_t record_;  // stride_ + parent + g
  size_t size_ = 0;
  std::vector<std::unique_ptr<uint8_t[]>> chunks_;
  std::vector<uint32_t> table_;  // entries, see kIdBits
  size_t mask_ = 0;
};

}  // namespace sokoban
