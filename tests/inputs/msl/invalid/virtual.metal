// Virtual dispatch has no Metal counterpart.
#include <metal_stdlib>
using namespace metal;

struct Shape {
  virtual float area() const; // EXPECT: virtual function 'Shape::area': Metal has no virtual functions [msl-virtual]
  float size;
};

struct Base {
  uint tag;
};

struct Derived : virtual Base { // EXPECT: 'Derived' has a virtual base class [msl-virtual]
  uint extra;
};
