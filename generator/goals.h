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

}  // namespace sokoban::generator
