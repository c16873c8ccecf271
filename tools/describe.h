// The man pages and the bash completion of `sokoban`, written from the
// commands' own help (their options as parsed, their usage and details as
// --help prints them) and from the name tables their parsers use, so that
// they never drift from the tool. The build runs the hidden
//   sokoban --man-page [COMMAND]     sokoban.1, or sokoban-COMMAND.1
//   sokoban --bash-completion        the completion script
// and installs what they print.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tools/commands.h"

namespace sokoban::tools {

struct CommandEntry {
  const char* name;
  const char* summary;
  int (*run)(const Args&);  // returns the exit code
};

// The values an option of a command takes from a fixed set (--style:
// room, maze, ...; --prune: its words), from the parsers' tables; empty
// when the value is free (a number, a file).
std::vector<std::string> OptionValues(std::string_view command, std::string_view option);

// The roff source of sokoban(1) (command empty: the tool and its command
// list) or of sokoban-COMMAND(1) (the command's synopsis, options, details
// and exit codes). Empty for an unknown command.
std::string ManPage(std::span<const CommandEntry> commands, std::string_view command);

// A bash completion script for `sokoban`: the commands, each command's
// options, and the values of the options that take a fixed set; files
// elsewhere.
std::string BashCompletion(std::span<const CommandEntry> commands);

}  // namespace sokoban::tools
