// Clang's __clang_gpu_used_external removed from -rdc PTX before the device link.
#include "nvcc/ClangPtx.h"

#include <catch2/catch.hpp>

using p2m::nvcc::withoutClangUsedExternals;

TEST_CASE("the array and the declarations only it used go; other declarations stay", "[clang-ptx]") {
  std::string ptx = ".version 8.5\n"
                    ".extern .func _Z4fillPi\n(\n\t.param .b64 _Z4fillPi_param_0\n)\n;\n"
                    ".extern .func _Z5usedPi\n(\n\t.param .b64 _Z5usedPi_param_0\n)\n;\n"
                    ".global .align 8 .u64 __clang_gpu_used_external[2] = {_Z4fillPi, _Z5usedPi};\n"
                    ".visible .entry k()\n{\n\tcall.uni _Z5usedPi, (%rd1);\n\tret;\n}\n";
  std::string out = withoutClangUsedExternals(ptx);
  CHECK(out.find("__clang_gpu_used_external") == std::string::npos);
  CHECK(out.find("_Z4fillPi") == std::string::npos);
  CHECK(out.find(".extern .func _Z5usedPi") != std::string::npos); // still called here
  CHECK(out.find(".visible .entry k()") != std::string::npos);
}

TEST_CASE("PTX without the array is returned unchanged", "[clang-ptx]") {
  std::string ptx = ".version 8.5\n.extern .func f\n(\n)\n;\n";
  CHECK(withoutClangUsedExternals(ptx) == ptx);
}
