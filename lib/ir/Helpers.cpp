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
  std::string out;
  out.reserve(pattern.size() + 16);
  auto part = parts.begin();
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern.compare(i, 4, "{{}}") == 0) {
      out += "{}";
      i += 3;
    } else if (pattern.compare(i, 2, "{}") == 0) {
      assert(part != parts.end() && "fewer parts than the helper's name pattern has");
      if (part != parts.end())
        out += *part++;
      ++i;
    } else {
      out += pattern[i];
    }
  }
  assert(part == parts.end() && "more parts than the helper's name pattern has");
  return out;
}

} // namespace p2m::ir
