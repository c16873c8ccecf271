#include "tools/cancel.h"

#include <signal.h>

namespace sokoban::tools {
namespace {

std::atomic<bool> g_cancel{false};

extern "C" void OnCancelSignal(int) { g_cancel.store(true); }

}  // namespace

std::atomic<bool>& CancelFlag() { return g_cancel; }

void CancelOnSignal() {
  g_cancel.store(false);
  struct sigaction sa {};
  sa.sa_handler = OnCancelSignal;
  sa.sa_flags = SA_RESETHAND;  // a second signal takes the default action
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

void EndCancelOnSignal() {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
}

}  // namespace sokoban::tools
