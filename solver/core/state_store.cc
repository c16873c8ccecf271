#include "solver/core/state_store.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace sokoban {
namespace {

int BitsFor(int values) {
  int bits = 1;
  while ((1 << bits) < values) ++bits;
  return bits;
}

// Bit fields are little-endian, one after another from bit 0. The writer
// keeps the bits not yet written in a 64-bit word and goes through the
// bytes once, never past the fields' last byte.
class BitWriter {
 public:
  explicit BitWriter(uint8_t* out) : out_(out) {}
  void Put(int width, uint32_t value) {
    assert(value >> width == 0);
    word_ |= uint64_t{value} << used_;
    used_ += width;
    while (used_ >= 8) {
      *out_++ = static_cast<uint8_t>(word_);
      word_ >>= 8;
      used_ -= 8;
    }
  }
  // Writes the last, partly used byte (if any); the fields' other bits in it
  // are zero.
  void Flush() {
    if (used_ > 0) *out_ = static_cast<uint8_t>(word_);
  }

 private:
  uint8_t* out_;
  uint64_t word_ = 0;
  int used_ = 0;
};

// Reads up to 8 bytes from `at` as a little-endian word, never past the
// state's `stride` bytes (the bytes beyond count as zero).
uint64_t LoadWord(const uint8_t* in, size_t at, size_t stride) {
  uint64_t w = 0;
  if (at + 8 <= stride) {
    std::memcpy(&w, in + at, 8);
  } else {
    for (size_t b = at; b < stride; ++b) w |= uint64_t{in[b]} << (8 * (b - at));
  }
  if constexpr (std::endian::native == std::endian::big) {
    if (at + 8 <= stride) w = __builtin_bswap64(w);
  }
  return w;
}

}  // namespace

StateCodec::StateCodec(int squares, int boxes)
    : squares_(squares), boxes_(boxes), bits_(BitsFor(squares)) {
  const size_t index_bits = static_cast<size_t>(bits_) * (boxes + 1);
  const size_t bitmap_bits = static_cast<size_t>(squares) + bits_;
  bitmap_ = bitmap_bits < index_bits;
  stride_ = ((bitmap_ ? bitmap_bits : index_bits) + 7) / 8;
}

void StateCodec::Pack(int player, const Square* boxes, uint8_t* out) const {
  std::memset(out, 0, stride_);
  BitWriter writer(out);
  writer.Put(bits_, static_cast<uint32_t>(player));
  if (bitmap_) {
    writer.Flush();
    for (int i = 0; i < boxes_; ++i) {
      const size_t bit = bits_ + boxes[i];
      out[bit >> 3] |= static_cast<uint8_t>(1u << (bit & 7));
    }
  } else {
    for (int i = 0; i < boxes_; ++i) writer.Put(bits_, boxes[i]);
    writer.Flush();
  }
}

void StateCodec::Unpack(const uint8_t* in, int* player, Square* boxes) const {
  Decode(in, player, [boxes](int k, Square square) { boxes[k] = square; });
}

uint64_t StateCodec::Key(const uint8_t* in, const Zobrist& zobrist) const {
  int player;
  uint64_t key = 0;
  Decode(in, &player, [&key, &zobrist](int, Square square) { key ^= zobrist.box(square); });
  return key ^ zobrist.player(player);
}

template <typename Box>
void StateCodec::Decode(const uint8_t* in, int* player, Box box) const {
  // Whole words at a time: a field never spans more than 8 bytes (fields
  // are at most 15 bits wide), and a bitmap word yields its boxes by
  // counting trailing zeros. A state of up to kLocal - 8 bytes is copied
  // first, with zeros after it, so that no load needs a bounds check.
  constexpr size_t kLocal = 256;
  if (stride_ + 8 <= kLocal) {
    alignas(8) uint8_t local[kLocal];
    std::memcpy(local, in, stride_);
    std::memset(local + stride_, 0, 8);
    UnpackWords<false>(local, player, box);
  } else {
    UnpackWords<true>(in, player, box);
  }
}

template <bool kChecked, typename Box>
void StateCodec::UnpackWords(const uint8_t* in, int* player, Box box) const {
  auto load = [&](size_t at) {
    if constexpr (kChecked) {
      return LoadWord(in, at, stride_);
    } else {
      return LoadWord(in, at, at + 8);
    }
  };
  const uint64_t mask = (uint64_t{1} << bits_) - 1;
  auto field = [&](size_t k) {
    const size_t bit = k * bits_;
    return static_cast<uint32_t>((load(bit >> 3) >> (bit & 7)) & mask);
  };
  *player = static_cast<int>(field(0));
  if (bitmap_) {
    // The set bits of the bitmap; the first word's bits below bits_ belong
    // to the player (the bits after the bitmap are zero).
    const size_t first = bits_, end = first + squares_;
    int k = 0;
    for (size_t byte = first >> 3; byte <= (end - 1) >> 3 && k < boxes_; byte += 8) {
      uint64_t bits = load(byte);
      if (byte == first >> 3) bits &= ~((uint64_t{1} << (first & 7)) - 1);
      while (bits && k < boxes_) {
        const int bit = std::countr_zero(bits);
        box(k++, static_cast<Square>(byte * 8 + bit - first));
        bits &= bits - 1;
      }
    }
  } else {
    for (int i = 0; i < boxes_; ++i) box(i, static_cast<Square>(field(i + 1)));
  }
}

