// The reflection of hand-built IR modules (as the pass pipeline leaves them): the exact text of
// a small module, the key facts of a larger one (parameter layout of a by-value struct, module
// variables with initializers and relocations, shared layout, features, a located error), a
// function's address in an initializer, and determinism.
#include "emitters/reflection/Reflection.h"

#include "ir/Ir.h"
#include "support/SourceFile.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>

using namespace p2m;
using namespace p2m::ir;
using p2m::reflection::emitReflection;
using p2m::reflection::ReflectionOptions;

namespace {

SymId addSymbol(Module &m, Symbol s) {
  m.symbols.push_back(std::move(s));
  return static_cast<SymId>(m.symbols.size() - 1);
}

FuncId addFunction(Module &m, std::string name, bool isEntry, uint32_t srcOffset) {
  Function f;
  f.ptxName = name;
  f.name = name;
  f.isEntry = isEntry;
  f.srcOffset = srcOffset;
  f.lowered = true; // as if the pipeline had run on it
  m.functions.push_back(std::move(f));
  FuncId id = static_cast<FuncId>(m.functions.size() - 1);
  Symbol s;
  s.ptxName = s.name = std::move(name);
  s.kind = SymbolKind::Function;
  s.function = id;
  addSymbol(m, std::move(s));
  return id;
}

SymId addParam(Module &m, FuncId owner, std::string name, Type type, uint32_t align,
               uint64_t size, uint64_t offset) {
  Symbol s;
  s.ptxName = s.name = std::move(name);
  s.kind = SymbolKind::Parameter;
  s.space = Space::Param;
  s.elementType = type;
  s.align = align;
  s.size = size;
  s.offset = offset;
  s.owner = owner;
  SymId id = addSymbol(m, std::move(s));
  m.function(owner).params.push_back(id);
  return id;
}

SymId addVariable(Module &m, std::string name, Space space, Type type, uint32_t align,
                  uint64_t size, uint64_t offset, std::vector<uint8_t> init = {}) {
  Symbol s;
  s.ptxName = name;
  s.name = "v_" + name;
  s.space = space;
  s.elementType = type;
  s.align = align;
  s.size = size;
  s.offset = offset;
  s.init = std::move(init);
  return addSymbol(m, std::move(s));
}

uint32_t offsetOf(const Module &m, std::string_view needle) {
  size_t at = m.source->text().find(needle);
  REQUIRE(at != std::string_view::npos);
  return static_cast<uint32_t>(at);
}

constexpr const char *kSmallPtx = ".version 8.5\n"
                                  ".target sm_90\n"
                                  ".address_size 64\n"
                                  "\n"
                                  ".func helper()\n"
                                  "{\n"
                                  "\tret;\n"
                                  "}\n"
                                  "\n"
                                  ".visible .entry k(\n"
                                  "\t.param .u32 n\n"
                                  ")\n"
                                  ".maxntid 128, 1, 1\n"
                                  ".minnctapersm 2\n"
                                  "{\n"
                                  "\tret;\n"
                                  "}\n";

Module smallModule() {
  Module m;
  m.source = std::make_shared<SourceFile>("small.ptx", kSmallPtx);
  m.version = "8.5";
  m.targets = {"sm_90"};
  addFunction(m, "helper", false, offsetOf(m, "helper"));
  FuncId k = addFunction(m, "k", true, offsetOf(m, "k("));
  addParam(m, k, "n", Type::U32, 4, 4, 0);
  Function &f = m.function(k);
  f.paramBytes = 4;
  f.maxntid = {128, 1, 1};
  f.minnctapersm = 2;
  f.features = kFeatureSimd | kFeatureHalf;
  return m;
}

constexpr const char *kSmallJson = R"J({
  "format": "ptx2metal-reflection",
  "version": 4,
  "source": {"file": "small.ptx", "sha256": "6c6e30d9b11f0a1098bd5850b60b71a8574c20d939f5e51b874aedba1e1498f6", "bytes": 152, "ptx_version": "8.5", "target": ["sm_90"], "address_size": 64},
  "msl": {"file": "small.metal"},
  "profile": {"msl_version": "3.2", "fp64": "ieee", "f32_subnormals": "flush"},
  "abi": {
    "params_buffer": 0,
    "module_buffer": 1,
    "threadgroup_index": 0,
    "threadgroup_granule": 16,
    "module_words": ["global_base", "const_base", "status", "printf", "atomic_locks"],
    "status_bits": {"trap": 1, "assert": 2},
    "launch_words_align": 16,
    "launch_words_bytes": 16,
    "body_suffix": "_body",
    "shared_window": "0xFFFE000000000000",
    "local_window": "0xFFFF000000000000",
    "param_window": "0xFFFC000000000000",
    "function_window": "0xFFFD000000000000",
    "window_size": "0x0000000100000000"
  },
  "module": {"global_bytes": 0, "const_bytes": 0, "variables": []},
  "kernels": [
    {
      "name": "k",
      "msl_name": "k",
      "body": "k_body",
      "demangled": null,
      "translated": true,
      "error": null,
      "params": [
        {"name": "n", "offset": 0, "size": 4, "align": 4, "type": "u32", "vector": 1, "array": null}
      ],
      "param_bytes": 4,
      "shared": {"static_bytes": 0, "dynamic": false, "variables": []},
      "local_bytes": 0,
      "reqntid": null,
      "maxntid": [128, 1, 1],
      "minnctapersm": 2,
      "features": ["half", "simd"]
    }
  ],
  "functions": [
    {"name": "helper", "msl_name": "helper", "translated": true, "error": null}
  ]
}
)J";

