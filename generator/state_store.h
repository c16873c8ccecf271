// The pull engines' store of visited pull states: every state once, keys
// packed contiguously (K box squares ascending, then the normalized
// player), found through an open-addressing table of ids. Ids are handed
// out in insertion order, so iterating them never depends on hashing.
//
//   StateStore store(k, 100000);
//   bool added;
//   int id = store.Insert(key.data(), added);   // key: k + 1 uint16_t
//   const uint16_t* back = store.Key(id);
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace sokoban::generator {

class StateStore {
 public:
  // capacity: the number of states the table is sized for; more may be
  // inserted, the table then grows.
  StateStore(int boxes, int capacity) : stride_(boxes + 1) {
    size_t table = 16;
    while (table < static_cast<size_t>(capacity) * 2) table *= 2;
    table_.assign(table, -1);
    keys_.reserve(static_cast<size_t>(capacity) * stride_);
  }
  int size() const { return static_cast<int>(keys_.size() / stride_); }
  const uint16_t* Key(int id) const { return &keys_[static_cast<size_t>(id) * stride_]; }
  // The id of key, adding it when new; `added` says which.
  int Insert(const uint16_t* key, bool& added) {
    if (static_cast<size_t>(size()) * 2 >= table_.size()) Grow();
    size_t slot = Slot(key);
    while (table_[slot] >= 0) {
      if (std::equal(key, key + stride_, Key(table_[slot]))) {
        added = false;
        return table_[slot];
      }
      slot = (slot + 1) & (table_.size() - 1);
    }
    added = true;
    table_[slot] = size();
    keys_.insert(keys_.end(), key, key + stride_);
    return table_[slot];
  }

 private:
  size_t Slot(const uint16_t* key) const {
    uint64_t h = 0x84222325CBF29CE4ull;
    for (int i = 0; i < stride_; ++i) h = (h ^ key[i]) * 0x100000001B3ull;
    return (h ^ (h >> 29)) & (table_.size() - 1);
  }
  void Grow() {
    table_.assign(table_.size() * 2, -1);
    for (int id = 0; id < size(); ++id) {
      size_t slot = Slot(Key(id));
      while (table_[slot] >= 0) slot = (slot + 1) & (table_.size() - 1);
      table_[slot] = id;
    }
  }

  int stride_;
  std::vector<int32_t> table_;
  std::vector<uint16_t> keys_;
};

}  // namespace sokoban::generator
