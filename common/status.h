// Error plumbing shared by every layer: abseil's Status plus the one macro
// Debian's abseil (20220623) lacks.
//
//   absl::Status Load(...) {
//     SOKOBAN_RETURN_IF_ERROR(Check(...));
//     ...
//   }
#pragma once

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define SOKOBAN_RETURN_IF_ERROR(expr)                  \
  do {                                                 \
    const ::absl::Status sokoban_status_ = (expr);     \
    if (!sokoban_status_.ok()) return sokoban_status_; \
  } while (0)
