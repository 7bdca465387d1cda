#include "mslcheck/MslCheck.h"

#include "mslcheck/ClangDiagnostics.h"
#include "mslcheck/EmbeddedHeaders.h"
#include "mslcheck/MslNames.h"
#include "mslcheck/DivergentBarrierCheck.h"
#include "mslcheck/RecursionCheck.h"
#include "mslcheck/Reporter.h"
#include "mslcheck/SubsetVisitor.h"
#include "support/SourceFile.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendAction.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <memory>
#include <tuple>

namespace p2m::mslcheck {

std::string_view ruleTag(Rule rule) {
  switch (rule) {
#define RULE(Id, Tag, Summary)                                                                    \
  case Rule::Id: return Tag;
#include "mslcheck/Rules.def"
  }
  return "msl";
}

std::string_view ruleSummary(Rule rule) {
  switch (rule) {
#define RULE(Id, Tag, Summary)                                                                    \
  case Rule::Id: return Summary;
#include "mslcheck/Rules.def"
  }
  return "";
}

bool CheckResult::ok() const { return compiled && errorCount() == 0; }

unsigned CheckResult::errorCount() const {
  return static_cast<unsigned>(std::count_if(
      diagnostics.begin(), diagnostics.end(),
      [](const Diagnostic &d) { return d.severity == Severity::Error; }));
}

std::string CheckResult::format() const {
  std::string out;
  for (const Diagnostic &diagnostic : diagnostics)
    out += formatDiagnostic(diagnostic);
  return out;
}

namespace {

// Where the checked file appears to Clang (a virtual path, like the headers' directory).
constexpr const char *kInputPath = "/p2m-input/input.metal";

// Runs the subset rules once Clang has parsed the whole file (pending template instantiations
// included), on whatever it could parse.
class CheckConsumer : public clang::ASTConsumer {
public:
  CheckConsumer(const SourceFile &file, std::vector<Diagnostic> &out) : file_(file), out_(out) {}

  void HandleTranslationUnit(clang::ASTContext &context) override {
    Reporter reporter(context.getSourceManager(), file_);
    SubsetVisitor(context, reporter).run();
    checkRecursion(context, reporter);
    checkDivergentBarriers(context, reporter);
    out_ = reporter.take();
  }

private:
  const SourceFile &file_;
  std::vector<Diagnostic> &out_;
};

class CheckAction : public clang::ASTFrontendAction {
public:
  CheckAction(const SourceFile &file, std::vector<Diagnostic> &out) : file_(file), out_(out) {}

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &,
                                                        llvm::StringRef) override {
    return std::make_unique<CheckConsumer>(file_, out_);
  }

private:
  const SourceFile &file_;
  std::vector<Diagnostic> &out_;
};

// The checked file and the standard library headers, and nothing else: no system headers, no
// reads from disk.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> makeFileSystem(const SourceFile &file) {
  auto fileSystem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  fileSystem->addFile(kInputPath, 0, llvm::MemoryBuffer::getMemBufferCopy(file.text(), kInputPath));
  for (const EmbeddedFile &header : embeddedHeaders()) {
    const std::string path = std::string(kHeaderDirectory) + "/" + std::string(header.name);
    fileSystem->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(header.text, path));
  }
  return fileSystem;
}

// Orders errors by position in the checked file (diagnostics elsewhere last), each keeping
// the notes that follow it.
std::vector<Diagnostic> inFileOrder(std::vector<Diagnostic> diagnostics,
                                    const std::string &fileName) {
  std::vector<std::vector<Diagnostic>> groups;
  for (Diagnostic &diagnostic : diagnostics) {
    if (diagnostic.severity != Severity::Note || groups.empty())
      groups.emplace_back();
    groups.back().push_back(std::move(diagnostic));
  }
  // Sorted by position, ties in arrival order (std::stable_sort trips a libstdc++
  // deprecation warning under Clang).
  const auto key = [&](size_t index) {
    const Diagnostic &d = groups[index].front();
    return std::make_tuple(d.file == fileName ? 0 : 1, d.line, d.column, index);
  };
  std::vector<size_t> order(groups.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
  std::vector<Diagnostic> out;
  for (size_t index : order)
    for (Diagnostic &diagnostic : groups[index])
      out.push_back(std::move(diagnostic));
  return out;
}

// `[[threadgroup(0)]]` names an attribute after what the host headers define as a macro (the
// threadgroup address space), which would expand inside the brackets into a parse error. For
// Apple's view the name is masked in the text Clang parses with a name of the same length
// (positions stay exact), which Clang then ignores as an unknown attribute; the kernel rules
// read attributes from the original text (KernelSignature.cpp). Only attribute names are
// masked: an identifier right after `[[`, `,` or `::` inside `[[ ... ]]`, followed by `(`.
std::string maskAttributeNames(std::string_view text) {
  static constexpr std::string_view kMasked = "threadgroup";
  static constexpr std::string_view kMask = "p2m_tg_attr";
  static_assert(kMasked.size() == kMask.size());
  std::string out(text);
  size_t at = 0;
  while ((at = out.find("[[", at)) != std::string::npos) {
    const size_t close = out.find("]]", at + 2);
    if (close == std::string::npos)
      break;
    bool nameExpected = true;
    int depth = 0;
    for (size_t i = at + 2; i < close;) {
      const char c = out[i];
      if (isIdentifierChar(c)) {
        const size_t start = i;
        while (i < close && isIdentifierChar(out[i]))
          ++i;
        size_t next = i;
        while (next < close && (out[next] == ' ' || out[next] == '\t'))
          ++next;
        if (nameExpected && depth == 0 && next < close && out[next] == '(' &&
            std::string_view(out).substr(start, i - start) == kMasked)
          out.replace(start, kMask.size(), kMask);
        nameExpected = false;
        continue;
      }
      if (c == '(')
        ++depth;
      else if (c == ')')
        --depth;
      else if (c == ',' && depth == 0)
        nameExpected = true;
      ++i;
    }
    at = close + 2;
  }
  return out;
}

} // namespace

