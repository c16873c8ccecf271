// The page's files (tools/web/page.html, page.css, page.js), embedded in the
// executable at build time by tools/web/embed.cmake: edit those files, not
// strings in C++.
#pragma once

namespace sokoban::tools::web {

extern const char kPageHtml[];  // the template: {{TITLE}} {{STYLE}} {{SCRIPT}} {{DATA}}
extern const char kPageCss[];
extern const char kPageJs[];

}  // namespace sokoban::tools::web
