// The linked module's header (Header.h).
#include "link/Header.h"

#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <tuple>

namespace p2m::link {

namespace {

// "9.0" → (9, 0); unparsable parts count as 0 (the parser has checked the syntax).
std::pair<unsigned, unsigned> versionNumber(std::string_view v) {
  unsigned major = 0, minor = 0;
  size_t dot = v.find('.');
  std::from_chars(v.data(), v.data() + (dot == std::string_view::npos ? v.size() : dot), major);
  if (dot != std::string_view::npos)
    std::from_chars(v.data() + dot + 1, v.data() + v.size(), minor);
  return {major, minor};
}

// sm_90a → (90, 2): an architecture-specific target ('a') includes the family one ('f'),
// which includes the plain one. Not an sm_ word: nullopt.
std::optional<std::pair<unsigned, int>> smRank(std::string_view t) {
  if (!t.starts_with("sm_"))
    return std::nullopt;
  unsigned number = 0;
  auto [end, ec] = std::from_chars(t.data() + 3, t.data() + t.size(), number);
  if (ec != std::errc())
    return std::nullopt;
  std::string_view suffix(end, size_t(t.data() + t.size() - end));
  return std::pair<unsigned, int>{number, suffix == "a" ? 2 : suffix == "f" ? 1 : 0};
}

bool hasTarget(const ptx::Module &m, std::string_view word) {
  return std::find(m.targets.begin(), m.targets.end(), word) != m.targets.end();
}

std::string_view texMode(const ptx::Module &m) {
  return hasTarget(m, "texmode_independent") ? "texmode_independent" : "texmode_unified";
}

// Where a header directive is written, for the diagnostic (the AST keeps no offset for it).
uint32_t directiveOffset(const ptx::Module &m, std::string_view directive) {
  size_t at = m.source().text().find(directive);
  return at == std::string_view::npos ? m.versionOffset : uint32_t(at);
}

void conflict(DiagnosticEngine &diags, const ptx::Module &here, const ptx::Module &there, std::string_view directive,
              const std::string &message) {
  diags.report(Severity::Error, here.source(), directiveOffset(here, directive), message);
  diags.report(Severity::Note, there.source(), directiveOffset(there, directive),
               "the other module, " + there.source().name());
}

} // namespace

bool mergeHeaders(std::span<const ptx::Module *const> modules, DiagnosticEngine &diags, LinkedHeader *out) {
  bool ok = true;
  *out = LinkedHeader();
  const ptx::Module *first = modules.empty() ? nullptr : modules.front();
  std::optional<std::pair<unsigned, int>> bestSm;
  std::string_view bestSmWord;
  bool debug = false;
  for (const ptx::Module *m : modules) {
    if (!m->version.empty() && (out->version.empty() || versionNumber(m->version) > versionNumber(out->version)))
      out->version = m->version;
    for (std::string_view t : m->targets) {
      if (auto rank = smRank(t)) {
        if (!bestSm || *rank > *bestSm) {
          bestSm = rank;
          bestSmWord = t;
        }
      } else if (t == "debug") {
        debug = true;
      }
    }
    if (m == first)
      continue;
    uint32_t a = m->addressSize ? m->addressSize : 32, b = first->addressSize ? first->addressSize : 32;
    if (a != b) {
      conflict(diags, *m, *first, ".address_size",
               "a module of " + std::to_string(a) + "-bit addresses cannot be linked with " +
                   first->source().name() + ", of " + std::to_string(b) + "-bit addresses");
      ok = false;
    }
    if (texMode(*m) != texMode(*first)) {
      conflict(diags, *m, *first, ".target",
               "this module's " + std::string(texMode(*m)) + " conflicts with " + std::string(texMode(*first)) +
                   " in " + first->source().name());
      ok = false;
    }
    if (hasTarget(*m, "map_f64_to_f32") != hasTarget(*first, "map_f64_to_f32")) {
      conflict(diags, *m, *first, ".target",
               "map_f64_to_f32 must be given for all linked modules or for none (" +
                   std::string(hasTarget(*m, "map_f64_to_f32") ? "this module has it, " : "this module lacks it, ") +
                   first->source().name() + (hasTarget(*first, "map_f64_to_f32") ? " has it)" : " lacks it)"));
      ok = false;
    }
  }
  if (!bestSmWord.empty())
    out->targets.push_back(bestSmWord);
  if (first && hasTarget(*first, "texmode_independent"))
    out->targets.push_back("texmode_independent");
  if (first && hasTarget(*first, "map_f64_to_f32"))
    out->targets.push_back("map_f64_to_f32");
  // `debug` promises DWARF, which a link of several modules leaves out (Merge.h).
  if (debug && modules.size() == 1)
    out->targets.push_back("debug");
  for (const ptx::Module *m : modules)
    if (m->addressSize)
      out->addressSize = m->addressSize;
  return ok;
}

} // namespace p2m::link
