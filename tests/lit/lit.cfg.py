# lit configuration for ptx2metal's golden tests: each test is a small input with RUN: lines
# that pipe ptx2metal's output through FileCheck.
import lit.formats

config.name = "ptx2metal"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ptx", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "meson.build"]
config.substitutions.append(("%ptx2metal", config.ptx2metal))
config.substitutions.append(("%inputs", config.source_root + "/tests/inputs"))
config.substitutions.append(("FileCheck", "/usr/bin/FileCheck-19"))
config.substitutions.append(("not ", "/usr/bin/not-19 "))
# Compile-only checks of generated MSL with Clang against the host backend's metal_stdlib.
config.substitutions.append(("%clangxx", "/usr/bin/clang++-19"))
config.substitutions.append(("%metal_include", config.source_root + "/lib/runtime/host/include"))
