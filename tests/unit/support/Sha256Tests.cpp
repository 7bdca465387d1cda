// sha256Hex (lib/support/Sha256.h): the published test vectors, and agreement with LLVM's
// portable SHA-256 at every length around the block and padding boundaries (on x86 with the SHA
// extensions this compares the two implementations).
#include "support/Sha256.h"

#include <catch2/catch.hpp>

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>

#include <string>

using namespace p2m;

TEST_CASE("sha256: FIPS 180-2 test vectors", "[support][sha256]") {
  CHECK(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256Hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: agrees with LLVM's at every length up to three blocks", "[support][sha256]") {
  std::string text;
  for (size_t length = 0; length <= 3 * 64 + 1; ++length) {
    auto expected = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(text)), /*LowerCase=*/true);
    INFO("length " << length);
    CHECK(sha256Hex(text) == expected);
    text.push_back(char(length * 131 + 7));
  }
}
