// tests/inputs/msl: every valid file passes the check without a diagnostic; every invalid file
// fails with each of its `// EXPECT:` diagnostics on the right line, and with no error on any
// other line.
#include "TestFiles.h"

#include "mslcheck/MslCheck.h"

#include <catch2/catch.hpp>

#include <set>

namespace p2m::mslcheck::test {
namespace {

TEST_CASE("valid MSL passes the subset check in every view", "[mslcheck][corpus]") {
  const std::vector<std::string> files = mslFiles("valid");
  REQUIRE(files.size() >= 5);
  for (const std::string &path : files) {
    const std::string name = baseName(path);
    SECTION(name) {
      // `// MSL-VERSION: 3.1` in a valid file: the first version it is valid for.
      const std::string source = readFile(path);
      for (unsigned version : {0u, 300u, 310u, 320u}) {
        if (version != 0 && version < checkedVersion(source))
          continue;
        const CheckResult result = checkMsl(source, name, {version});
        INFO("view: " << (version ? "Apple's, MSL " + std::to_string(version) : "host") << "\n"
                      << result.format());
        CHECK(result.compiled);
        CHECK(result.ok());
        CHECK(result.diagnostics.empty());
      }
    }
  }
}

TEST_CASE("invalid MSL fails with the expected diagnostics", "[mslcheck][corpus]") {
  const std::vector<std::string> files = mslFiles("invalid");
  REQUIRE(files.size() >= 20);
  for (const std::string &path : files) {
    const std::string name = baseName(path);
    SECTION(name) {
      const std::string source = readFile(path);
      const std::vector<Expectation> expected = expectations(source);
      REQUIRE_FALSE(expected.empty());
      const CheckResult result = checkMsl(source, name, {checkedVersion(source)});
      INFO(result.format());
      CHECK_FALSE(result.ok());
      std::set<unsigned> expectedLines;
      for (const Expectation &expectation : expected) {
        expectedLines.insert(expectation.line);
        bool found = false;
        for (const Diagnostic &diagnostic : result.diagnostics)
          found = found || (diagnostic.severity == Severity::Error && diagnostic.file == name &&
                            diagnostic.line == expectation.line &&
                            expectation.matches(diagnostic.message));
        INFO("expected on line " << expectation.line << ": " << expectation.substring << " "
                                 << expectation.tag);
        CHECK(found);
      }
      for (const Diagnostic &diagnostic : result.diagnostics) {
        if (diagnostic.severity != Severity::Error)
          continue;
        INFO("unexpected: " << formatDiagnostic(diagnostic));
        CHECK(expectedLines.count(diagnostic.line) == 1);
      }
    }
  }
}

TEST_CASE("every rule has an invalid input that exercises it", "[mslcheck][corpus]") {
  std::set<std::string> tags;
  for (const std::string &path : mslFiles("invalid"))
    for (const Expectation &expectation : expectations(readFile(path)))
      tags.insert(expectation.tag);
  const auto covered = [&](std::string_view tag) {
    return tags.count("[" + std::string(tag) + "]") == 1;
  };
#define RULE(Id, Tag, Summary) CHECK(covered(Tag));
#include "mslcheck/Rules.def"
}

} // namespace
} // namespace p2m::mslcheck::test
