// `room`: one walled room with a few short inner walls, the shape of the
// seed tutorial's 10x10 room made less open. The --max-open repair in
// MakeLayout then adds single walls until no large open area is left.
#include "generator/layout.h"

namespace sokoban::generator {

Layout DrawRoomLayout(const LayoutSpec& spec, Rng& rng) {
  Layout l = Layout::Filled(spec.width, spec.height);
  const int iw = spec.width - 2, ih = spec.height - 2;
  for (int y = 1; y <= ih; ++y) {
    for (int x = 1; x <= iw; ++x) l.Set(x, y, false);
  }
  // About one wall piece per dozen interior squares, each one to three
  // squares long; pieces may touch the outer wall, which makes alcoves.
  const int pieces = 1 + iw * ih / 12;
  for (int p = 0; p < pieces; ++p) {
    int x = rng.Range(1, iw), y = rng.Range(1, ih);
    const bool horizontal = rng.Chance(1, 2);
    const int length = rng.Range(1, 3);
    for (int i = 0; i < length && x <= iw && y <= ih; ++i) {
      l.Set(x, y, true);
      (horizontal ? x : y) += 1;
    }
  }
  return l;
}

}  // namespace sokoban::generator
