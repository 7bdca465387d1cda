// The MSL helper registry's rows (Helpers.def) and the names of its helpers.
#include "ir/Helpers.h"

#include <cassert>
#include <iterator>

namespace p2m::ir {

namespace {

constexpr HelperInfo kHelpers[] = {
#define P2M_HELPER(Id, header, name, nan, space, msl)                                                         \
  {#Id, #header, name, HelperNan::nan, HelperSpace::space, msl},
#include "ir/Helpers.def"
#undef P2M_HELPER
};

} // namespace

const HelperInfo &helperInfo(Helper h) { return kHelpers[static_cast<size_t>(h)]; }

std::string helperName(Helper h, std::initializer_list<std::string_view> parts) {
  std::string_view pattern = helperInfo(h).name;
  size_t size = pattern.size();
  for (std::string_view p : parts)
    size += p.size();
  std::string out;
  out.reserve(size);
  auto part = parts.begin();
  for (size_t i = 0;;) {
    size_t brace = pattern.find('{', i);
    out.append(pattern.substr(i, brace - i));
    if (brace == std::string_view::npos)
      break;
    if (pattern.compare(brace, 4, "{{}}") == 0) {
      out += "{}"; // the emitter's state space
      i = brace + 4;
      continue;
    }
    assert(part != parts.end() && "fewer parts than the helper's name pattern has");
    if (part != parts.end())
      out += *part++;
    i = brace + 2;
  }
  assert(part == parts.end() && "more parts than the helper's name pattern has");
  return out;
}

} // namespace p2m::ir
