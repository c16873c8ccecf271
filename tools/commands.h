// The subcommands of the `sokoban` tool. Each takes the arguments after its
// name and returns the process exit code:
//   0  everything asked for succeeded
//   1  some level invalid, not solved, or some solution wrong
//   2  bad usage or unreadable input
#pragma once

#include <string>
#include <vector>

namespace sokoban::tools {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

using Args = std::vector<std::string>;

int RunVerify(const Args& args);
int RunInfo(const Args& args);
int RunConvert(const Args& args);
int RunSolve(const Args& args);
int RunBench(const Args& args);
int RunGenerate(const Args& args);
int RunRender(const Args& args);
int RunMerge(const Args& args);
int RunOptimize(const Args& args);

}  // namespace sokoban::tools
