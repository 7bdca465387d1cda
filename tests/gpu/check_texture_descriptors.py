#!/usr/bin/env python3
"""Checks, without a GPU, that the texture and surface objects our side of the GPU suite builds in
Python (texture_descriptors.py) are the runtime's: for every texture and surface parameter of
the execution suite (tests/exec/kernels.json) and a few more shapes (EXTRA_PARAMS: the resource
kinds and formats the suite has no case of yet), the object is created through ptx2metal's
libcuda.so.1 exactly as the original side creates it on the GPU (tests/exec/record.py's
CudaDevice.make_image: cuArray3DCreate + cuMemcpy3D, or linear / pitch-2D memory, then
cuTexObjectCreate / cuSurfObjectCreate), and
  * the descriptor the handle points at is compared, word by word, with descriptor_bytes over
    the same data address;
  * the texels at that address, read as the Python resource says they are laid out
    (Resource.pack: pitches, slices), must be the case's packed texels.
Nothing is launched, so it takes a second. Run by `meson test gpu-texture-descriptors`, or:

  check_texture_descriptors.py --libcuda BUILD/lib/runtime/cuda/libcuda.so.1 [--launch [--variants GLOBS]]

--launch also runs every texture and surface case of the suite through the runtime on the host
backend twice: with the runtime's own objects (the original side's code) and with the objects
run_gpu_suite.py makes for our side on the GPU (its our_image: texels and descriptor uploaded
with cuMemAlloc / cuMemcpyHtoD, the descriptor's address as the parameter, surfaces read back
packed), and requires the same output bytes; it prints how many equal the GPU's recording too
(those that do not are tests/exec/exec-driver-known-failures.txt's). This translates the
cases' PTX and compiles it for the host (about a minute for all five variants here);
--variants (globs on variant ids, default nvcc.sm_90.O3) picks the PTX builds.
"""
import argparse
import ctypes
import fnmatch
import json
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_gpu_suite  # noqa: E402
import texture_descriptors as td  # noqa: E402

rec = run_gpu_suite.rec

# Shapes beyond the suite's cases, in kernels.json's parameter form.
EXTRA_PARAMS = [
    {"kind": "texture", "name": "layered_1d_u16x2", "format": "u16", "channels": 2, "extent": [5, 0, 3],
     "array_flags": 1, "init": {"gen": "random-bits", "seed": 1},
     "sampler": {"address": ["wrap", "border", "mirror"], "filter": "linear", "read": "normalized",
                 "srgb": True, "border": [0.5, -1.0, 2.0, 0.0]}},
    {"kind": "texture", "name": "cube_layered_i8x4", "format": "i8", "channels": 4, "extent": [3, 3, 12],
     "array_flags": 5, "init": {"gen": "random-bits", "seed": 2},
     "sampler": {"address": ["clamp", "clamp", "clamp"], "normalized_coords": True}},
    {"kind": "texture", "name": "2d_u8_srgb_normalized", "format": "u8", "channels": 1, "extent": [7, 3, 0],
     "init": {"gen": "random-bits", "seed": 3},
     "sampler": {"read": "normalized", "srgb": True, "normalized_coords": True, "filter": "linear"}},
    {"kind": "texture", "name": "2d_u8_srgb_element", "format": "u8", "channels": 4, "extent": [3, 2, 0],
     "init": {"gen": "random-bits", "seed": 4}, "sampler": {"srgb": True}},
    {"kind": "texture", "name": "linear_u32", "format": "u32", "channels": 1, "extent": [100, 0, 0],
     "resource": "linear", "init": {"gen": "random-bits", "seed": 5}, "sampler": {}},
    {"kind": "texture", "name": "pitch2d_f16x2_packed", "format": "f16", "channels": 2, "extent": [64, 3, 0],
     "resource": "pitch2d", "init": {"gen": "random-bits", "seed": 6}, "sampler": {"filter": "linear"}},
    {"kind": "surface", "name": "surface_3d_u16x4", "format": "u16", "channels": 4, "extent": [3, 2, 2],
     "init": {"gen": "random-bits", "seed": 7}},
    {"kind": "surface", "name": "surface_1d_layered_f32x2", "format": "f32", "channels": 2, "extent": [9, 0, 2],
     "array_flags": 1, "init": {"gen": "random-bits", "seed": 8}},
]


def suite_params():
    """(label, parameter, packed texels) of every image parameter of the suite, then the extras."""
    manifest = rec.load_manifest()
    for case in manifest["cases"]:
        layout = {pc["param"]: pc for pc in rec.inputs_layout(case)[0]}
        images = [k for k, p in enumerate(case["params"]) if rec.is_image(p)]
        if not images:
            continue
        inputs = (Path(rec.INPUTS_DIR) / (rec.safe_name(case["name"]) + ".in.bin")).read_bytes()
        for k in images:
            pc = layout[k]
            yield f"{case['name']}:{case['params'][k]['name']}", case["params"][k], \
                inputs[pc["offset"]:pc["offset"] + pc["bytes"]]
    for p in EXTRA_PARAMS:
        yield f"extra:{p['name']}", p, rec.gen_buffer(p["format"], rec.texel_count(p), p["init"])


