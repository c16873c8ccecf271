// `sokoban generate --shard K/N --journal FILE` and the merge of its parts.
//
// Attempt i of a pack belongs to shard (i mod N) + 1. A shard runs its own
// attempts in index order and journals each one that yields a level (with
// the reasons of the attempts before it that did not), until it holds
// ceil(count/N) plus a margin of levels distinct among themselves, or the
// attempt limit. The merge takes attempts 0, 1, 2, ... from the shards
// through the same PackBuilder an unsharded run uses, so the pack is the
// unsharded one byte for byte; should the shards together stop short of the
// pack (levels that turn out to be duplicates across shards), the merge runs
// the few attempts after them itself, and says so.
#pragma once

#include <string>
#include <vector>

#include "generator/generate.h"
#include "tools/journal.h"
#include "tools/shard.h"

namespace sokoban::tools {

// A `generate --journal` run: shard shard of the pack (1/1 when not
// sharded). Resumes from the journal. With write_pack (no --shard given),
// writes the pack as `generate` does (to output, or standard output) and
// returns its exit code; a shard writes only its journal. Returns kExitUsage after reporting
// a journal that cannot be used.
int RunGenerateJournal(const generator::GenerateOptions& options, const ShardSpec& shard,
                       const std::string& journal, bool write_pack, const std::string& output,
                       bool json);

struct GeneratePart {
  std::string path;
  JournalContents contents;
};

// `sokoban merge --from PARTS -o OUT`: checks that the parts are shards
// 1..N of one pack, each once, finished, with the same options, replays
// every level, and writes the pack. Exit 1 (each problem named with its
// part) or 0; 2 when the output cannot be written.
int MergeGenerateParts(const std::vector<GeneratePart>& parts, const std::string& output,
                       bool json);

}  // namespace sokoban::tools
