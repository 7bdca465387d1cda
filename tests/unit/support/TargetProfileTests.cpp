// The target profile (lib/support/TargetProfile.h): its text, its parse, its capabilities and
// how a prebuilt translation's profile is matched against a device's.
#include "support/TargetProfile.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace p2m;

TEST_CASE("target profile: the default prints every option", "[support][target-profile]") {
  // A prefix: a new option's row adds itself to the end.
  CHECK(TargetProfile{}.print().starts_with("msl-version=3.2 fp64=ieee f32-subnormals=flush"));
  CHECK(TargetProfile{}.mslVersionNumber() == 320);
}

TEST_CASE("target profile: every value of every option round-trips", "[support][target-profile]") {
  std::set<std::string> names, keys;
  for (const TargetOption &option : targetOptions()) {
    INFO(option.name);
    CHECK(names.insert(std::string(option.name)).second);
    CHECK(keys.insert(option.key()).second);
    CHECK(option.key().find('-') == std::string::npos);
    REQUIRE_FALSE(option.values.empty());
    for (std::string_view value : option.values) {
      TargetProfile profile;
      REQUIRE(option.set(profile, value));
      CHECK(option.get(profile) == value);
      CHECK(profile.print().find(std::string(option.name) + "=" + std::string(value)) != std::string::npos);
    }
    TargetProfile profile;
    CHECK_FALSE(option.set(profile, "no-such-value"));
    CHECK(profile == TargetProfile{});
    CHECK(option.indexOf("no-such-value") == option.values.size());
  }
}

TEST_CASE("target profile: capabilities follow the MSL version", "[support][target-profile]") {
  TargetProfile profile;
  for (Capability c : {Capability::ThreadFence, Capability::ConditionalWarpBarrier, Capability::CoherentDevice,
                       Capability::SafeMathMode})
    CHECK(profile.has(c));
  profile.mslVersion = MslVersion::V3_1;
  CHECK(profile.mslVersionNumber() == 310);
  CHECK_FALSE(profile.has(Capability::ThreadFence));
  CHECK_FALSE(profile.has(Capability::CoherentDevice));
  CHECK(spelling(MslVersion::V3_0) == "3.0");
}

TEST_CASE("target profile: a prebuilt translation fits a device by each option's rule", "[support][target-profile]") {
  TargetProfile device;
  CHECK_FALSE(profileMismatch(device, device));
  // An earlier MSL version runs on a device that wants a later one, not the other way round.
  TargetProfile older = device;
  older.mslVersion = MslVersion::V3_0;
  CHECK_FALSE(profileMismatch(older, device));
  std::optional<std::string> newer = profileMismatch(device, older);
  REQUIRE(newer);
  CHECK(*newer == "msl-version is '3.2', the device wants '3.0' or earlier");
  // f64 arithmetic and f32 subnormals must be the device's.
  TargetProfile demoted = device;
  demoted.fp64 = Fp64Mode::Demote;
  REQUIRE(profileMismatch(demoted, device));
  CHECK(*profileMismatch(demoted, device) == "fp64 is 'demote', the device wants 'ieee'");
  TargetProfile keeping = device;
  keeping.f32Subnormals = F32Subnormals::Keep;
  REQUIRE(profileMismatch(keeping, device));
  CHECK(*profileMismatch(keeping, device) == "f32-subnormals is 'keep', the device wants 'flush'");
}
