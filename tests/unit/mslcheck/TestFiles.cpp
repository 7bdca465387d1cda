#include "TestFiles.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace p2m::mslcheck::test {

std::vector<std::string> mslFiles(const std::string &subdirectory) {
  std::vector<std::string> files;
  const std::filesystem::path directory =
      std::filesystem::path(P2M_SOURCE_ROOT) / "tests" / "inputs" / "msl" / subdirectory;
  for (const auto &entry : std::filesystem::directory_iterator(directory))
    if (entry.path().extension() == ".metal")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string baseName(const std::string &path) {
  return std::filesystem::path(path).filename().string();
}

std::vector<Expectation> expectations(const std::string &source) {
  static const std::string marker = "// EXPECT:";
  std::vector<Expectation> out;
  std::istringstream lines(source);
  std::string line;
  unsigned number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const size_t at = line.find(marker);
    if (at == std::string::npos)
      continue;
    Expectation expectation;
    const bool alone = line.find_first_not_of(" \t") == at;
    expectation.line = alone ? number + 1 : number;
    expectation.substring = line.substr(at + marker.size());
    const size_t start = expectation.substring.find_first_not_of(' ');
    const size_t end = expectation.substring.find_last_not_of(" \r");
    expectation.substring =
        start == std::string::npos ? "" : expectation.substring.substr(start, end - start + 1);
    if (!expectation.substring.empty() && expectation.substring.back() == ']') {
      const size_t open = expectation.substring.rfind(" [");
      if (open != std::string::npos) {
        expectation.tag = expectation.substring.substr(open + 1);
        expectation.substring.erase(open);
      }
    }
    out.push_back(expectation);
  }
  return out;
}

bool Expectation::matches(const std::string &message) const {
  if (message.find(substring) == std::string::npos)
    return false;
  return tag.empty() || (message.size() >= tag.size() &&
                         message.compare(message.size() - tag.size(), tag.size(), tag) == 0);
}

unsigned checkedVersion(const std::string &source) {
  static const std::string marker = "// MSL-VERSION: ";
  const size_t at = source.find(marker);
  if (at == std::string::npos || at + marker.size() + 3 > source.size())
    return 0;
  const char major = source[at + marker.size()], minor = source[at + marker.size() + 2];
  return static_cast<unsigned>((major - '0') * 100 + (minor - '0') * 10);
}

} // namespace p2m::mslcheck::test
