// The MSL test inputs (tests/inputs/msl) and their expectations.
#pragma once

#include <string>
#include <vector>

namespace p2m::mslcheck::test {

// tests/inputs/msl/<subdirectory>/*.metal, sorted by name.
std::vector<std::string> mslFiles(const std::string &subdirectory);
std::string readFile(const std::string &path);
std::string baseName(const std::string &path);

// One `// EXPECT: <substring> [<tag>]` of an invalid file: an error on `line` (the comment's
// own line when code precedes it there, else the next line) whose message contains the
// substring and, when given, ends with the rule's tag; Clang's own errors have no tag.
struct Expectation {
  unsigned line = 0;
  std::string substring;
  std::string tag; // "[msl-goto]", or empty

  bool matches(const std::string &message) const;
};
std::vector<Expectation> expectations(const std::string &source);

// The view an invalid file is checked in: `// MSL-VERSION: 3.0` asks for Apple's compiler's at
// that version (300); without it, the host compiler's (0).
unsigned checkedVersion(const std::string &source);

} // namespace p2m::mslcheck::test
