# ELF x86-64 object with hand-placed fatbins and wrappers (see generate.sh). Exercises:
#  * two containers in .nv_fatbin, the second reached through a relocation with an addend;
#  * a version-1 and a version-2 wrapper in .nvFatBinSegment;
#  * a version-2 array in .data.rel.ro pointing at a container in .rodata, a section no
#    wrapper-less scan treats as a fatbin section.
        .section .nv_fatbin,"a"
        .p2align 3
fatbin_plain:
        .incbin "kernel-plain.fatbin"
        .p2align 3
fatbin_lz4:
        .incbin "kernel2-lz4.fatbin"

        .section .nvFatBinSegment,"aw"
        .p2align 3
        .long 0x466243b1, 1
        .quad fatbin_plain
        .quad 0
        .long 0x466243b1, 2
        .quad fatbin_lz4
        .quad linked_array

        .section .data.rel.ro,"aw"
        .p2align 3
linked_array:
        .quad fatbin_extra
        .quad 0

        .section .rodata,"a"
        .p2align 3
fatbin_extra:
        .incbin "kernel-zstd.fatbin"
