// Errors as values for lib/fatbin: every API reports malformed input through these types
// instead of throwing, because the inputs are untrusted binaries and one bad fatbin must
// not abort the processing of a whole library.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace p2m::fatbin {

struct Error {
  std::string reason;
  // Byte offset the reason refers to. Which buffer it is relative to is documented by the
  // function that returns it (a fatbin container, or the whole input file).
  uint64_t offset = 0;
};

// "reason (at offset 0x1f0)": the form used in every user-facing message.
std::string describe(const Error &error);

// A value or an Error. Deliberately minimal (C++20 has no std::expected).
template <typename T> class Result {
public:
  Result(T value) : storage_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : storage_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return storage_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // Precondition: ok().
  T &value() & { return std::get<0>(storage_); }
  const T &value() const & { return std::get<0>(storage_); }
  T &&value() && { return std::get<0>(std::move(storage_)); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }

  // Precondition: !ok().
  const Error &error() const & { return std::get<1>(storage_); }
  Error &&error() && { return std::get<1>(std::move(storage_)); }

private:
  std::variant<T, Error> storage_;
};

} // namespace p2m::fatbin
