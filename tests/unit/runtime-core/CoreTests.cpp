// Unit tests of lib/runtime/core's pure parts: the reflection reader, parameter packing,
// launch validation, the allocation table and module-image classification.
#include "runtime/core/AllocationTable.h"
#include "runtime/core/LaunchValidation.h"
#include "runtime/core/ModuleImage.h"
#include "runtime/core/ModuleReflection.h"
#include "runtime/core/ParamPacking.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace p2m::runtime;

namespace {

// A minimal, valid reflection with one kernel and one variable; tests break one field.
std::string reflectionText(const std::string &kernelExtra = "", const std::string &variable = "",
                           const std::string &params =
                               R"([{"name":"a","offset":0,"size":4,"align":4},{"name":"p","offset":8,"size":8,"align":8}])",
                           const std::string &paramBytes = "16") {
  std::string var = variable.empty()
                        ? R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":"0102","relocations":[]})"
                        : variable;
  return R"({"format":"ptx2metal-reflection","version":4,"source":{"sha256":"00"},"msl":{"file":null},)"
         R"("profile":{"msl_version":"3.1","fp64":"ieee","f32_subnormals":"keep"},)"
         R"("module":{"global_bytes":8,"const_bytes":0,"variables":[)" +
         var + R"(]},"kernels":[{"name":"k","msl_name":"k","translated":true,"error":null,"params":)" + params +
         R"(,"param_bytes":)" + paramBytes +
         R"(,"shared":{"static_bytes":32,"dynamic":true,"variables":[]},"local_bytes":0,)"
         R"("reqntid":null,"maxntid":null)" +
         kernelExtra + "}]}";
}

// `text` with its first `from` replaced by `to`.
std::string replaced(std::string text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

RuntimeErrorCode codeOf(const RuntimeStatus &s) { return s ? s->code : RuntimeErrorCode::NotSupported; }

} // namespace

TEST_CASE("reflection: a valid text is read completely", "[runtime-core][reflection]") {
  ModuleReflection r;
  RuntimeStatus s = parseReflection(reflectionText(), &r);
  REQUIRE_FALSE(s);
  CHECK(r.target.mslVersion == p2m::MslVersion::V3_1);
  CHECK(r.target.f32Subnormals == p2m::F32Subnormals::Keep);
  CHECK(r.globalBytes == 8);
  REQUIRE(r.kernels.size() == 1);
  const KernelInfo *k = r.findKernel("k");
  REQUIRE(k);
  CHECK(k->paramBytes == 16);
  REQUIRE(k->params.size() == 2);
  CHECK(k->params[1].offset == 8);
  CHECK(k->staticSharedBytes == 32);
  CHECK(k->dynamicShared);
  const VariableInfo *g = r.findVariable("g");
  REQUIRE(g);
  CHECK(g->init == std::vector<uint8_t>{1, 2});
  CHECK(r.findKernel("missing") == nullptr);
  CHECK_FALSE(k->usesPrintf); // no "features": a reflection written before they were read
}

TEST_CASE("reflection: a parameter without a name has nvcc's", "[runtime-core][reflection]") {
  ModuleReflection r;
  REQUIRE_FALSE(parseReflection(
      reflectionText("", "", R"([{"name":"a","offset":0,"size":4,"align":4},{"offset":8,"size":8,"align":8}])"), &r));
  REQUIRE(r.kernels[0].params.size() == 2);
  CHECK(r.kernels[0].params[0].name == "a");
  CHECK(r.kernels[0].params[1].name == "k_param_1");
  CHECK(r.kernels[0].params[1].offset == 8);
}

TEST_CASE("reflection: the features the runtime acts on", "[runtime-core][reflection]") {
  ModuleReflection r;
  REQUIRE_FALSE(parseReflection(reflectionText(R"(,"features":["fp64","printf"])"), &r));
  CHECK(r.kernels[0].usesPrintf);
  REQUIRE_FALSE(parseReflection(reflectionText(R"(,"features":["simd","some_future_feature"])"), &r));
  CHECK_FALSE(r.kernels[0].usesPrintf);
  CHECK(parseReflection(reflectionText(R"(,"features":"printf")"), &r));
  CHECK(parseReflection(reflectionText(R"(,"features":[11])"), &r));
}

TEST_CASE("reflection: relocations to variables and to functions", "[runtime-core][reflection]") {
  ModuleReflection r;
  REQUIRE_FALSE(parseReflection(
      reflectionText("", R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":null,"relocations":[)"
                         R"({"offset":0,"target":"f","addend":0,"generic":false,"function":3}]})"),
      &r));
  REQUIRE(r.variables[0].relocations.size() == 1);
  CHECK(r.variables[0].relocations[0].function == 3u);
  // null, or absent as in reflections written before function ids: a variable's address.
  for (const char *function : {R"(,"function":null)", ""}) {
    REQUIRE_FALSE(parseReflection(
        reflectionText("", std::string(R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":null,)"
                                       R"("relocations":[{"offset":0,"target":"g","addend":4,"generic":false)") +
                               function + "}]}"),
        &r));
    CHECK_FALSE(r.variables[0].relocations[0].function);
    CHECK(r.variables[0].relocations[0].addend == 4);
  }
}

TEST_CASE("reflection: texture and surface references", "[runtime-core][reflection]") {
  ModuleReflection r;
  auto variable = [](const std::string &extra, const std::string &space = "global", const std::string &size = "8") {
    return R"({"name":"t","space":")" + space + R"(","offset":0,"size":)" + size + R"(,"align":8)" + extra +
           R"(,"init":null,"relocations":[]})";
  };
  REQUIRE_FALSE(parseReflection(reflectionText("", variable("")), &r));
  CHECK(r.variables[0].reference == ReferenceKind::None);
  REQUIRE_FALSE(parseReflection(reflectionText("", variable(R"(,"reference":"texture")")), &r));
  CHECK(r.variables[0].reference == ReferenceKind::Texture);
  REQUIRE_FALSE(parseReflection(reflectionText("", variable(R"(,"reference":"surface")")), &r));
  CHECK(r.variables[0].reference == ReferenceKind::Surface);
  // Another kind, or a variable that cannot hold a 64-bit handle, is an error.
  CHECK(parseReflection(reflectionText("", variable(R"(,"reference":"sampler")")), &r));
  CHECK(parseReflection(reflectionText("", variable(R"(,"reference":"texture")", "global", "4")), &r));
  std::string inConst = replaced(reflectionText("", variable(R"(,"reference":"texture")", "const")),
                                 R"("const_bytes":0)", R"("const_bytes":8)");
  CHECK_FALSE(parseReflection(replaced(inConst, R"(,"reference":"texture")", ""), &r)); // valid without it
  CHECK(parseReflection(inConst, &r));
}

TEST_CASE("reflection: malformed or inconsistent texts are errors", "[runtime-core][reflection]") {
  ModuleReflection r;
  auto bad = [&](const std::string &text) {
    RuntimeStatus s = parseReflection(text, &r);
    REQUIRE(s);
    CHECK(s->code == RuntimeErrorCode::InvalidImage);
    return s->message;
  };
  bad("");
  bad("{");
  bad("[]");
  bad(R"({"format":"something else","version":2})");
  // A reflection of another format version, and profiles this runtime does not know.
  CHECK(bad(replaced(reflectionText(), R"("version":4)", R"("version":2)")).find("version 2") != std::string::npos);
  CHECK(bad(replaced(reflectionText(), R"("fp64":"ieee")", R"("fp64":"quad")"))
            .find("reflection.profile.fp64: 'quad' is none of ieee, demote, error") != std::string::npos);
  CHECK(bad(replaced(reflectionText(), R"(,"f32_subnormals":"keep")", ""))
            .find("reflection.profile.f32_subnormals") != std::string::npos);
  CHECK(bad(reflectionText().substr(0, 60)).find("JSON") != std::string::npos);
  // A parameter past param_bytes.
  CHECK(bad(reflectionText("", "", R"([{"name":"a","offset":16,"size":4,"align":4}])")).find("params[0]") !=
        std::string::npos);
  // Overlapping parameters.
  bad(reflectionText("", "", R"([{"name":"a","offset":0,"size":8,"align":4},{"name":"b","offset":4,"size":4,"align":4}])"));
  // Misaligned parameter.
  bad(reflectionText("", "", R"([{"name":"a","offset":2,"size":4,"align":4}])"));
  // A variable outside its segment, an initializer longer than the variable, bad hex, a
  // relocation past the end, an unknown space.
  bad(reflectionText("", R"({"name":"g","space":"global","offset":4,"size":8,"align":8,"init":null,"relocations":[]})"));
  bad(reflectionText("", R"({"name":"g","space":"global","offset":0,"size":1,"align":1,"init":"0102","relocations":[]})"));
  bad(reflectionText("", R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":"zz","relocations":[]})"));
  bad(reflectionText("", R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":null,)"
                         R"("relocations":[{"offset":4,"target":"g","addend":0,"generic":false}]})"));
  bad(reflectionText("", R"({"name":"g","space":"shared","offset":0,"size":8,"align":8,"init":null,"relocations":[]})"));
  // A function index that is not a 32-bit number, a function's address with an addend.
  for (const char *function : {R"("function":-1)", R"("function":"f")", R"("function":4294967296)"})
    bad(reflectionText("", std::string(R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":null,)"
                                       R"("relocations":[{"offset":0,"target":"f","addend":0,"generic":false,)") +
                               function + "}]}"));
  bad(reflectionText("", R"({"name":"g","space":"global","offset":0,"size":8,"align":8,"init":null,)"
                         R"("relocations":[{"offset":0,"target":"f","addend":8,"generic":false,"function":0}]})"));
  // Negative sizes, strings for numbers, a zero reqntid.
  bad(reflectionText("", "", "[]", "-1"));
  bad(reflectionText("", "", "[]", "\"16\""));
  bad(reflectionText(R"(,"reqntid":[0])"));
}

TEST_CASE("params: kernelParams are copied to their offsets, the launch word follows", "[runtime-core][params]") {
  ModuleReflection r;
  REQUIRE_FALSE(parseReflection(reflectionText(), &r));
  const KernelInfo &k = r.kernels[0];
  uint32_t a = 0x11223344;
  uint64_t p = 0x0102030405060708ull;
  void *args[] = {&a, &p};
  std::vector<uint8_t> buffer;
  REQUIRE_FALSE(packParams(k, args, nullptr, 1234, &buffer));
  REQUIRE(buffer.size() == 32); // align16(16) + 16
  uint32_t a2;
  uint64_t p2;
  uint32_t dyn;
  std::memcpy(&a2, buffer.data(), 4);
  std::memcpy(&p2, buffer.data() + 8, 8);
  std::memcpy(&dyn, buffer.data() + 16, 4);
  CHECK(a2 == a);
  CHECK(p2 == p);
  CHECK(dyn == 1234);
  CHECK(launchWordsOffset(0) == 0);
  CHECK(launchWordsOffset(12) == 16);
  CHECK(launchWordsOffset(17) == 32);
}

TEST_CASE("params: extra must give a block of the kernel's size", "[runtime-core][params]") {
  ModuleReflection r;
  REQUIRE_FALSE(parseReflection(reflectionText(), &r));
  const KernelInfo &k = r.kernels[0];
  uint8_t block[16];
  for (int i = 0; i < 16; ++i)
    block[i] = uint8_t(i + 1);
  size_t size = 16;
  void *extra[] = {reinterpret_cast<void *>(kLaunchParamBufferPointer), block,
                   reinterpret_cast<void *>(kLaunchParamBufferSize), &size,
                   reinterpret_cast<void *>(kLaunchParamEnd)};
  std::vector<uint8_t> buffer;
  REQUIRE_FALSE(packParams(k, nullptr, extra, 0, &buffer));
  CHECK(std::memcmp(buffer.data(), block, 16) == 0);
  size = 12;
  CHECK(codeOf(packParams(k, nullptr, extra, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
  size = 24;
  CHECK(codeOf(packParams(k, nullptr, extra, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
  void *noSize[] = {reinterpret_cast<void *>(kLaunchParamBufferPointer), block,
                    reinterpret_cast<void *>(kLaunchParamEnd)};
  CHECK(codeOf(packParams(k, nullptr, noSize, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
  void *unknownKey[] = {reinterpret_cast<void *>(uintptr_t(7)), block, reinterpret_cast<void *>(kLaunchParamEnd)};
  CHECK(codeOf(packParams(k, nullptr, unknownKey, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
  // Neither, both, and a null parameter pointer.
  CHECK(codeOf(packParams(k, nullptr, nullptr, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
  uint32_t a = 0;
  void *args[] = {&a, nullptr};
  CHECK(codeOf(packParams(k, args, extra, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
  CHECK(codeOf(packParams(k, args, nullptr, 0, &buffer)) == RuntimeErrorCode::InvalidValue);
}

TEST_CASE("launch validation: device and kernel limits", "[runtime-core][launch]") {
  DeviceProperties device;
  device.maxThreadgroupMemory = 32 * 1024;
  ModuleReflection r;
  REQUIRE_FALSE(parseReflection(reflectionText(), &r));
  KernelInfo k = r.kernels[0]; // 32 bytes of static shared memory
  auto check = [&](Dim3 grid, Dim3 block, uint32_t dyn, uint32_t maxDyn = kDefaultMaxDynamicShared) {
    return validateLaunch(device, k, maxDyn, LaunchShape{grid, block, dyn});
  };
  CHECK_FALSE(check({1, 1, 1}, {1024, 1, 1}, 0));
  CHECK(codeOf(check({0, 1, 1}, {1, 1, 1}, 0)) == RuntimeErrorCode::InvalidValue);
  CHECK(codeOf(check({1, 65536, 1}, {1, 1, 1}, 0)) == RuntimeErrorCode::InvalidValue);
  CHECK(codeOf(check({1, 1, 1}, {1025, 1, 1}, 0)) == RuntimeErrorCode::InvalidValue);
  CHECK(codeOf(check({1, 1, 1}, {64, 32, 1}, 0)) == RuntimeErrorCode::InvalidValue); // 2048 threads
  CHECK(codeOf(check({1, 1, 1}, {1, 1, 65}, 0)) == RuntimeErrorCode::InvalidValue);
  // Shared memory: the kernel's dynamic limit, then the device's total.
  CHECK_FALSE(check({1, 1, 1}, {32, 1, 1}, 32 * 1024 - 32, 32 * 1024 - 32));
  CHECK(codeOf(check({1, 1, 1}, {32, 1, 1}, 32 * 1024 - 31, 48 * 1024)) == RuntimeErrorCode::InvalidValue);
  CHECK(codeOf(check({1, 1, 1}, {32, 1, 1}, 1024, 512)) == RuntimeErrorCode::InvalidValue);
  CHECK(dynamicSharedCeiling(device, k) == 32 * 1024 - 32);
  // .reqntid must match exactly; .maxntid caps the thread count.
  k.reqntid = {64, 2};
  CHECK_FALSE(check({1, 1, 1}, {64, 2, 1}, 0));
  CHECK(codeOf(check({1, 1, 1}, {128, 1, 1}, 0)) == RuntimeErrorCode::InvalidValue);
  CHECK(maxThreadsPerBlock(device, k) == 128);
  k.reqntid.clear();
  k.maxntid = {256};
  CHECK_FALSE(check({1, 1, 1}, {16, 16, 1}, 0));
  CHECK(codeOf(check({1, 1, 1}, {257, 1, 1}, 0)) == RuntimeErrorCode::OutOfResources);
  CHECK(maxThreadsPerBlock(device, k) == 256);
}

TEST_CASE("allocation table: ranges inside and past allocations", "[runtime-core][memory]") {
  AllocationTable t;
  int ownerA = 0, ownerB = 0;
  t.add(0x1000, 0x100, &ownerA);
  t.add(0x1100, 0x10, &ownerB);
  CHECK(t.contains(0x1000, 0x100));
  CHECK(t.contains(0x10ff, 1));
  CHECK(t.contains(0x1100, 0x10));
  CHECK_FALSE(t.contains(0x1000, 0x101)); // runs into the next allocation: still refused
  CHECK_FALSE(t.contains(0x10f0, 0x20));
  CHECK_FALSE(t.contains(0xfff, 1));
  CHECK_FALSE(t.contains(0x1110, 1));
  CHECK(t.contains(0x1000, 0));
  CHECK(t.bytesInUse() == 0x110);
  CHECK(t.ownerOf(0x1000) == &ownerA);
  CHECK(t.ownerOf(0x1001) == nullptr);
  uint64_t base = 0, bytes = 0;
  REQUIRE(t.find(0x1105, &base, &bytes));
  CHECK(base == 0x1100);
  CHECK(bytes == 0x10);
  CHECK(t.remove(0x1000));
  CHECK_FALSE(t.remove(0x1000));
  CHECK_FALSE(t.contains(0x1000, 1));
  CHECK(t.bytesInUse() == 0x10);
}

TEST_CASE("allocation table: kinds, ids and overlaps", "[runtime-core][memory]") {
  AllocationTable t;
  int owner = 0;
  t.add(0x2000, 0x100, &owner, MemoryKind::Managed);
  t.add(0x3000, 0x100, &owner, MemoryKind::Registered);
  AllocationInfo a, b;
  REQUIRE(t.describe(0x20ff, &a));
  CHECK(a.base == 0x2000);
  CHECK(a.bytes == 0x100);
  CHECK(a.kind == MemoryKind::Managed);
  CHECK(a.owner == &owner);
  REQUIRE(t.describe(0x3000, &b));
  CHECK(b.kind == MemoryKind::Registered);
  CHECK(a.id != b.id);
  CHECK_FALSE(t.describe(0x2100, &a));
  CHECK(t.overlaps(0x1f00, 0x101));   // ends in the first
  CHECK(t.overlaps(0x20f0, 0x20));    // starts in the first
  CHECK(t.overlaps(0x1000, 0x10000)); // holds both
  CHECK_FALSE(t.overlaps(0x1f00, 0x100));
  CHECK_FALSE(t.overlaps(0x2100, 0xf00));
  CHECK_FALSE(t.overlaps(0x2000, 0));
  // A new allocation at a freed base gets a new id.
  uint64_t first = b.id;
  CHECK(t.remove(0x3000));
  t.add(0x3000, 0x100, &owner);
  REQUIRE(t.describe(0x3000, &b));
  CHECK(b.id != first);
  CHECK(b.kind == MemoryKind::Device);
}

namespace {

// A fatbin with the given (kind, sm) entries; PTX payloads say which entry they came from.
std::vector<uint8_t> makeFatbin(const std::vector<std::pair<uint16_t, uint32_t>> &entries) {
  std::vector<uint8_t> body;
  auto put = [](std::vector<uint8_t> &v, uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
      v.push_back(uint8_t(value >> (8 * i)));
  };
  for (auto [kind, sm] : entries) {
    std::string payload = kind == 1 ? ".version 8.0\n.target sm_" + std::to_string(sm) + "\n.address_size 64\n"
                                    : std::string("\x7f" "ELF....", 8);
    payload.resize((payload.size() + 1 + 7) / 8 * 8, '\0');
    std::vector<uint8_t> header;
    put(header, kind, 2);
    put(header, 0x0101, 2);
    put(header, 64, 4);
    put(header, payload.size(), 8);
    put(header, 0, 4);  // compressed size
    put(header, 0, 4);  // options offset
    put(header, 0, 2);  // minor
    put(header, 8, 2);  // major
    put(header, sm, 4);
    put(header, 0, 4);  // name offset
    put(header, 0, 4);  // name length
    put(header, 0x11, 8);
    put(header, 0, 8);
    put(header, 0, 8);
    body.insert(body.end(), header.begin(), header.end());
    body.insert(body.end(), payload.begin(), payload.end());
  }
  std::vector<uint8_t> fatbin;
  put(fatbin, 0xBA55ED50, 4);
  put(fatbin, 1, 2);
  put(fatbin, 16, 2);
  put(fatbin, body.size(), 8);
  fatbin.insert(fatbin.end(), body.begin(), body.end());
  return fatbin;
}

} // namespace

TEST_CASE("module images: PTX text, fatbins, wrappers, cubins, junk", "[runtime-core][image]") {
  std::string ptx;
  REQUIRE_FALSE(ptxFromImage(".version 8.0\n.target sm_80\n", &ptx));
  CHECK(ptx == ".version 8.0\n.target sm_80\n");
  CHECK(codeOf(ptxFromImage("hello world", &ptx)) == RuntimeErrorCode::InvalidImage);
  CHECK(codeOf(ptxFromImage("", &ptx)) == RuntimeErrorCode::InvalidImage);
  CHECK(codeOf(ptxFromImage(nullptr, &ptx)) == RuntimeErrorCode::InvalidValue);
  CHECK(codeOf(ptxFromImage("\x7f" "ELF\x02\x01", &ptx)) == RuntimeErrorCode::NoBinaryForGpu);

  // The PTX of the highest architecture is chosen, whatever the order.
  std::vector<uint8_t> mixed = makeFatbin({{1, 75}, {2, 90}, {1, 90}, {1, 80}});
  REQUIRE_FALSE(ptxFromImage(mixed.data(), &ptx));
  CHECK(ptx.find("sm_90") != std::string::npos);
  REQUIRE_FALSE(ptxFromBytes(mixed, &ptx));
  CHECK(ptx.find("sm_90") != std::string::npos);
  CHECK(ptx.find('\0') == std::string::npos);

  std::vector<uint8_t> cubinsOnly = makeFatbin({{2, 80}, {2, 90}});
  RuntimeStatus s = ptxFromImage(cubinsOnly.data(), &ptx);
  REQUIRE(s);
  CHECK(s->code == RuntimeErrorCode::NoBinaryForGpu);
  CHECK(s->message.find("only cubins") != std::string::npos);
  CHECK(codeOf(ptxFromImage(makeFatbin({}).data(), &ptx)) == RuntimeErrorCode::InvalidImage);

  // A wrapper (magic, version, pointer to the fatbin, filename).
  struct Wrapper {
    uint32_t magic, version;
    const void *fatbin, *name;
  } wrapper{kFatbinWrapperMagic, 1, mixed.data(), nullptr};
  REQUIRE_FALSE(ptxFromImage(&wrapper, &ptx));
  CHECK(ptx.find("sm_90") != std::string::npos);
  wrapper.fatbin = nullptr;
  CHECK(codeOf(ptxFromImage(&wrapper, &ptx)) == RuntimeErrorCode::InvalidImage);
  // From a file a wrapper's pointer means nothing.
  CHECK(codeOf(ptxFromBytes({reinterpret_cast<const uint8_t *>(&wrapper), sizeof wrapper}, &ptx)) ==
        RuntimeErrorCode::InvalidImage);

  // A truncated fatbin (its header claims more than there is).
  std::vector<uint8_t> truncated(mixed.begin(), mixed.begin() + 40);
  CHECK(codeOf(ptxFromBytes(truncated, &ptx)) == RuntimeErrorCode::InvalidImage);
}
