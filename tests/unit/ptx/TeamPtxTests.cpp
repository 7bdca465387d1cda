// Parses and round-trips every PTX file the team committed under tests/inputs (nvcc and clang
// output of our own CUDA sources, plus hand-written syntax corners). Needs no CUDA install.
#include "TestHelpers.h"

#include "ptx/BodyReader.h"
#include "ptx/RoundTrip.h"
#include "support/FileIO.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace p2m;

TEST_CASE("every committed test PTX file parses and round-trips", "[corpus]") {
  namespace fs = std::filesystem;
  std::vector<fs::path> files = test::teamPtxFiles();
  REQUIRE(files.size() >= 10);
  for (const fs::path &file : files) {
    std::string error;
    auto text = readFile(file.string(), error);
    REQUIRE(text);
    auto p = test::parse(std::move(*text), file.string());
    INFO(p->errors());
    REQUIRE_FALSE(p->diags.hasErrors());
    std::string printed = ptx::printModule(*p->module);
    ptx::RoundTripResult r = ptx::checkRoundTrip(*p->module, printed);
    INFO(file.string() << ": " << r.message);
    CHECK(r.ok);
  }
  SUCCEED(files.size() << " files");
}

namespace {

// Where each statement of a body starts, nested blocks included, with each instruction's
// opcode and operand count: equal for two parses of the same body.
void fingerprint(const ptx::BlockStmt &block, std::vector<uint64_t> &out) {
  for (const ptx::Statement *s : block.statements) {
    out.push_back(uint64_t(s->offset) << 8 | uint64_t(s->kind));
    if (s->kind == ptx::StatementKind::Instruction) {
      const auto &in = static_cast<const ptx::Instruction &>(*s);
      out.push_back(uint64_t(in.opcode) << 16 | in.numOperands);
    } else if (s->kind == ptx::StatementKind::Block) {
      fingerprint(static_cast<const ptx::BlockStmt &>(*s), out);
    }
  }
}

std::vector<const ptx::Function *> functionsOf(const ptx::Module &module) {
  std::vector<const ptx::Function *> out;
  for (const ptx::Item *item : module.items)
    if (item->kind == ptx::ItemKind::Function)
      out.push_back(static_cast<const ptx::Function *>(item));
  return out;
}

} // namespace

TEST_CASE("a lazily parsed module reads back the bodies of the whole parse", "[corpus]") {
  for (const std::filesystem::path &file : test::teamPtxFiles()) {
    std::string error;
    auto text = readFile(file.string(), error);
    REQUIRE(text);
    auto source = std::make_shared<SourceFile>(file.string(), std::move(*text));
    DiagnosticEngine eagerDiags, lazyDiags;
    auto eager = ptx::parseModule(source, eagerDiags);
    std::vector<std::vector<uint64_t>> seen; // what the lazy parse showed of each body, in order
    auto see = [&](const ptx::Function &, const ptx::BlockStmt &body) { fingerprint(body, seen.emplace_back()); };
    auto lazy = ptx::parseModuleLazily(source, lazyDiags, see);
    INFO(file.string());
    REQUIRE(lazyDiags.diagnostics().size() == eagerDiags.diagnostics().size());
    std::vector<const ptx::Function *> eagerFns = functionsOf(*eager), lazyFns = functionsOf(*lazy);
    REQUIRE(lazyFns.size() == eagerFns.size());
    ptx::BodyReader reader(*lazy);
    size_t bodies = 0;
    for (size_t i = 0; i < eagerFns.size(); ++i) {
      const ptx::Function &e = *eagerFns[i], &l = *lazyFns[i];
      CHECK(l.name == e.name);
      CHECK(l.body == nullptr);
      REQUIRE(l.hasBody == (e.body != nullptr));
      CHECK(l.hasCalls == e.hasCalls);
      if (!e.body)
        continue;
      std::vector<uint64_t> expected, reread;
      fingerprint(*e.body, expected);
      fingerprint(*reader.read(l), reread);
      REQUIRE(bodies < seen.size());
      CHECK(seen[bodies++] == expected);
      CHECK(reread == expected);
    }
    CHECK(bodies == seen.size());
  }
}
