// `ptx2metal extract`: write the distinct PTX texts (and optionally cubins) embedded in
// fatbins, object files and shared libraries, or list their entries. Orchestration only:
// finding, decoding and describing the entries is lib/fatbin's job.
#include "Commands.h"

#include "fatbin/ExtractionReport.h"
#include "fatbin/InputFile.h"
#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"
#include "support/FileIO.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace p2m::cli {

namespace {

struct ExtractOptions {
  std::vector<std::string> files;
  std::string outputDir;
  bool cubins = false;
  bool list = false;
  bool json = false;
  bool quiet = false;
};

void printProblems(const std::string &path, const std::vector<fatbin::Error> &problems,
                   std::string_view severity) {
  for (const fatbin::Error &problem : problems)
    fmt::print(stderr, "{}: {}: {}\n", path, severity, fatbin::describe(problem));
}

int runList(const ExtractOptions &opts) {
  int status = 0;
  fatbin::JsonListing json;
  for (const std::string &path : opts.files) {
    fatbin::Result<fatbin::InputFile> file = fatbin::InputFile::open(path);
    if (!file) {
      fmt::print(stderr, "{}: error: {}\n", path, file.error().reason);
      if (opts.json)
        json.addFailure(path, file.error());
      status = 1;
      continue;
    }
    fatbin::Result<fatbin::FatbinScan> scan = fatbin::scanFatbins(file->bytes());
    if (!scan) {
      fmt::print(stderr, "{}: error: {}\n", path, scan.error().reason);
      if (opts.json)
        json.addFailure(path, scan.error());
      status = 1;
      continue;
    }
    printProblems(path, scan->errors, "error");
    printProblems(path, scan->warnings, "warning");
    if (!scan->errors.empty())
      status = 1;
    if (opts.json)
      json.add(path, *scan);
    else
      fmt::print("{}", fatbin::formatListing(path, *scan));
  }
  if (opts.json)
    fmt::print("{}", json.render());
  return status;
}

int runExtract(const ExtractOptions &opts) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opts.outputDir, ec);
  if (ec) {
    fmt::print(stderr, "{}: error: cannot create output directory: {}\n", opts.outputDir,
               ec.message());
    return 1;
  }

  fatbin::ExtractOptions extractOptions;
  extractOptions.cubins = opts.cubins;
  fatbin::ExtractionIndex index;
  // Written file name -> full hash: names are content hashes, so a name already written by
  // an earlier input holds the same bytes and is not written again.
  std::map<std::string, std::string> written;
  uint64_t writtenPtx = 0, writtenPtxBytes = 0, writtenCubins = 0;
  int status = 0;

  for (const std::string &path : opts.files) {
    fatbin::Result<fatbin::Extraction> extraction = fatbin::extractFromFile(path, extractOptions);
    if (!extraction) {
      fmt::print(stderr, "{}: error: {}\n", path, extraction.error().reason);
      status = 1;
      continue;
    }
    printProblems(path, extraction->errors, "error");
    printProblems(path, extraction->warnings, "warning");
    if (!extraction->errors.empty())
      status = 1;

    for (const fatbin::ExtractedContent &content : extraction->contents) {
      auto [it, isNew] = written.try_emplace(content.fileName, content.hash.hex());
      if (!isNew) {
        if (it->second != content.hash.hex()) {
          fmt::print(stderr, "{}: error: two different contents are both named {}\n", path,
                     content.fileName);
          status = 1;
        }
        continue;
      }
      std::string error;
      std::string target = (fs::path(opts.outputDir) / content.fileName).string();
      std::string_view data(reinterpret_cast<const char *>(content.data.data()),
                            content.data.size());
      if (!writeFile(target, data, error)) {
        fmt::print(stderr, "{}: error: cannot write: {}\n", target, error);
        status = 1;
        written.erase(it);
        continue;
      }
      if (content.kind == fatbin::ContentKind::Ptx) {
        ++writtenPtx;
        writtenPtxBytes += content.data.size();
      } else {
        ++writtenCubins;
      }
    }
    index.add(path, *extraction);
    if (!opts.quiet)
      fmt::print("{}\n", fatbin::formatSummary(path, *extraction));
  }

  std::string error;
  std::string indexPath = (fs::path(opts.outputDir) / "index.json").string();
  if (!writeFile(indexPath, index.render(), error)) {
    fmt::print(stderr, "{}: error: cannot write: {}\n", indexPath, error);
    status = 1;
  }
  if (!opts.quiet && opts.files.size() > 1)
    fmt::print("total: {} distinct PTX ({}){} written to {}\n", writtenPtx,
               fatbin::formatSize(writtenPtxBytes),
               opts.cubins ? fmt::format(", {} distinct cubins", writtenCubins) : "",
               opts.outputDir);
  return status;
}

} // namespace

CommandRunner registerExtractCommand(CLI::App &root) {
  auto opts = std::make_shared<ExtractOptions>();
  CLI::App *cmd = root.add_subcommand(
      "extract", "Extract the PTX (and cubins) embedded in fatbins, object files, static "
                 "archives and shared libraries (ELF, Mach-O, COFF).");
  // Unreadable files are reported by the command itself ("FILE: error: ..."), so that one
  // bad path among many does not stop the others from being processed.
  cmd->add_option("files", opts->files, "Fatbin, object, archive or library files")->required();
  CLI::Option *output =
      cmd->add_option("-o,--output", opts->outputDir,
                      "Directory receiving one <hash>.ptx per distinct PTX text and index.json");
  cmd->add_flag("--cubin", opts->cubins,
                "Also write every distinct cubin, decompressed, as <hash>.sm_XX.cubin");
  CLI::Option *list = cmd->add_flag(
      "--list", opts->list,
      "List every entry (kind, arch, version, compression, sizes, name) instead of extracting");
  cmd->add_flag("--json", opts->json, "With --list: print the listing as JSON")->needs(list);
  cmd->add_flag("-q,--quiet", opts->quiet, "Do not print the per-file summaries");
  list->excludes(output);
  cmd->footer("File names are the first 16 hex digits of the BLAKE3 hash of the content, so "
              "identical PTX found in several inputs is written once.\n"
              "Exit status: 0 on success, 1 if any input could not be read or decoded.");
  // Checked here rather than with ->required() because --list needs no output directory;
  // thrown during parsing, it is reported like any other usage error.
  cmd->callback([opts] {
    if (!opts->list && opts->outputDir.empty())
      throw CLI::RequiredError("--output (or --list)");
  });
  return [opts] { return opts->list ? runList(*opts) : runExtract(*opts); };
}

} // namespace p2m::cli
