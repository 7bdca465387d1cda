# Mach-O x86-64 object laid out like nvcc's macOS output (segment __NV_CUDA, data section
# __nv_fatbin, wrapper section __fatbin; see generate.sh). The first wrapper uses an extern
# relocation against a symbol, the second a section-based one (assembler-local L label),
# whose target address is stored in the section data.
        .section __NV_CUDA,__nv_fatbin
        .p2align 3
_fatbin_plain:
        .incbin "kernel-plain.fatbin"
        .p2align 3
Lfatbin_lz4:
        .incbin "kernel2-lz4.fatbin"

        .section __NV_CUDA,__fatbin
        .p2align 3
        .long 0x466243b1, 1
        .quad _fatbin_plain
        .quad 0
        .long 0x466243b1, 2
        .quad Lfatbin_lz4
        .quad Llinked_array

        .section __DATA,__const
        .p2align 3
Llinked_array:
        .quad _fatbin_extra
        .quad 0

        .section __TEXT,__const
        .p2align 3
_fatbin_extra:
        .incbin "kernel-zstd.fatbin"
