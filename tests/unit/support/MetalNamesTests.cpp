// The stem rule of support/MetalNames.h that normalize-identifiers relies on to name a register
// without asking isMetalReservedName: no reserved name has a shorter stem before its digits.
#include "support/MetalNames.h"

#include <catch2/catch.hpp>

#include <string>

using namespace p2m;

TEST_CASE("metal names: the shortest reserved stem before digits is that of int2 and log10", "[support][metalnames]") {
  CHECK(shortestReservedStemBeforeDigits() == 3);
  CHECK(isMetalReservedName("int2"));
  CHECK(isMetalReservedName("log10"));
}

TEST_CASE("metal names: names of shorter stems before digits are not reserved", "[support][metalnames]") {
  std::string letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (std::string digits : {"0", "1", "2", "3", "4", "8", "10", "16", "32", "64", "128"})
    for (char first : letters) {
      CHECK_FALSE(isMetalReservedName(std::string(1, first) + digits));
      for (char second : letters)
        CHECK_FALSE(isMetalReservedName(std::string{first, second} + digits));
    }
}
