# Turns the page's files into C++ character arrays at build time:
#   cmake -DOUTPUT=web_assets.cc -DWEB_DIR=tools/web -P embed.cmake
# Each file becomes one raw string literal; a file holding the literal's
# closing delimiter is refused rather than cut short.
set(delimiter "sokoban_web")
set(text "// Generated from tools/web/ by tools/web/embed.cmake: do not edit.\n")
string(APPEND text "#include \"tools/web_assets.h\"\n\nnamespace sokoban::tools::web {\n\n")
foreach(pair kPageHtml:page.html kPageCss:page.css kPageJs:page.js)
  string(REPLACE ":" ";" parts "${pair}")
  list(GET parts 0 name)
  list(GET parts 1 file)
  set(file "${WEB_DIR}/${file}")
  file(READ "${file}" content)
  string(FIND "${content}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${file} holds ')${delimiter}\"', which would end its literal")
  endif()
  string(APPEND text "extern const char ${name}[] = R\"${delimiter}(${content})${delimiter}\";\n\n")
endforeach()
string(APPEND text "}  // namespace sokoban::tools::web\n")
file(WRITE "${OUTPUT}.tmp" "${text}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
