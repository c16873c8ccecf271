// Cancelling a running batch: the first SIGINT or SIGTERM sets a flag that
// the solver and the optimizer poll (SolveOptions::cancel), so that the
// levels done so far are still reported and written; a second signal takes
// the default action.
#pragma once

#include <atomic>

namespace sokoban::tools {

// The flag the handlers set.
std::atomic<bool>& CancelFlag();

// Clears the flag and installs the SIGINT and SIGTERM handlers.
void CancelOnSignal();

// Gives SIGINT and SIGTERM their default action again.
void EndCancelOnSignal();

}  // namespace sokoban::tools
