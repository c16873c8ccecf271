// Choosing the goal squares of a level on a finished layout.
//
//   std::vector<int> goals = ChooseGoals(layout, 4, rng);
//   if (goals.size() < 4) { /* not enough usable floor: draw again */ }
#pragma once

#include <vector>

#include "generator/layout.h"
#include "generator/rng.h"

namespace sokoban::generator {

// Floor squares a box can be pulled off: in some direction the next two
// squares are floor. A goal anywhere else would keep its box for good.
std::vector<int> PullableSquares(const Layout& layout);

// k distinct pullable squares drawn uniformly, ascending, or fewer when the
// layout has fewer. (Goals grown as one cluster were tried: the player gets
// shut in among them far more often, and walks from scattered goals reach
// longer solutions.)
std::vector<int> ChooseGoals(const Layout& layout, int k, Rng& rng);

// k distinct pullable squares gathered in one loose group deep in the
// layout, ascending, or fewer when the layout has fewer: the group starts at
// the open pullable square (three or four floor neighbours) farthest, by
// walking, from a random floor square, and takes pullable squares in
// walking-distance order from there, passing over about every other one, any
// with fewer than three floor neighbours and any that two goals already
// touch, so the player is not walled in among
// the boxes. Boxes
// pulled out of such a goal area to the far side of the board make long
// solutions that end in packing the goal area in the right order.
std::vector<int> ChooseClusteredGoals(const Layout& layout, int k, Rng& rng);

}  // namespace sokoban::generator