constexpr const char *kBigPtx =
    ".version 8.5\n"                                                      // 1
    ".target sm_90a, debug\n"                                             // 2
    ".address_size 64\n"                                                  // 3
    "\n"                                                                  // 4
    ".global .align 4 .u32 data[2] = {7, 9};\n"                           // 5
    ".global .align 8 .u64 table[2] = {generic(data)+4, 0};\n"            // 6
    ".const .align 16 .b8 msg[3] = {104, 105, 0};\n"                      // 7
    ".shared .align 4 .u32 sbuf[64];\n"                                   // 8
    ".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n" // 9
    "\n"                                                                  // 10
    ".visible .entry _Z3addPfi(\n"                                        // 11
    "\t.param .u64 _Z3addPfi_param_0,\n"                                  // 12
    "\t.param .align 8 .b8 _Z3addPfi_param_1[24],\n"                      // 13
    "\t.param .f32 _Z3addPfi_param_2\n"                                   // 14
    ")\n"                                                                 // 15
    ".reqntid 256\n"                                                      // 16
    "{\n"                                                                 // 17
    "\t.shared .align 16 .b8 tile[256];\n"                                // 18
    "\tret;\n"                                                            // 19
    "}\n"                                                                 // 20
    "\n"                                                                  // 21
    ".visible .entry bad()\n"                                             // 22
    "{\n"                                                                 // 23
    "\ttex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t, {%f5, %f6}];\n"        // 24
    "}\n";                                                                // 25

// A module as legalize-for-metal leaves it. `reverseShared` inserts the kernel's shared
// offsets in the other order (the reflection must not depend on the map's order).
Module bigModule(bool reverseShared = false) {
  Module m;
  m.source = std::make_shared<SourceFile>("dir/big.ptx", kBigPtx);
  m.version = "8.5";
  m.targets = {"sm_90a", "debug"};
  SymId data = addVariable(m, "data", Space::Global, Type::U32, 4, 8, 0, {7, 0, 0, 0, 9, 0, 0, 0});
  SymId table = addVariable(m, "table", Space::Global, Type::U64, 8, 16, 8,
                            std::vector<uint8_t>(16, 0));
  m.symbol(table).vector = 1;
  m.symbol(table).relocations.push_back({0, data, 4, true});
  addVariable(m, "msg", Space::Const, Type::B8, 16, 3, 0, {104, 105, 0});
  SymId sbuf = addVariable(m, "sbuf", Space::Shared, Type::U32, 4, 256, 0);
  m.globalBytes = 24;
  m.constBytes = 3;

  FuncId printf = addFunction(m, "vprintf", false, offsetOf(m, "vprintf"));
  m.function(printf).isDeclaration = true;

  FuncId add = addFunction(m, "_Z3addPfi", true, offsetOf(m, "_Z3addPfi("));
  addParam(m, add, "_Z3addPfi_param_0", Type::U64, 8, 8, 0);
  addParam(m, add, "_Z3addPfi_param_1", Type::B8, 8, 24, 8);
  addParam(m, add, "_Z3addPfi_param_2", Type::F32, 4, 4, 32);
  SymId tile = addVariable(m, "tile", Space::Shared, Type::B8, 16, 256, 0);
  m.symbol(tile).owner = add;
  Function &k = m.function(add);
  k.paramBytes = 36;
  k.reqntid = {256};
  std::vector<std::pair<SymId, uint64_t>> shared{{sbuf, 0}, {tile, 256}};
  if (reverseShared)
    std::swap(shared[0], shared[1]);
  for (auto [id, offset] : shared)
    k.sharedOffsets[id] = offset;
  k.staticSharedBytes = 512;
  k.usesDynamicShared = true;
  k.localWindowBytes = 48;
  k.features = kFeatureFp64 | kFeatureDynamicShared | kFeatureDenormals;

  FuncId bad = addFunction(m, "bad", true, offsetOf(m, "bad"));
  m.function(bad).unsupported =
      Unsupported{offsetOf(m, "tex.2d"), "tex: texture and surface instructions are not "
                                         "supported yet"};
  return m;
}

