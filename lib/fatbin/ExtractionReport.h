// Human- and machine-readable reports of what a file's fatbins contain: the entry listing
// (`ptx2metal extract --list [--json]`), the one-line extraction summary, and the index.json
// written next to extracted files. Kept out of the CLI so that other tools print the same.
#pragma once

#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"

#include <memory>
#include <string>

namespace p2m::fatbin {

// Text listing: a heading line for the file, one line per container, one per entry.
std::string formatListing(const std::string &path, const FatbinScan &scan);

// "PATH: 3 containers, 6 entries: 3 PTX (2 distinct, 1.2 KB), 3 cubins (...), 0 skipped ..."
std::string formatSummary(const std::string &path, const Extraction &extraction);

// Byte counts for summaries: "1234 B", "12.3 KB", "409.1 MB" (powers of 1000, like the
// figures in docs/FATBIN.md).
std::string formatSize(uint64_t bytes);

// The JSON listing of several files: an array with one object per file.
class JsonListing {
public:
  JsonListing();
  ~JsonListing();
  JsonListing(const JsonListing &) = delete;
  JsonListing &operator=(const JsonListing &) = delete;

  void add(const std::string &path, const FatbinScan &scan);
  void addFailure(const std::string &path, const Error &error);
  std::string render() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// index.json: for every written file name, the entries (from any input) that hold its
// content, with their source file and metadata.
class ExtractionIndex {
public:
  ExtractionIndex();
  ~ExtractionIndex();
  ExtractionIndex(const ExtractionIndex &) = delete;
  ExtractionIndex &operator=(const ExtractionIndex &) = delete;

  void add(const std::string &source, const Extraction &extraction);
  std::string render() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace p2m::fatbin
