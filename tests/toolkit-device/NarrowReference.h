// The host side of the binary16/bfloat16 tests (NarrowReference.cpp): built against the
// toolkit's headers, apart from the driver-API program that uses NVIDIA's cuda.h.
#ifndef P2M_TESTS_TOOLKIT_DEVICE_NARROW_REFERENCE_H
#define P2M_TESTS_TOOLKIT_DEVICE_NARROW_REFERENCE_H

enum class NarrowType { Fp16, Bf16 };

// kernels/narrow_ops.h on the host for n input triples: NARROW_RESULTS values per triple.
void narrowReference(NarrowType type, const float *in, unsigned *out, int n);
// The narrow value of these bits widened to float, as float bits.
unsigned narrowWidenReference(NarrowType type, unsigned short bits);
// The host conversions and arithmetic against references that share none of their code; the
// number of disagreements (the first few printed).
int narrowIndependentMismatches(const float *in, int count);

// kernels/narrow_ops.h's NARROW_RESULTS (values per triple) and NARROW_APPROX_FIRST (the first
// of the approximate ones).
int narrowResultCount();
int narrowApproxFirst();
// Whether result j is the bits of a narrow value (NaN then matches any NaN).
bool narrowResultIsNarrowBits(int j);

#endif
