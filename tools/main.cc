// `sokoban`: solve, verify, convert and generate Sokoban levels in batch.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "tools/build_info.h"
#include "tools/commands.h"
#include "tools/describe.h"

namespace {

using Command = sokoban::tools::CommandEntry;

// Kept in the order `sokoban --help` lists them.
const Command kCommands[] = {
    {"solve", "solve levels, in parallel, with JSON output and solution storing",
     sokoban::tools::RunSolve},
    {"bench", "fixed deterministic solver benchmark: states expanded", sokoban::tools::RunBench},
    {"info", "list levels: size, boxes, floor, problems", sokoban::tools::RunInfo},
    {"optimize", "shorten solutions: fewer moves or fewer pushes", sokoban::tools::RunOptimize},
    {"verify", "replay stored or given solutions and report their metrics",
     sokoban::tools::RunVerify},
    {"convert", "convert levels to XSB or SOK", sokoban::tools::RunConvert},
    {"generate", "make fresh puzzle packs, every level verified by the solver",
     sokoban::tools::RunGenerate},
    {"render", "draw levels as SVG, or a page to browse, play and replay",
     sokoban::tools::RunRender},
    {"merge", "join the parts of a sharded solve or generate run", sokoban::tools::RunMerge},
};

void PrintHelp(std::ostream& out) {
  out << "usage: sokoban COMMAND [OPTIONS] [FILE...]\n\n"
         "Solves, verifies, converts and generates Sokoban levels in batch.\n\n"
         "Commands:\n";
  for (const Command& c : kCommands) {
    out << "  " << c.name << std::string(10 - std::strlen(c.name), ' ') << c.summary << "\n";
  }
  out << "  help      this help; 'sokoban help COMMAND' is 'sokoban COMMAND --help'\n"
         "\n'sokoban COMMAND --help' describes a command's options.\n"
         "Exit codes: 0 all good; 1 some level invalid, unsolved or some solution wrong;\n"
         "            2 bad usage or unreadable input.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintHelp(std::cerr);
    return sokoban::tools::kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    // `sokoban help CMD` is `sokoban CMD --help`.
    if (argc > 2) {
      for (const Command& c : kCommands) {
        if (argv[2] == std::string(c.name)) return c.run({"--help"});
      }
    }
    PrintHelp(std::cout);
    return sokoban::tools::kExitOk;
  }
  // Hidden: what the build installs as the man pages and the completion.
  if (name == "--man-page" && argc <= 3) {
    const std::string page = sokoban::tools::ManPage(kCommands, argc == 3 ? argv[2] : "");
    if (page.empty()) {
      std::cerr << "sokoban: --man-page: unknown command '" << argv[2] << "'\n";
      return sokoban::tools::kExitUsage;
    }
    std::cout << page;
    return sokoban::tools::kExitOk;
  }
  if (name == "--bash-completion" && argc == 2) {
    std::cout << sokoban::tools::BashCompletion(kCommands);
    return sokoban::tools::kExitOk;
  }
  if (name == "--version") {
    std::cout << sokoban::tools::VersionLine() << "\n";
    return sokoban::tools::kExitOk;
  }
  for (const Command& c : kCommands) {
    if (name == c.name) return c.run(sokoban::tools::Args(argv + 2, argv + argc));
  }
  std::cerr << "sokoban: unknown command '" << name << "' (see 'sokoban --help')\n";
  return sokoban::tools::kExitUsage;
}