StateStore::StateStore(const StateCodec& codec, const Zobrist& zobrist)
    : codec_(codec),
      zobrist_(zobrist),
      stride_(codec.stride()),
      record_(codec.stride() + sizeof(StateId) + sizeof(uint16_t)) {
  table_.assign(1024, kEmpty);
  mask_ = table_.size() - 1;
}

// Compares packed states 8 bytes at a time; the tail word is masked, so the
// bytes after a state (its parent id, or the caller's slack) never count.
bool StateStore::SameState(const uint8_t* a, const uint8_t* b) const {
  size_t i = 0;
  uint64_t x, y;
  for (; i + 8 <= stride_; i += 8) {
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    if (x != y) return false;
  }
  if (i == stride_) return true;
  std::memcpy(&x, a + i, 8);
  std::memcpy(&y, b + i, 8);
  const uint64_t mask = (uint64_t{1} << ((stride_ - i) * 8)) - 1;
  return ((x ^ y) & mask) == 0;
}

// The slot holding an equal state, or the empty slot where it would go.
// Entries whose tag differs from the key's are passed over without reading
// their records.
size_t StateStore::Probe(const uint8_t* packed, uint64_t key) const {
  const uint32_t tag = Tag(key);
  size_t slot = key & mask_;
  for (uint32_t entry; (entry = table_[slot]) != kEmpty; slot = (slot + 1) & mask_) {
    if ((entry & ~kIdMask) == tag && SameState(Packed(entry & kIdMask), packed)) break;
  }
  return slot;
}

std::pair<StateId, bool> StateStore::Insert(const uint8_t* packed, uint64_t key, StateId parent,
                                            uint16_t g) {
  if ((size() + 1) * 4 > table_.size() * 3) Grow();
  const size_t slot = Probe(packed, key);
  if (table_[slot] != kEmpty) return {table_[slot] & kIdMask, false};
  assert(!full());
  const StateId id = static_cast<StateId>(size_);
  if ((id >> kChunkBits) == chunks_.size()) {
    // kLoadSlack spare bytes let SameState read 8 bytes past the last record.
    chunks_.push_back(
        std::make_unique_for_overwrite<uint8_t[]>((record_ << kChunkBits) + kLoadSlack));
  }
  table_[slot] = id | Tag(key);
  ++size_;
  std::memcpy(Record(id), packed, stride_);
  SetParent(id, parent, g);
  return {id, true};
}

StateId StateStore::Find(const uint8_t* packed, uint64_t key) const {
  const uint32_t entry = table_[Probe(packed, key)];
  return entry == kEmpty ? kNoState : entry & kIdMask;
}

void StateStore::Grow() {
  std::vector<uint32_t> bigger(table_.size() * 2, kEmpty);
  const size_t mask = bigger.size() - 1;
  // The states go in by id, as one at a time would; the keys of a few are
  // found first and their slots prefetched, so the cache misses overlap.
  constexpr size_t kBatch = 8;
  uint64_t keys[kBatch];
  for (size_t first = 0; first < size(); first += kBatch) {
    const size_t count = std::min(kBatch, size() - first);
    for (size_t k = 0; k < count; ++k) {
      keys[k] = KeyOf(static_cast<StateId>(first + k));
      __builtin_prefetch(&bigger[keys[k] & mask]);
    }
    for (size_t k = 0; k < count; ++k) {
      size_t slot = keys[k] & mask;
      while (bigger[slot] != kEmpty) slot = (slot + 1) & mask;
      bigger[slot] = static_cast<StateId>(first + k) | Tag(keys[k]);
    }
  }
  table_.swap(bigger);
  mask_ = mask;
}

size_t StateStore::bytes() const {
  return chunks_.size() * (record_ << kChunkBits) + table_.size() * sizeof(StateId);
}

size_t StateStore::bytes_after_growth() const {
  size_t extra = 0;
  // While the table grows, the old and the new one both exist.
  if ((size_ + 1) * 4 > table_.size() * 3) extra += table_.size() * 2 * sizeof(StateId);
  if ((size_ >> kChunkBits) == chunks_.size()) extra += record_ << kChunkBits;
  return bytes() + extra;
}

}  // namespace sokoban
