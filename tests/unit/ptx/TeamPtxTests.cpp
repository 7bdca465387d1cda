// Parses and round-trips every PTX file the team committed under tests/inputs (nvcc and clang
// output of our own CUDA sources, plus hand-written syntax corners). Needs no CUDA install.
#include "TestHelpers.h"

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
