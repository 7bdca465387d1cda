# COFF x86-64 object with the Windows section names (see generate.sh). The first wrapper
# relocates against a symbol, the second against a private label, which the assembler turns
# into the section symbol plus an implicit addend stored in the section data.
        .section .nv_fatbin,"dr"
        .p2align 3
fatbin_plain:
        .incbin "kernel-plain.fatbin"
        .p2align 3
.Lfatbin_lz4:
        .incbin "kernel2-lz4.fatbin"

        .section .nvFatBinSegment,"dw"
        .p2align 3
        .long 0x466243b1, 1
        .quad fatbin_plain
        .quad 0
        .long 0x466243b1, 2
        .quad .Lfatbin_lz4
        .quad .Llinked_array

        .data
        .p2align 3
.Llinked_array:
        .quad fatbin_extra
        .quad 0

        .section .rdata,"dr"
        .p2align 3
fatbin_extra:
        .incbin "kernel-zstd.fatbin"