bool contains(const std::string &text, std::string_view fragment) {
  return text.find(fragment) != std::string::npos;
}

} // namespace

TEST_CASE("reflection: the exact text of a small module", "[reflection]") {
  ReflectionOptions options;
  options.mslFile = "small.metal";
  CHECK(emitReflection(smallModule(), options) == kSmallJson);
}

TEST_CASE("reflection: options", "[reflection]") {
  ReflectionOptions options;
  options.target.mslVersion = p2m::MslVersion::V3_0;
  options.target.fp64 = p2m::Fp64Mode::Demote;
  options.target.f32Subnormals = p2m::F32Subnormals::Keep;
  std::string json = emitReflection(smallModule(), options);
  CHECK(contains(json, R"J("msl": {"file": null},
  "profile": {"msl_version": "3.0", "fp64": "demote", "f32_subnormals": "keep"},)J"));
  options.target.mslVersion = p2m::MslVersion::V3_1;
  CHECK(contains(emitReflection(smallModule(), options), R"J("msl_version": "3.1",)J"));
}

TEST_CASE("reflection: source facts", "[reflection]") {
  Module m;
  m.source = std::make_shared<SourceFile>("abc.ptx", "abc");
  m.version = "7.0";
  m.addressSize = 32;
  std::string json = emitReflection(m, {});
  CHECK(contains(json, R"J("source": {"file": "abc.ptx", "sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "bytes": 3, "ptx_version": "7.0", "target": [], "address_size": 32},)J"));
  CHECK(contains(json, R"J("kernels": [],
  "functions": []
}
)J"));
}

TEST_CASE("reflection: a larger module", "[reflection]") {
  std::string json = emitReflection(bigModule(), {});
  INFO(json);

  SECTION("source") {
    CHECK(contains(json, R"J("target": ["sm_90a", "debug"],)J"));
    CHECK(contains(json, R"J("file": "dir/big.ptx",)J"));
  }

  SECTION("module variables: .global and .const only, with initializers and relocations") {
    CHECK(contains(json, R"J(  "module": {
    "global_bytes": 24,
    "const_bytes": 3,
    "variables": [
      {"name": "data", "msl_name": "v_data", "space": "global", "offset": 0, "size": 8, "align": 4, "type": "u32", "vector": 1, "init": "0700000009000000", "relocations": []},
      {
        "name": "table",
        "msl_name": "v_table",
        "space": "global",
        "offset": 8,
        "size": 16,
        "align": 8,
        "type": "u64",
        "vector": 1,
        "init": "00000000000000000000000000000000",
        "relocations": [
          {"offset": 0, "target": "data", "addend": 4, "generic": true, "function": null}
        ]
      },
      {"name": "msg", "msl_name": "v_msg", "space": "const", "offset": 0, "size": 3, "align": 16, "type": "b8", "vector": 1, "init": "686900", "relocations": []}
    ]
  },)J"));
    CHECK_FALSE(contains(json, R"J("name": "sbuf",
        "msl_name")J"));
  }

  SECTION("kernel: demangled name, parameter block with a by-value struct") {
    CHECK(contains(json, R"J(      "name": "_Z3addPfi",
      "msl_name": "_Z3addPfi",
      "body": "_Z3addPfi_body",
      "demangled": "add(float*, int)",
      "translated": true,
      "error": null,)J"));
    // nvcc's parameter names (`<kernel>_param_<index>`) are left out; "n" of the small module
    // is printed.
    CHECK(contains(json, R"J(      "params": [
        {"offset": 0, "size": 8, "align": 8, "type": "u64", "vector": 1, "array": null},
        {"offset": 8, "size": 24, "align": 8, "type": "b8", "vector": 1, "array": 24},
        {"offset": 32, "size": 4, "align": 4, "type": "f32", "vector": 1, "array": null}
      ],
      "param_bytes": 36,)J"));
  }

  SECTION("kernel: shared window by offset, local bytes, launch bounds, features") {
    CHECK(contains(json, R"J(      "shared": {
        "static_bytes": 512,
        "dynamic": true,
        "variables": [
          {"name": "sbuf", "offset": 0, "size": 256, "align": 4},
          {"name": "tile", "offset": 256, "size": 256, "align": 16}
        ]
      },
      "local_bytes": 48,
      "reqntid": [256],
      "maxntid": null,
      "minnctapersm": null,
      "features": ["fp64", "dynamic_shared", "denormals"]
    },)J"));
  }

  SECTION("an unsupported kernel: the located diagnostic") {
    CHECK(contains(json, R"J(      "name": "bad",
      "msl_name": "bad",
      "body": "bad_body",
      "demangled": null,
      "translated": false,
      "error": "dir/big.ptx:24:2: error: tex: texture and surface instructions are not supported yet",
      "params": [],
      "param_bytes": 0,)J"));
  }

  SECTION("declarations are not listed") {
    CHECK_FALSE(contains(json, "vprintf"));
    CHECK(contains(json, R"J("functions": []
}
)J"));
  }
}

TEST_CASE("reflection: a function's address in an initializer is the function's index", "[reflection]") {
  // As `.global .align 8 .u64 ops[2] = {helper, generic(data)};` leaves it: the runtime writes
  // function_window + 0 for helper (FuncId 0) and data's address for the other.
  Module m = smallModule();
  SymId data = addVariable(m, "data", Space::Global, Type::U32, 4, 4, 0, {1, 0, 0, 0});
  SymId ops = addVariable(m, "ops", Space::Global, Type::U64, 8, 16, 8, std::vector<uint8_t>(16, 0));
  SymId helper(0); // addFunction made the symbol of FuncId 0 first
  REQUIRE(m.symbol(helper).kind == SymbolKind::Function);
  REQUIRE(m.symbol(helper).function == FuncId(0));
  m.symbol(ops).relocations = {{0, helper, 0, false}, {8, data, 0, true}};
  m.globalBytes = 24;
  std::string json = emitReflection(m, {});
  INFO(json);
  CHECK(contains(json, R"J(        "relocations": [
          {"offset": 0, "target": "helper", "addend": 0, "generic": false, "function": 0},
          {"offset": 8, "target": "data", "addend": 0, "generic": true, "function": null}
        ])J"));
}

TEST_CASE("reflection: an unsupported function and escaped messages", "[reflection]") {
  Module m = smallModule();
  m.source = std::make_shared<SourceFile>("C:\\ptx\\small.ptx", kSmallPtx);
  m.functions[0].unsupported = Unsupported{offsetOf(m, "ret"), "a \"quoted\"\nmessage\x01"};
  std::string json = emitReflection(m, {});
  CHECK(contains(json, R"J("file": "C:\\ptx\\small.ptx",)J"));
  CHECK(contains(json, R"J(  "functions": [
    {"name": "helper", "msl_name": "helper", "translated": false, "error": "C:\\ptx\\small.ptx:7:2: error: a \"quoted\"\u000amessage\u0001"}
  ]
)J"));
}

TEST_CASE("reflection: deterministic byte for byte", "[reflection]") {
  std::string first = emitReflection(bigModule(), {});
  CHECK(emitReflection(bigModule(), {}) == first);
  CHECK(emitReflection(bigModule(true), {}) == first);

  // Many shared variables inserted in two orders: the listing follows the offsets.
  auto manyShared = [](bool reverse) {
    Module m = smallModule();
    std::vector<std::pair<SymId, uint64_t>> shared;
    for (uint64_t i = 0; i < 100; ++i)
      shared.emplace_back(
          addVariable(m, "s" + std::to_string(i), Space::Shared, Type::U32, 4, 4, 0), 4 * i);
    if (reverse)
      std::reverse(shared.begin(), shared.end());
    Function &k = m.functions[1];
    for (auto [id, offset] : shared)
      k.sharedOffsets[id] = offset;
    k.staticSharedBytes = 400;
    return emitReflection(m, {});
  };
  std::string a = manyShared(false);
  CHECK(a == manyShared(true));
  size_t s0 = a.find("\"s0\""), s1 = a.find("\"s1\""), s99 = a.find("\"s99\"");
  CHECK(s0 < s1);
  CHECK(s1 < s99);
}