CheckResult checkMsl(std::string_view source, std::string fileName, CheckOptions options) {
  const SourceFile file(fileName, std::string(source));
  const bool appleView = options.mslVersion != 0;
  const SourceFile parsed(fileName, appleView ? maskAttributeNames(source) : std::string(source));
  CheckResult result;
  ClangDiagnostics clangDiagnostics(file);
  std::vector<Diagnostic> ruleDiagnostics;

  // A host compiler's or Apple's compiler's view of the file against metal_stdlib, with the
  // host backend's type rules (LP64, signed char), in C++14 as MSL 3 is: later features are
  // errors in the file (the headers are system headers to the check). Exceptions are enabled
  // so that throw and try reach the rules instead of failing to parse; vector conversions are
  // as strict as Metal's. Other warnings are not computed. __P2M_MSL_CHECK__ leaves `double`
  // unpoisoned for the type rule.
  const std::string includeDirectory(kHeaderDirectory);
  const std::string versionDefine = "-D__METAL_VERSION__=" + std::to_string(options.mslVersion);
  std::vector<const char *> arguments = {
      "-triple", "x86_64-unknown-linux-gnu", "-x", "c++", "-std=c++14", "-fsyntax-only",
      "-fcxx-exceptions", "-fexceptions", "-flax-vector-conversions=none",
      "-fno-caret-diagnostics", "-Wno-everything", "-Werror=c++17-extensions",
      "-Werror=c++20-extensions", "-Werror=c++23-extensions", "-ferror-limit", "50",
      "-D__P2M_MSL_CHECK__=1", "-I", includeDirectory.c_str(), kInputPath};
  if (appleView)
    arguments.insert(arguments.end() - 1, versionDefine.c_str());

  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> argumentOptions =
      new clang::DiagnosticOptions();
  clang::DiagnosticsEngine argumentDiagnostics(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), argumentOptions, &clangDiagnostics,
      /*ShouldOwnClient=*/false);
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  const bool parsedArguments =
      clang::CompilerInvocation::CreateFromArgs(*invocation, arguments, argumentDiagnostics);

  bool ran = false;
  if (parsedArguments) {
    clang::CompilerInstance compiler;
    compiler.setInvocation(std::move(invocation));
    compiler.createDiagnostics(&clangDiagnostics, /*ShouldOwnClient=*/false);
    compiler.createFileManager(makeFileSystem(parsed));
    compiler.createSourceManager(compiler.getFileManager());
    CheckAction action(file, ruleDiagnostics);
    ran = compiler.ExecuteAction(action);
  }

  result.compiled = ran && clangDiagnostics.getNumErrors() == 0;
  std::vector<Diagnostic> all = clangDiagnostics.take();
  if (!parsedArguments) {
    Diagnostic internal;
    internal.file = fileName;
    internal.message = "internal error: the MSL check could not set up Clang";
    all.push_back(std::move(internal));
  }
  for (Diagnostic &diagnostic : ruleDiagnostics)
    all.push_back(std::move(diagnostic));
  result.diagnostics = inFileOrder(std::move(all), fileName);
  return result;
}

CheckResult checkGeneratedMsl(std::string_view source, std::string fileName, const TargetProfile &target) {
  CheckResult host = checkMsl(source, fileName);
  CheckResult apple = checkMsl(source, fileName, {target.mslVersionNumber()});
  const auto same = [](const Diagnostic &a, const Diagnostic &b) {
    return a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message;
  };
  CheckResult both;
  both.compiled = host.compiled && apple.compiled;
  both.diagnostics = std::move(host.diagnostics);
  const size_t hostCount = both.diagnostics.size();
  const std::string prefix = "MSL " + std::string(spelling(target.mslVersion)) + ": ";
  bool keepNotes = false;
  for (Diagnostic &diagnostic : apple.diagnostics) {
    if (diagnostic.severity == Severity::Note) {
      if (keepNotes)
        both.diagnostics.push_back(std::move(diagnostic));
      continue;
    }
    keepNotes = std::none_of(both.diagnostics.begin(), both.diagnostics.begin() + hostCount,
                             [&](const Diagnostic &d) { return same(d, diagnostic); });
    if (!keepNotes)
      continue;
    diagnostic.message = prefix + diagnostic.message;
    both.diagnostics.push_back(std::move(diagnostic));
  }
  both.diagnostics = inFileOrder(std::move(both.diagnostics), fileName);
  return both;
}

} // namespace p2m::mslcheck
