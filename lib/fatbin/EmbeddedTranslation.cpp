// The embedded translation's payload, encoded and decoded (EmbeddedTranslation.h).
#include "fatbin/EmbeddedTranslation.h"

#include "fatbin/FatbinFormat.h"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace p2m::fatbin {

namespace f = format;

namespace {

void appendLE(std::string &out, uint64_t value, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

void appendRecord(std::string &out, uint32_t tag, const std::string &data) {
  appendLE(out, tag, 4);
  appendLE(out, 0, 4);
  appendLE(out, data.size(), 8);
  out += data;
  out.resize((out.size() + 7) & ~size_t(7), '\0');
}

} // namespace

std::string encodeTranslation(const EmbeddedTranslation &t) {
  std::vector<std::pair<uint32_t, const std::string *>> records = {
      {f::kRecordPtxSha256, &t.ptxSha256},
      {f::kRecordOptions, &t.options},
      {f::kRecordReflection, &t.reflectionJson},
      {f::kRecordMsl, &t.msl}};
  if (!t.metallib.empty())
    records.push_back({f::kRecordMetallib, &t.metallib});
  std::string out;
  appendLE(out, f::kTranslationMagic, 4);
  appendLE(out, f::kTranslationLayoutVersion, 2);
  appendLE(out, records.size(), 2);
  for (const auto &[tag, data] : records)
    appendRecord(out, tag, *data);
  return out;
}

Result<EmbeddedTranslation> decodeTranslation(Bytes payload) {
  std::optional<uint32_t> magic = readLE<uint32_t>(payload, 0);
  if (!magic || *magic != f::kTranslationMagic)
    return Error{"not a ptx2metal translation entry (bad magic)", 0};
  uint16_t version = loadLE<uint16_t>(payload, 4);
  if (version != f::kTranslationLayoutVersion)
    return Error{fmt::format("translation entry layout version {} is not {}", version,
                             f::kTranslationLayoutVersion),
                 4};
  uint16_t count = loadLE<uint16_t>(payload, 6);
  EmbeddedTranslation t;
  bool seen[6] = {};
  uint64_t at = f::kTranslationHeaderSize;
  for (uint16_t i = 0; i < count; ++i) {
    if (!inBounds(payload.size(), at, f::kTranslationRecordHeaderSize))
      return Error{"truncated translation record header", at};
    uint32_t tag = loadLE<uint32_t>(payload, at);
    uint64_t size = loadLE<uint64_t>(payload, at + 8);
    std::optional<Bytes> data = slice(payload, at + f::kTranslationRecordHeaderSize, size);
    if (!data)
      return Error{fmt::format("translation record of {} bytes extends past the entry", size), at};
    std::string text(reinterpret_cast<const char *>(data->data()), data->size());
    switch (tag) {
    case f::kRecordPtxSha256: t.ptxSha256 = std::move(text); break;
    case f::kRecordOptions: t.options = std::move(text); break;
    case f::kRecordReflection: t.reflectionJson = std::move(text); break;
    case f::kRecordMsl: t.msl = std::move(text); break;
    case f::kRecordMetallib: t.metallib = std::move(text); break;
    default: break;
    }
    if (tag < 6)
      seen[tag] = true;
    at += f::kTranslationRecordHeaderSize + ((size + 7) & ~uint64_t(7));
  }
  for (uint32_t tag : {f::kRecordPtxSha256, f::kRecordOptions, f::kRecordReflection, f::kRecordMsl})
    if (!seen[tag])
      return Error{fmt::format("translation entry lacks record {}", tag), 0};
  return t;
}

} // namespace p2m::fatbin
