#!/usr/bin/env python3
"""Texture and surface objects as ptx2metal's runtime makes them, built in Python for our side of
the GPU suite (run_gpu_suite.py), where no runtime runs: the MSL compiled as CUDA samples in
software from device memory, so an object is the device address of a descriptor
(emitters/msl/support/texture_abi.h, docs/textures.md) and its texels are plain device memory.

For an execution-suite parameter of kind "texture" or "surface" (tests/exec/README.md) this
module gives
  * the resource (resource_of: one function per resource kind, array / linear / pitch2d, as
    lib/runtime/cuda's ArrayApi.cpp lays out a CUDA array and TextureApi.cpp resolves a
    resource description), which lays the case's packed texels out in device-memory form and
    reads them back packed (a surface with role "inout");
  * the descriptor's bytes (descriptor_bytes: TextureDescriptor.cpp's fillTextureDescriptor
    word by word), given the device address the texels were copied to.
The word indices, resource kinds, flags and the array pitch alignment are read from
texture_abi.h itself, so that this file follows the header rather than a copy of it.
check_texture_descriptors.py compares both with what the runtime (libcuda.so.1) builds.
"""
import re
import struct
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXTURE_ABI_H = ROOT / "emitters" / "msl" / "support" / "texture_abi.h"


def read_abi(path=TEXTURE_ABI_H):
    """{name without P2M_: value} of the header's unsigned integer #defines."""
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^#define\s+P2M_(\w+)\s+(\d+)u\b", path.read_text(), re.M)}


ABI = read_abi()
DESC_WORDS = ABI["TEX_DESC_WORDS"]
DESC_BYTES = 4 * DESC_WORDS

# The execution suite's texel formats: (bits per channel, cudaChannelFormatKind).
TEXEL_FORMATS = {"u8": (8, 1), "u16": (16, 1), "u32": (32, 1), "i8": (8, 0), "i16": (16, 0),
                 "i32": (32, 0), "f16": (16, 2), "f32": (32, 2)}
CUDA_ARRAY3D_LAYERED, CUDA_ARRAY3D_CUBEMAP = 0x01, 0x04
# CUDA_TEXTURE_DESC flags (cuda.h).
CU_TRSF_READ_AS_INTEGER, CU_TRSF_NORMALIZED_COORDINATES, CU_TRSF_SRGB = 0x01, 0x02, 0x10
FLOAT_KIND = 2


@dataclass
class Resource:
    """TextureObjects.h's TextureResource, without the data address (known once allocated),
    plus how the packed texels map onto device memory: `slices` runs of `rows` rows, each row
    `row_bytes` of texels at `row_pitch`, runs `slice_pitch` apart."""
    kind: int
    width: int
    height: int
    depth: int
    layers: int
    channels: int
    channel_bits: int
    format_kind: int
    row_pitch: int
    slice_pitch: int
    rows: int
    slices: int

    @property
    def row_bytes(self):
        return self.width * self.channels * self.channel_bits // 8

    @property
    def image_bytes(self):
        """The device memory the texels occupy (a CUDA array's allocation, padding included)."""
        return self.slice_pitch * self.slices

    def rows_at(self):
        """(offset in the image, offset in the packed texels) of every row."""
        for z in range(self.slices):
            for y in range(self.rows):
                yield z * self.slice_pitch + y * self.row_pitch, (z * self.rows + y) * self.row_bytes

    def lay_out(self, packed):
        """The device image of packed texels (row after row, slice after slice); padding 0."""
        if len(packed) != self.row_bytes * self.rows * self.slices:
            raise ValueError(f"{len(packed)} bytes of texels, the resource holds "
                             f"{self.row_bytes * self.rows * self.slices}")
        image = bytearray(self.image_bytes)
        for dst, src in self.rows_at():
            image[dst:dst + self.row_bytes] = packed[src:src + self.row_bytes]
        return bytes(image)

    def pack(self, image):
        """The packed texels of a device image (lay_out's inverse), as a surface is read back."""
        return b"".join(image[dst:dst + self.row_bytes] for dst, _ in self.rows_at())


def texel_format(p):
    """(channels, bits per channel, cudaChannelFormatKind) of a parameter."""
    if p["channels"] not in (1, 2, 4):
        raise ValueError(f"{p['name']}: {p['channels']} channels (CUDA has 1, 2 or 4)")
    bits, kind = TEXEL_FORMATS[p["format"]]
    return p["channels"], bits, kind


def align_up(n, a):
    return (n + a - 1) // a * a


