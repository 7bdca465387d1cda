// The device-runtime functions the MSL support library implements (DeviceRuntime.h).
#include "ir/DeviceRuntime.h"

#include <algorithm>

namespace p2m::ir {

namespace {

constexpr uint32_t kVprintfReturns[] = {4};
constexpr uint32_t kVprintfParams[] = {8, 8};                 // format, argument buffer
constexpr uint32_t kAssertfailParams[] = {8, 8, 4, 8, 8};     // message, file, line, function, char size

constexpr DeviceRuntimeFunction kFunctions[] = {
    {"vprintf", "(.param .b32) vprintf(.param .b64, .param .b64)", kVprintfReturns, kVprintfParams,
     Helper::VprintfCall, false},
    {"__assertfail", "__assertfail(.param .b64, .param .b64, .param .b32, .param .b64, .param .b64)", {},
     kAssertfailParams, Helper::AssertfailCall, true},
};

bool sizesMatch(const Module &m, const std::vector<SymId> &formals, std::span<const uint32_t> bytes) {
  return std::equal(formals.begin(), formals.end(), bytes.begin(), bytes.end(), [&](SymId s, uint32_t size) {
    return m.symbol(s).space == Space::Param && m.symbol(s).size == size;
  });
}

} // namespace

const DeviceRuntimeFunction *findDeviceRuntimeFunction(std::string_view ptxName) {
  for (const DeviceRuntimeFunction &f : kFunctions)
    if (f.ptxName == ptxName)
      return &f;
  return nullptr;
}

bool hasSignatureOf(const Module &module, const Function &declaration, const DeviceRuntimeFunction &function) {
  return sizesMatch(module, declaration.returns, function.returnBytes) &&
         sizesMatch(module, declaration.params, function.paramBytes);
}

} // namespace p2m::ir
