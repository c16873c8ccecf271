// Deterministic pseudo-random numbers for the generator.
//
// Every generated level must come out byte-identical for the same seed and
// options on every machine, compiler and thread count, so nothing here uses
// std::random_device, the standard engines' seeding or the standard
// distributions (whose algorithms differ between library versions).
//
//   Rng rng = Rng::ForAttempt(seed, attempt_index);
//   int x = rng.Below(10);          // 0..9, uniform
//   if (rng.Chance(1, 4)) ...       // true one time in four
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace sokoban::generator {

// SplitMix64 step: a bijective mixer of 64-bit values, used to seed and to
// derive independent streams.
inline uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// xoshiro256** (Blackman and Vigna), seeded through SplitMix64.
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    uint64_t sm = seed;
    for (uint64_t& word : s_) word = SplitMix64(sm);
  }

  // The stream of one generation attempt: depends only on (seed, attempt),
  // never on which thread runs it or in which order.
  static Rng ForAttempt(uint64_t seed, uint64_t attempt) {
    uint64_t mix = seed;
    const uint64_t a = SplitMix64(mix);
    uint64_t mix2 = attempt ^ 0xD1B54A32D192ED03ull;
    return Rng(a ^ SplitMix64(mix2));
  }

  uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound); bound must be positive. Rejection
  // sampling, so there is no modulo bias.
  uint32_t Below(uint32_t bound) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do {
      x = Next();
    } while (x >= limit);
    return static_cast<uint32_t>(x % bound);
  }

  // Uniform integer in [lo, hi]; requires lo <= hi.
  int Range(int lo, int hi) {
    return lo + static_cast<int>(Below(static_cast<uint32_t>(hi - lo + 1)));
  }

  // True with probability num / den.
  bool Chance(uint32_t num, uint32_t den) { return Below(den) < num; }

  // Fisher-Yates shuffle with this generator.
  template <typename T>
  void Shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i) {
      std::swap(v[i - 1], v[Below(static_cast<uint32_t>(i))]);
    }
  }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace sokoban::generator
