// Canonical form of a level, so that a pack never holds two copies of one
// puzzle: two levels have the same canonical form exactly when one is a
// rotation or reflection of the other, up to what cannot matter for play.
//
// What is kept: the player's floor (squares reachable from the player with
// boxes removed; everything else counts as wall), goals, boxes on that
// floor, and the player normalized to the smallest square (row-major) of
// the area it can walk in. The board is trimmed to the floor's bounding
// box, each of the 8 symmetric images is encoded, and the lexicographically
// smallest encoding is the canonical form.
//
//   if (seen.insert(CanonicalForm(level)).second) pack.push_back(level);
#pragma once

#include <string>

#include "common/level.h"

namespace sokoban::generator {

// The level must pass ValidateLevel.
std::string CanonicalForm(const Level& level);

// The level turned by one of the 8 symmetries of the square: transform 0 is
// the identity, 1-3 rotate by 90, 180 and 270 degrees clockwise, 4-7 are
// those four after a left-right mirror. Title, notes and solutions are
// copied unchanged (a stored solution does not fit the image).
Level TransformLevel(const Level& level, int transform);

}  // namespace sokoban::generator