def array_resource(p):
    """A CUDA array of `extent` (cuArray3DCreate's Width, Height, Depth) with `array_flags`
    (ArrayApi.cpp's arrayLayout, TextureApi.cpp's fromArray): rows padded to
    P2M_ARRAY_PITCH_ALIGN, max(1, Depth) slices (depth slices, layers or cube faces)."""
    channels, bits, kind = texel_format(p)
    w, h, d = p["extent"]
    flags = p.get("array_flags", 0)
    row_pitch = align_up(w * channels * bits // 8, ABI["ARRAY_PITCH_ALIGN"])
    depth, layers = 1, 0
    if flags & CUDA_ARRAY3D_CUBEMAP:
        layered = bool(flags & CUDA_ARRAY3D_LAYERED)
        tex_kind = ABI["TEX_KIND_CUBE_LAYERED"] if layered else ABI["TEX_KIND_CUBE"]
        layers = d // 6 if layered else 0
    elif flags & CUDA_ARRAY3D_LAYERED:
        tex_kind = ABI["TEX_KIND_2D_LAYERED"] if h else ABI["TEX_KIND_1D_LAYERED"]
        layers = d
    elif d:
        tex_kind, depth = ABI["TEX_KIND_3D"], d
    else:
        tex_kind = ABI["TEX_KIND_2D"] if h else ABI["TEX_KIND_1D"]
    return Resource(kind=tex_kind, width=w, height=max(1, h), depth=depth, layers=layers, channels=channels,
                    channel_bits=bits, format_kind=kind, row_pitch=row_pitch,
                    slice_pitch=row_pitch * max(1, h), rows=max(1, h), slices=max(1, d))


def linear_resource(p):
    """Linear memory (cudaResourceTypeLinear) of the packed texels: one row, sizeInBytes the
    texels' bytes (record.py's make_image), width = sizeInBytes / texel bytes."""
    channels, bits, kind = texel_format(p)
    w, h, d = p["extent"]
    texels = w * max(h, 1) * max(d, 1)
    row = texels * channels * bits // 8
    return Resource(kind=ABI["TEX_KIND_LINEAR"], width=texels, height=1, depth=1, layers=0, channels=channels,
                    channel_bits=bits, format_kind=kind, row_pitch=row, slice_pitch=row, rows=1, slices=1)


def pitch2d_resource(p):
    """Pitched memory (cudaResourceTypePitch2D): max(1, h) rows `pitch` bytes apart (record.py
    pads each row to it, so the image is pitch x rows)."""
    channels, bits, kind = texel_format(p)
    w, h, _ = p["extent"]
    pitch = p.get("pitch", w * channels * bits // 8)
    return Resource(kind=ABI["TEX_KIND_2D"], width=w, height=max(1, h), depth=1, layers=0, channels=channels,
                    channel_bits=bits, format_kind=kind, row_pitch=pitch, slice_pitch=pitch * max(1, h),
                    rows=max(1, h), slices=1)


RESOURCES = {"array": array_resource, "linear": linear_resource, "pitch2d": pitch2d_resource}


def resource_of(p):
    return RESOURCES[p.get("resource", "array")](p)


def descriptor_words(r, data_address, sampler=None):
    """fillTextureDescriptor: the words of a texture object over `r` at `data_address`, or of a
    surface object without `sampler`. `sampler` is (address modes, filter mode, CU_TRSF flags,
    border colour f32 bit patterns), as record.py's sampler_words gives the original side's
    CUDA_TEXTURE_DESC; its mipmap fields are 0 there and here."""
    w = [0] * DESC_WORDS

    def put64(index, value):
        w[ABI[index]], w[ABI[index] + 1] = value & 0xFFFFFFFF, value >> 32

    put64("TEX_DATA_LO", data_address)
    put64("TEX_ROW_PITCH_LO", r.row_pitch)
    put64("TEX_SLICE_PITCH_LO", r.slice_pitch)
    for name, value in (("KIND", r.kind), ("WIDTH", r.width), ("HEIGHT", r.height), ("DEPTH", r.depth),
                        ("LAYERS", r.layers), ("CHANNELS", r.channels), ("CHANNEL_BITS", r.channel_bits),
                        ("FORMAT_KIND", r.format_kind), ("MIP_LEVELS", 1)):
        w[ABI["TEX_" + name]] = value
    # Level offsets stay 0: no resource of the suite is mipmapped.
    if sampler is None:
        w[ABI["TEX_FLAGS"]] = ABI["TEX_FLAG_SURFACE"]
        return w
    modes, filter_mode, flags, border = sampler
    w[ABI["TEX_FLAGS"]] = ABI["TEX_FLAG_TEXTURE"] | ABI["TEX_FLAG_SAMPLER"]
    for i in range(3):
        w[ABI["TEX_ADDRESS_MODE0"] + i] = modes[i]
    w[ABI["TEX_FILTER_MODE"]] = filter_mode
    # The Driver API reads 8- and 16-bit integer texels as normalized floats unless
    # CU_TRSF_READ_AS_INTEGER; 32-bit integers and floats as they are.
    integer = r.format_kind != FLOAT_KIND
    read_normalized = integer and r.channel_bits < 32 and not flags & CU_TRSF_READ_AS_INTEGER
    w[ABI["TEX_READ_MODE"]] = int(read_normalized)
    w[ABI["TEX_NORMALIZED"]] = int(bool(flags & CU_TRSF_NORMALIZED_COORDINATES))
    # sRGB only on 8-bit unsigned texels read as normalized floats.
    w[ABI["TEX_SRGB"]] = int(bool(flags & CU_TRSF_SRGB) and read_normalized and r.format_kind == 1
                             and r.channel_bits == 8)
    for i in range(4):
        w[ABI["TEX_BORDER0"] + i] = border[i]
    return w


def descriptor_bytes(r, data_address, sampler=None):
    return struct.pack(f"<{DESC_WORDS}I", *descriptor_words(r, data_address, sampler))


def word_names():
    """{word index: name} of the descriptor's fields, for messages."""
    names = {v: k for k, v in ABI.items() if k.startswith("TEX_") and not k.startswith(
        ("TEX_KIND_", "TEX_FLAG_", "TEX_DESC_", "TEX_MAX_MIP")) and v < ABI["TEX_LEVEL_OFFSETS"]}
    for level in range(ABI["TEX_MAX_MIP_LEVELS"]):
        names[ABI["TEX_LEVEL_OFFSETS"] + 2 * level] = f"TEX_LEVEL_OFFSETS[{level}].lo"
        names[ABI["TEX_LEVEL_OFFSETS"] + 2 * level + 1] = f"TEX_LEVEL_OFFSETS[{level}].hi"
    return names