def check_one(dev, p, texels):
    """The differences between the runtime's object and ours (empty: none)."""
    allocs, images = [], []
    try:
        handle = dev.make_image(p, texels, allocs, images)
        buf = ctypes.create_string_buffer(td.DESC_BYTES)
        dev.call("cuMemcpyDtoH_v2", buf, handle, td.DESC_BYTES)
        theirs = struct.unpack(f"<{td.DESC_WORDS}I", buf.raw)
        data = theirs[td.ABI["TEX_DATA_LO"]] | theirs[td.ABI["TEX_DATA_HI"]] << 32
        resource = td.resource_of(p)
        sampler = rec.sampler_words(p) if p["kind"] == "texture" else None
        ours = td.descriptor_words(resource, data, sampler)
        names = td.word_names()
        problems = [f"word {i} ({names.get(i, '?')}): runtime {theirs[i]:#x}, ours {ours[i]:#x}"
                    for i in range(td.DESC_WORDS) if theirs[i] != ours[i]]
        if handle % td.ABI["TEX_DESC_ALIGN"]:
            problems.append(f"handle {handle:#x} not aligned to {td.ABI['TEX_DESC_ALIGN']}")
        image = ctypes.create_string_buffer(resource.image_bytes)
        try:
            dev.call("cuMemcpyDtoH_v2", image, data, resource.image_bytes)
        except rec.CudaError as e:
            problems.append(f"the Python image ({resource.image_bytes} bytes) is larger than the runtime's texels "
                            f"({e.name})")
        else:
            if resource.pack(image.raw) != texels:
                problems.append("the texels are not where the Python layout puts them")
        if resource.pack(resource.lay_out(texels)) != texels:
            problems.append("lay_out and pack are not inverses")
        return problems
    finally:
        for image in images:
            dev.destroy_image(image)
        for d in allocs:
            dev.lib.cuMemFree_v2(d)


class OurObjectsDevice(run_gpu_suite.Gpu):
    """The runtime, with texture and surface objects made as run_gpu_suite.py makes ours."""

    def make_image(self, p, texels, allocs, images):
        handle, (resource, data) = run_gpu_suite.our_image(self, p, texels, allocs)
        images.append((p["kind"], handle, resource, data))
        return handle

    def read_image(self, image, nbytes):
        _, _, resource, data = image
        return resource.pack(self.download(data, resource.image_bytes))

    def destroy_image(self, image):
        pass  # plain allocations, freed with the others


def launch_cases(library, variant_globs):
    """(launches, problems): every texture and surface case's chosen variants, with the runtime's
    objects and with ours."""
    runtime, ours = rec.CudaDevice(library), OurObjectsDevice(library)
    manifest = rec.load_manifest()
    expected = json.loads((Path(rec.EXPECTED_DIR) / "index.json").read_text())["cases"]
    launches, problems, recorded = 0, [], 0
    for case in manifest["cases"]:
        if not any(rec.is_image(p) for p in case["params"]):
            continue
        inputs = (Path(rec.INPUTS_DIR) / (rec.safe_name(case["name"]) + ".in.bin")).read_bytes()
        for variant, v in expected[case["name"]]["variants"].items():
            if v.get("status") != "ok" or not any(fnmatch.fnmatch(variant, g) for g in variant_globs.split(",")):
                continue
            ptx = (run_gpu_suite.PTX_DIR / v["ptx"]).read_text()
            theirs = runtime.run(case, ptx, inputs, False)["outputs"]
            mine = ours.run(case, ptx, inputs, False)["outputs"]
            launches += 1
            if mine != theirs:
                problems.append(f"{case['name']} [{variant}]: our objects' outputs differ from the runtime's objects'")
            recorded += mine == (Path(rec.EXPECTED_DIR) / v["file"]).read_bytes()
    print(f"{launches} launches on the host backend: our objects' outputs equal the runtime's objects' in "
          f"{launches - len(problems)}, the GPU's recording in {recorded}")
    return launches, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--libcuda", required=True, help="ptx2metal's libcuda.so.1")
    ap.add_argument("--launch", action="store_true", help="also run the cases on the host backend with both objects")
    ap.add_argument("--variants", default="nvcc.sm_90.O3", help="comma-separated globs on variant ids (--launch)")
    args = ap.parse_args()
    library = str(Path(args.libcuda).resolve())
    dev = rec.CudaDevice(library)
    checked, failed = 0, 0
    kinds = set()
    for label, p, texels in suite_params():
        problems = check_one(dev, p, texels)
        checked += 1
        kinds.add((p["kind"], p.get("resource", "array"), td.resource_of(p).kind))
        if problems:
            failed += 1
            print(f"FAIL {label}:\n  " + "\n  ".join(problems))
    print(f"{checked} texture and surface objects checked against the runtime "
          f"({len(kinds)} (object, resource, kind) combinations), {failed} differ")
    if failed or checked == 0:
        return 1
    if args.launch:
        launches, problems = launch_cases(library, args.variants)
        for line in problems:
            print("FAIL " + line)
        if problems or launches == 0:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
