// File-scope declarations named like Metal's keywords or standard library identifiers: with
// `using namespace metal;` they collide with the library on Apple's compiler.
#include <metal_stdlib>
using namespace metal;

// EXPECT: 'quad' is a name Metal reserves [msl-reserved-name]
inline uint quad(uint x) { return x * 4u; }
// EXPECT: 'vec' is a name Metal reserves [msl-reserved-name]
inline uint vec(uint x) { return x; }
// EXPECT: 'simd_state' is a name Metal reserves [msl-reserved-name]
struct simd_state { uint lanes; };
// EXPECT: 'half4x4' is a name Metal reserves [msl-reserved-name]
constant float half4x4 = 1.0f;
