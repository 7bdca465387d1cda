// Linking PTX modules (Linker.h): parse, resolve, rename, merge.
#include "link/Linker.h"

#include "link/Header.h"
#include "link/Merge.h"
#include "link/Resolve.h"
#include "link/Rewrite.h"
#include "ptx/Parser.h"
#include "ptx/Validate.h"
#include "support/Diagnostics.h"
#include "support/Sha256.h"
#include "support/SourceFile.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace p2m::link {

bool isDriverFunction(std::string_view name) {
  return name == "vprintf" || name == "malloc" || name == "free" || name == "__assertfail";
}

Linker::Linker(LinkOptions options) : options_(std::move(options)) {
  if (!options_.providedByDriver)
    options_.providedByDriver = isDriverFunction;
}

Linker::~Linker() = default;

bool Linker::addModule(std::string name, std::string ptx, DiagnosticEngine &diags) {
  return add(std::move(name), std::move(ptx), false, diags);
}

bool Linker::addLibraryMember(std::string name, std::string ptx, DiagnosticEngine &diags) {
  return add(std::move(name), std::move(ptx), true, diags);
}

bool Linker::add(std::string name, std::string ptx, bool member, DiagnosticEngine &diags) {
  Input input;
  input.member = member;
  input.hash = sha256Hex(ptx);
  input.source = std::make_shared<SourceFile>(std::move(name), std::move(ptx));
  DiagnosticEngine local(diags.maxRecorded());
  input.module = ptx::parseModule(input.source, local);
  // Instructions are checked against the instruction table only once the syntax is sound.
  if (!local.hasErrors())
    ptx::validateModule(*input.module, local);
  if (!local.hasErrors())
    input.symbols = collectSymbols(*input.module, local);
  diags.append(local);
  if (local.hasErrors())
    return false;
  inputs_.push_back(std::move(input));
  return true;
}

std::vector<size_t> Linker::linkedInputs() const {
  std::vector<size_t> order(inputs_.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return inputs_[a].hash != inputs_[b].hash ? inputs_[a].hash < inputs_[b].hash : a < b;
  });
  std::vector<bool> linked(inputs_.size());
  for (size_t i : order)
    linked[i] = !inputs_[i].member;
  // Members join while one defines a name that the linked inputs need and do not define.
  for (bool grew = true; grew;) {
    grew = false;
    std::set<std::string_view> defined, needed;
    for (size_t i : order)
      if (linked[i])
        for (const ModuleSymbol &s : inputs_[i].symbols.symbols)
          (s.binding == Binding::Reference ? needed : defined).insert(s.name);
    for (size_t i : order) {
      if (linked[i])
        continue;
      for (const ModuleSymbol &s : inputs_[i].symbols.symbols) {
        bool defines = s.binding == Binding::Strong || s.binding == Binding::Weak || s.binding == Binding::Common;
        if (defines && needed.count(s.name) && !defined.count(s.name)) {
          linked[i] = grew = true;
          break;
        }
      }
      if (grew)
        break; // the first member in link order that helps, then look again
    }
  }
  std::erase_if(order, [&](size_t i) { return !linked[i]; });
  return order;
}

std::optional<std::string> Linker::link(DiagnosticEngine &diags) const {
  std::vector<size_t> order = linkedInputs();
  if (order.empty()) {
    diags.report(Severity::Error, std::string(), inputs_.empty() ? "no modules to link"
                                                                 : "no module to link: a library member is linked "
                                                                   "only where another module needs it");
    return std::nullopt;
  }
  std::vector<const ptx::Module *> modules;
  std::vector<ModuleSymbols> symbols;
  for (size_t i : order) {
    modules.push_back(inputs_[i].module.get());
    symbols.push_back(inputs_[i].symbols);
  }

  bool ok = true;
  LinkedHeader header;
  ok = mergeHeaders(modules, diags, &header) && ok;
  Resolution resolution;
  ok = resolveSymbols(modules, symbols, options_.providedByDriver, diags, &resolution) && ok;
  if (!ok)
    return std::nullopt;

  // Modules whose own names change, or whose debug files are renumbered, are parsed again
  // from their rewritten text; the others are used as they are.
  std::vector<std::unique_ptr<ptx::Module>> rewritten(modules.size());
  for (size_t m = 0; m < modules.size(); ++m) {
    if (resolution.renames[m].empty() && resolution.fileIndexOffsets[m] == 0)
      continue;
    const SourceFile &original = modules[m]->source();
    auto source = std::make_shared<SourceFile>(
        original.name(), rewriteModuleText(original.text(), resolution.renames[m], resolution.fileIndexOffsets[m]));
    DiagnosticEngine local(diags.maxRecorded());
    rewritten[m] = ptx::parseModule(source, local);
    if (!local.hasErrors())
      symbols[m] = collectSymbols(*rewritten[m], local);
    if (local.hasErrors()) {
      diags.report(Severity::Error, original.name(),
                   "internal error: the module does not parse once its names are made unique in the link");
      diags.append(local);
      return std::nullopt;
    }
    modules[m] = rewritten[m].get();
  }
  return printLinkedModule(modules, symbols, header, resolution);
}

std::optional<std::string> linkPtx(std::span<const LinkInput> inputs, DiagnosticEngine &diags,
                                   const LinkOptions &options) {
  Linker linker(options);
  bool ok = true;
  for (const LinkInput &input : inputs)
    ok = linker.addModule(input.name, input.ptx, diags) && ok;
  if (!ok)
    return std::nullopt;
  return linker.link(diags);
}

} // namespace p2m::link
