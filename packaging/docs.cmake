# Writes the man pages and the bash completion from the built tool itself
# (its hidden --man-page and --bash-completion, which read the commands' own
# help and option tables), so that they never drift from it. Run at build
# time by packaging/CMakeLists.txt:
#   cmake -DSOKOBAN=path/to/sokoban -DOUT=dir [-DGZIP=/bin/gzip] -P docs.cmake
# Writes OUT/man1/sokoban.1 and OUT/man1/sokoban-COMMAND.1 for each command
# `sokoban --help` lists (gzip -9n'd when GZIP is given), and
# OUT/completions/sokoban.
cmake_minimum_required(VERSION 3.20)

function(run_tool output)
  execute_process(COMMAND ${SOKOBAN} ${ARGN} OUTPUT_FILE ${output} RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "sokoban ${ARGN} failed: ${failed}")
  endif()
endfunction()

file(REMOVE_RECURSE ${OUT}/man1 ${OUT}/completions)
file(MAKE_DIRECTORY ${OUT}/man1 ${OUT}/completions)
execute_process(COMMAND ${SOKOBAN} --help OUTPUT_VARIABLE tool_help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "sokoban --help failed: ${failed}")
endif()
# The commands: the lines "  NAME  summary" under "Commands:", but 'help'.
string(REGEX REPLACE ".*\nCommands:\n" "" listing "${tool_help}")
string(REGEX REPLACE "\n\n.*" "" listing "${listing}")
string(REPLACE "\n" ";" listing "${listing}")
set(pages sokoban.1)
run_tool(${OUT}/man1/sokoban.1 --man-page)
foreach(line IN LISTS listing)
  if(line MATCHES "^  ([a-z]+) " AND NOT CMAKE_MATCH_1 STREQUAL "help")
    run_tool(${OUT}/man1/sokoban-${CMAKE_MATCH_1}.1 --man-page ${CMAKE_MATCH_1})
    list(APPEND pages sokoban-${CMAKE_MATCH_1}.1)
  endif()
endforeach()
if(GZIP)
  foreach(page IN LISTS pages)
    execute_process(COMMAND ${GZIP} -9nf ${OUT}/man1/${page} RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "gzip ${page} failed")
    endif()
  endforeach()
endif()
run_tool(${OUT}/completions/sokoban --bash-completion)
