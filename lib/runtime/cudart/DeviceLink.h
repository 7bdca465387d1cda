// Device linking of an -rdc program's translation units at load time. A version-2 fatbin
// wrapper lists each unit's fatbin; their kernels call __device__ functions and use __device__
// variables of other units, so the units are linked into one module before it is loaded:
// through the Driver API's linker (cuLinkCreate, cuLinkAddData of each fatbin, cuLinkComplete),
// then cuModuleLoadData of the linked image. That image does not depend on the order of the
// units, so a bundle that `ptx2metal convert` made of the program holds its translation.
#pragma once

#include <cuda.h>

#include <string>
#include <vector>

namespace p2m::cudart {

// One module of all `fatbins` (each a fatbin, or a fatbin wrapper) in the current context.
// On failure the driver's result, with the linker's located messages in `log`.
CUresult loadLinkedModule(const std::vector<const void *> &fatbins, CUmodule *module, std::string *log);

} // namespace p2m::cudart
