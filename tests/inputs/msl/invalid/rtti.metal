// dynamic_cast needs RTTI (and a polymorphic class, itself not Metal).
#include <metal_stdlib>
using namespace metal;

struct Node {
  virtual ~Node(); // EXPECT: virtual function 'Node::~Node' [msl-virtual]
};

struct Leaf : Node { // EXPECT: 'Leaf' derives from another class [msl-inheritance]
  uint value;
};

inline uint leaf_value(thread Node* node)
{
  thread Leaf* leaf = dynamic_cast<thread Leaf*>(node); // EXPECT: 'dynamic_cast' is not available in Metal (no RTTI) [msl-rtti]
  return leaf != nullptr ? leaf->value : 0u;
}
