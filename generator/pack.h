// A generated pack as a level collection, ready for WriteSok.
//
//   GenerateResult r = Generate(options);
//   std::string sok = WriteSok(MakePack(options, r));
#pragma once

#include <string>

#include "common/level_io.h"
#include "generator/generate.h"

namespace sokoban::generator {

// The options that shape the pack, as `sokoban generate` arguments (the
// thread count is left out: it never changes the pack).
std::string DescribeOptions(const GenerateOptions& options);

// Collection: header naming the generator, options and seed; file notes
// with the filter the levels passed; each level with its title, board,
// Author:, metric notes and solution.
Collection MakePack(const GenerateOptions& options, const GenerateResult& result);

}  // namespace sokoban::generator
