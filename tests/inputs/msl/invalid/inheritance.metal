// A struct deriving from another: MSL has no class inheritance.
#include <metal_stdlib>
using namespace metal;

struct Header {
  uint size;
};

struct Packet : Header { // EXPECT: 'Packet' derives from another class: Metal has no class inheritance [msl-inheritance]
  uint payload;
};
