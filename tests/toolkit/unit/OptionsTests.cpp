// nvcc's command line as lib/nvcc parses it: the spellings build systems use.
#include "nvcc/Options.h"

#include <catch2/catch.hpp>

using namespace p2m::nvcc;

namespace {
DriverOptions parsed(const std::vector<std::string> &args) {
  DriverOptions o;
  ParseOutcome r = parseCommandLine(args, o);
  INFO(r.error);
  REQUIRE(r.ok);
  return o;
}
std::string errorOf(const std::vector<std::string> &args) {
  DriverOptions o;
  ParseOutcome r = parseCommandLine(args, o);
  REQUIRE_FALSE(r.ok);
  return r.error;
}
} // namespace

TEST_CASE("values after a space, after '=', and glued to short names", "[nvcc-options]") {
  DriverOptions o = parsed({"-c", "-o", "a.o", "--output-file=b.o", "-Iinc", "-I", "inc2", "-DX=1", "-D", "Y",
                            "-lm", "-L/lib", "-O3", "-std=c++17", "--std", "c++20", "-isystem=/sys", "k.cu"});
  CHECK(o.phase == Phase::Compile);
  CHECK(o.output == "b.o");
  CHECK(o.includePaths == std::vector<std::string>{"inc", "inc2"});
  CHECK(o.defines == std::vector<std::string>{"X=1", "Y"});
  CHECK(o.libraries == std::vector<std::string>{"m"});
  CHECK(o.libraryPaths == std::vector<std::string>{"/lib"});
  CHECK(o.optimize == "3");
  CHECK(o.standard == "c++20");
  CHECK(o.systemIncludePaths == std::vector<std::string>{"/sys"});
  REQUIRE(o.inputs.size() == 1);
  CHECK(o.inputs[0].kind == InputKind::Cuda);
}

TEST_CASE("exact names win over glued short names", "[nvcc-options]") {
  DriverOptions o = parsed({"-lineinfo", "-lib", "-lcuda", "k.cu"});
  CHECK(o.lineInfo);
  CHECK(o.phase == Phase::Library);
  CHECK(o.libraries == std::vector<std::string>{"cuda"});
}

TEST_CASE("architectures: -arch, -code, -gencode and CMake's --generate-code", "[nvcc-options]") {
  DriverOptions o = parsed({"-arch=sm_70", "-gencode", "arch=compute_80,code=sm_80",
                            "--generate-code=arch=compute_86,code=[compute_86,sm_86]", "k.cu"});
  REQUIRE(o.targets.size() == 3);
  CHECK(o.targets[0].computeArch == 70);
  CHECK(o.targets[1].computeArch == 80);
  CHECK(o.targets[1].codes == std::vector<std::string>{"sm_80"});
  CHECK(o.targets[2].computeArch == 86);
  CHECK(o.targets[2].codes == std::vector<std::string>{"compute_86", "sm_86"});
  DriverOptions refined = parsed({"-arch=compute_75", "-code=sm_75,compute_75", "k.cu"});
  REQUIRE(refined.targets.size() == 1);
  CHECK(refined.targets[0].codes == std::vector<std::string>{"sm_75", "compute_75"});
  CHECK(errorOf({"-arch=banana", "k.cu"}) == "Value 'banana' is not defined for option 'gpu-architecture'");
  CHECK(errorOf({"-gencode", "arch=compute_80,code=[sm_80", "k.cu"}).find("Malformed") == 0);
}

TEST_CASE("lists, -rdc, -dc, phases and -x", "[nvcc-options]") {
  DriverOptions o = parsed({"-Xcompiler", "-fPIC,-Wall", "--compiler-options=-O2", "-Xlinker", "--as-needed",
                            "-rdc=true", "-x", "cu", "k.cpp"});
  CHECK(o.hostCompilerOptions == std::vector<std::string>{"-fPIC", "-Wall", "-O2"});
  CHECK(o.linkerOptions == std::vector<std::string>{"--as-needed"});
  CHECK(o.relocatableDeviceCode);
  CHECK(o.inputs[0].kind == InputKind::Cuda); // -x cu applies to every source
  DriverOptions dc = parsed({"-dc", "k.cu"});
  CHECK(dc.phase == Phase::Compile);
  CHECK(dc.relocatableDeviceCode);
  CHECK(errorOf({"-c", "-ptx", "k.cu"}).find("conflicts") != std::string::npos);
  CHECK(errorOf({"-rdc=maybe", "k.cu"}) == "Value 'maybe' is not defined for option 'relocatable-device-code'");
}

TEST_CASE("unknown options: nvcc's error, or forwarded to the host compiler when asked", "[nvcc-options]") {
  CHECK(errorOf({"-Wall", "k.cu"}) == "Unknown option '-Wall'");
  CHECK(errorOf({"--bogus=1", "k.cu"}) == "Unknown option '--bogus=1'");
  CHECK(errorOf({"-o"}) == "Option '-o' requires an argument");
  DriverOptions o = parsed({"-forward-unknown-to-host-compiler", "-Wall", "-fopenmp", "k.cu"});
  CHECK(o.hostCompilerOptions == std::vector<std::string>{"-Wall", "-fopenmp"});
}

TEST_CASE("accepted-without-effect options are noted, not dropped silently", "[nvcc-options]") {
  DriverOptions o = parsed({"-Xptxas", "-v", "-ccbin", "g++", "--ftz=true", "k.cu"});
  REQUIRE(o.notes.size() == 3);
  CHECK(o.notes[0].find("-Xptxas -v") == 0);
  CHECK(o.notes[1].find("-ccbin g++") == 0);
}

TEST_CASE("options files split as a shell would", "[nvcc-options]") {
  CHECK(splitOptionsFile("-I \"a b\" -DX='1 2'\n  k.cu\\ x") ==
        std::vector<std::string>{"-I", "a b", "-DX=1 2", "k.cu x"});
  CHECK(splitOptionsFile("  \n\t").empty());
}

TEST_CASE("NVIDIA's runtime libraries map to the toolkit's libcudart", "[nvcc-options]") {
  DriverOptions o = parsed({"-cudart", "none", "-lcudart_static", "-lcudadevrt", "-lm", "k.cu"});
  CHECK(o.cudart == "shared");
  CHECK(o.libraries == std::vector<std::string>{"m"});
}
