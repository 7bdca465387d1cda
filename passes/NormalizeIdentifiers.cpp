// normalize-identifiers: every register, symbol and function gets an MSL identifier that is
// valid (PTX allows `%`, `$` and `.` in names), unique in its scope, and clear of MSL keywords,
// of metal_stdlib's names and of the names the emitter itself uses (MslReservedNames.h): such a
// name gets a `_` appended (`min` -> `min_`; the reflection keeps the PTX name beside it). Registers keep their PTX spelling minus the `%`, so `%rd4` reads as `rd4`.
#include "passes/MslReservedNames.h"
#include "passes/Pass.h"

#include <llvm/ADT/StringSet.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

namespace p2m::passes {

namespace {

// A PTX name as an MSL identifier: `%` dropped, other characters outside [A-Za-z0-9_] as `_`, no
// leading digit or underscore, no double underscore. Characters only ever stay or become one,
// so the name is rewritten over itself (registers: no allocation).
void sanitizeInPlace(std::string &name) {
  // What becomes of each byte: itself, '_', or nothing (0, for '%').
  static constexpr auto kMap = [] {
    std::array<char, 256> map{};
    for (int c = 0; c < 256; ++c)
      map[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ? char(c)
               : c == '%'                                                                          ? 0
                                                                                                   : '_';
    return map;
  }();
  // The usual register name, `%` then a letter and letters or digits (`%rd4`): only the `%` goes.
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (name.size() > 1 && name[0] == '%' && letter(name[1]) &&
      std::all_of(name.begin() + 2, name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); })) {
    name.erase(0, 1);
    return;
  }
  // Long names (mangled parameters run to hundreds of bytes) mostly keep every byte: pass over
  // those that stay, rewrite from the first that does not.
  size_t n = 0;
  while (n < name.size() && kMap[static_cast<unsigned char>(name[n])] == name[n])
    ++n;
  for (size_t i = n; i < name.size(); ++i) {
    char mapped = kMap[static_cast<unsigned char>(name[i])];
    name[n] = mapped;
    n += mapped != 0;
  }
  name.resize(n);
  if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
    name.insert(0, "v");
  // Identifiers with a double underscore are reserved in C++; keep them readable but legal.
  for (size_t i = name.find("__"); i != std::string::npos; i = name.find("__", i))
    name.replace(i, 2, "_U");
  if (name[0] == '_')
    name.insert(0, "v");
}

std::string sanitize(std::string_view name) {
  std::string out;
  out.reserve(name.size() + 1); // room for a `v` before it
  out.assign(name);
  sanitizeInPlace(out);
  return out;
}

// The smallest `base_N` (N >= 1) that `isFree` accepts. `nextSuffix` remembers, per base, the
// first N not yet tried: inline-asm blocks declare the same scoped register (`{.reg .f16 low;`)
// thousands of times in one function, and probing from `_1` each time was quadratic. Names are
// only ever taken, never freed, so every suffix below the remembered one is still taken and the
// name chosen is still the smallest free one.
template <typename IsFree>
std::string suffixed(llvm::StringMap<unsigned> &nextSuffix, const std::string &base, IsFree isFree) {
  unsigned &next = nextSuffix.try_emplace(base, 1).first->second;
  // `base_` once, the number written after it in place for each try (no temporaries).
  std::string candidate = base;
  candidate.push_back('_');
  const size_t digitsAt = candidate.size();
  for (unsigned i = next;; ++i) {
    char digits[16];
    const char *end = std::to_chars(digits, digits + sizeof digits, i).ptr;
    const size_t length = static_cast<size_t>(end - digits);
    candidate.resize(digitsAt);
    candidate.append(digits, length);
    if (isFree(candidate)) {
      next = i + 1;
      return candidate;
    }
  }
}

// A reserved module-scope name made free: `min` becomes `min_`; a name in a reserved family
// (`atomic_add`, `simd_sum`, whose `_` suffix stays in the family) becomes `v_atomic_add`.
void unreserve(std::string &name) {
  if (!isMslReservedName(name))
    return;
  name += "_";
  if (isMslReservedName(name))
    name = "v_" + name.substr(0, name.size() - 1);
}

// A name not in `used` nor in `outer` (the module scope, when naming a function's locals).
std::string unique(llvm::StringSet<> &used, llvm::StringMap<unsigned> &nextSuffix, std::string base,
                   const llvm::StringSet<> *outer = nullptr) {
  unreserve(base);
  // The usual case, a name still free: taken by the lookup that finds it free.
  if ((!outer || !outer->contains(base)) && used.insert(base).second)
    return base;
  auto isFree = [&](const std::string &c) { return (!outer || !outer->contains(c)) && !used.contains(c); };
  std::string name = suffixed(nextSuffix, base, isFree);
  used.insert(name);
  return name;
}

// A filter in front of the module-scope names: a bit per (length, first and last character)
// signature of the names it holds. A register's name (`r12`) seldom shares one with a
// function's or a global's, so most registers skip hashing their name into the module's set.
class NameSignatures {
public:
  // Filters only where the set is no larger than the function's registers: filling it costs
  // a pass over the module's names for each function.
  NameSignatures(const llvm::StringSet<> &names, size_t registers) : filtering_(names.size() <= registers) {
    if (filtering_) {
      mayHoldNumbered_ = false;
      for (const auto &entry : names) {
        set(entry.getKey());
        mayHoldNumbered_ = mayHoldNumbered_ || numberedShape(entry.getKey());
      }
    }
  }
  bool mayHold(llvm::StringRef name) const {
    if (!filtering_ || name.empty())
      return true;
    size_t k = signature(name);
    return (bits_[k / 64] >> (k % 64)) & 1;
  }

  // Whether the set may hold a name of letters then digits (`r12`), which the usual register's
  // is: module names seldom are (mangled names start with `_`), and then no register's is looked
  // up at all.
  bool mayHoldNumbered() const { return mayHoldNumbered_; }

private:
  // Letters, then digits up to the end: the shape of every TakenNames::Numbered name.
  static bool numberedShape(llvm::StringRef name) {
    auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    size_t i = 0;
    while (i < name.size() && letter(name[i]))
      ++i;
    if (i == 0 || i == name.size())
      return false;
    for (; i < name.size(); ++i)
      if (name[i] < '0' || name[i] > '9')
        return false;
    return true;
  }
  static size_t signature(llvm::StringRef name) {
    return (name.size() * 977 + static_cast<unsigned char>(name.front()) * 31 +
            static_cast<unsigned char>(name.back())) % (64 * kWords);
  }
  void set(llvm::StringRef name) {
    if (name.empty())
      return;
    size_t k = signature(name);
    bits_[k / 64] |= uint64_t(1) << (k % 64);
  }
  static constexpr size_t kWords = 64;
  std::array<uint64_t, kWords> bits_{};
  bool filtering_;
  bool mayHoldNumbered_ = true;
};

// A set of names in open addressing on a cheap hash, kept beside each name so that a probe
// compares strings only on a hash match: views of names stored elsewhere (the register table
// itself, the symbols' set), inserted and never removed.
class HashedNames {
public:
  // Adds `name` (which must outlive the set); false if it was there already.
  bool insert(std::string_view name) {
    uint32_t hash = hashOf(name);
    Slot &slot = slots_[slotOf(name, hash)];
    if (slot.data)
      return false;
    slot = {name.data(), static_cast<uint32_t>(name.size()), hash};
    if (++count_ * 2 > slots_.size())
      grow();
    return true;
  }
  bool contains(std::string_view name) const { return slots_[slotOf(name, hashOf(name))].data != nullptr; }

private:
  struct Slot {
    const char *data = nullptr; // null: empty
    uint32_t size = 0;
    uint32_t hash = 0;
  };
  // Eight bytes at a time, mixed by multiplication, then the whole mixed again.
  static uint32_t hashOf(std::string_view name) {
    uint64_t h = name.size() * 0x9e3779b97f4a7c15ull;
    auto mix = [&](uint64_t word) {
      h = (h ^ word) * 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    };
    size_t i = 0;
    for (; i + 8 <= name.size(); i += 8) {
      uint64_t word;
      std::memcpy(&word, name.data() + i, 8);
      mix(word);
    }
    if (i < name.size()) {
      uint64_t word = 0;
      for (size_t k = i; k < name.size(); ++k)
        word = (word << 8) | static_cast<unsigned char>(name[k]);
      mix(word);
    }
    // Spread the last word's high bytes (an 8-byte name's last characters: `high_123`) over
    // the low bits that pick the slot.
    h ^= h >> 32;
    h *= 0xff51afd7ed558ccdull;
    return static_cast<uint32_t>(h ^ (h >> 29));
  }
  // The index of the slot holding `name`, or of the empty one where it would go.
  size_t slotOf(std::string_view name, uint32_t hash) const {
    size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot &slot = slots_[i];
      if (!slot.data || (slot.hash == hash && std::string_view(slot.data, slot.size) == name))
        return i;
    }
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    std::swap(old, slots_);
    for (const Slot &slot : old)
      if (slot.data)
        slots_[slotOf(std::string_view(slot.data, slot.size), slot.hash)] = slot;
  }
  std::vector<Slot> slots_ = std::vector<Slot>(16);
  size_t count_ = 0;
};

// The names a function's registers and symbols took, inserted and never removed. Nearly every
// register's name is letters then a number (`r12`, `rd4`, from PTX's `%r<N>` declarations):
// such a name is a bit in its stem's bitmap, indexed by the number. Every other name goes to a
// hash set. Which of the two holds a name depends on the name alone, so a name is found
// whichever way it was inserted. Hundreds of thousands of registers pass through it in a large
// module.
class TakenNames {
public:
  // A name of 1 to 8 letters then a decimal number without a leading zero (a lone `0` aside)
  // below the set's limit: the letters packed in a word, and the number.
  struct Numbered {
    uint64_t stem = 0;
    size_t number = 0;
    size_t letters = 0; // how many the stem has
  };

  // Numbers below the limit are bits; it keeps a stray large number from allocating.
  explicit TakenNames(size_t expected) : limit_(std::max<size_t>(4096, 4 * expected)) {}

  // The numbers a Numbered name may have are below this.
  size_t limit() const { return limit_; }

  // Whether `name` from its character `start` on is a Numbered name (*out, when it is).
  bool numbered(std::string_view name, size_t start, Numbered &out) const {
    const char *p = name.data() + start, *end = name.data() + name.size();
    auto letter = [](char c) { return static_cast<unsigned>((static_cast<unsigned char>(c) | 0x20) - 'a') < 26; };
    uint64_t stem = 0;
    const char *stemStart = p;
    for (; p != end && letter(*p); ++p)
      stem = (stem << 8) | static_cast<unsigned char>(*p);
    const auto letters = static_cast<size_t>(p - stemStart);
    if (letters == 0 || letters > 8 || p == end || (*p == '0' && p + 1 != end))
      return false;
    size_t number = 0;
    do {
      unsigned digit = static_cast<unsigned char>(*p) - unsigned('0');
      if (digit > 9)
        return false;
      number = number * 10 + digit;
      if (number >= limit_)
        return false;
    } while (++p != end);
    out = {stem, number, letters};
    return true;
  }

  // Adds `name` (which must outlive the set); false if it was there already.
  bool insert(std::string_view name) {
    Numbered n;
    return numbered(name, 0, n) ? insert(n) : hashed_.insert(name);
  }
  // Adds the name `n` stands for; false if it was there already.
  bool insert(Numbered n) {
    size_t word = n.number / 64;
    std::vector<uint64_t> &bits = last_ < stems_.size() && stems_[last_].stem == n.stem && word < stems_[last_].bits.size()
                                      ? stems_[last_].bits
                                      : stemBits(n.stem, word);
    uint64_t bit = uint64_t(1) << (n.number % 64);
    if (bits[word] & bit)
      return false;
    bits[word] |= bit;
    return true;
  }
  bool contains(std::string_view name) const {
    Numbered n;
    if (!numbered(name, 0, n))
      return hashed_.contains(name);
    for (const Stem &stem : stems_)
      if (stem.stem == n.stem) {
        size_t word = n.number / 64;
        return word < stem.bits.size() && (stem.bits[word] >> (n.number % 64)) & 1;
      }
    return false;
  }

private:
  // The bitmap of `stem` (made if new) with at least `word` + 1 words, remembered as the last
  // one found. Out of line: the usual insertion, into the last stem's bitmap, stays small.
  [[gnu::noinline]] std::vector<uint64_t> &stemBits(uint64_t stem, size_t word) {
    for (last_ = 0; last_ < stems_.size() && stems_[last_].stem != stem; ++last_) {
    }
    if (last_ == stems_.size())
      stems_.push_back({stem, {}});
    std::vector<uint64_t> &bits = stems_[last_].bits;
    if (word >= bits.size())
      bits.resize(std::max(word + 1, 2 * bits.size()), 0);
    return bits;
  }

  struct Stem {
    uint64_t stem;
    std::vector<uint64_t> bits; // bit N: the stem's letters then N are taken
  };
  size_t limit_;
  std::vector<Stem> stems_; // a few per function: r, rd, f, fd, p, rs, ...
  size_t last_ = 0;         // the stem found last (registers come grouped by stem)
  HashedNames hashed_;
};

// Short strings' bytes compared and moved a word at a time, two overlapping loads covering them
// (register names are a few bytes long: shorter than a call of memcmp or memmove).
template <typename Word> Word loadWord(const char *p) {
  Word w;
  std::memcpy(&w, p, sizeof w);
  return w;
}
template <typename Word> void storeWord(char *p, Word w) { std::memcpy(p, &w, sizeof w); }

// Whether the `n` bytes (at most 16) at `a` and at `b` are the same.
bool sameShortBytes(const char *a, const char *b, size_t n) {
  if (n >= 8)
    return loadWord<uint64_t>(a) == loadWord<uint64_t>(b) &&
           loadWord<uint64_t>(a + n - 8) == loadWord<uint64_t>(b + n - 8);
  if (n >= 4)
    return loadWord<uint32_t>(a) == loadWord<uint32_t>(b) &&
           loadWord<uint32_t>(a + n - 4) == loadWord<uint32_t>(b + n - 4);
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

// `name` (not empty) without its first byte.
void dropFirstByte(std::string &name) {
  const size_t n = name.size() - 1; // the bytes that stay
  char *p = name.data();
  if (n > 16) {
    name.erase(0, 1);
    return;
  }
  if (n >= 8) {
    auto head = loadWord<uint64_t>(p + 1), tail = loadWord<uint64_t>(p + 1 + n - 8);
    storeWord(p, head);
    storeWord(p + n - 8, tail);
  } else if (n >= 4) {
    auto head = loadWord<uint32_t>(p + 1), tail = loadWord<uint32_t>(p + 1 + n - 4);
    storeWord(p, head);
    storeWord(p + n - 4, tail);
  } else {
    for (size_t i = 0; i < n; ++i)
      p[i] = p[i + 1];
  }
  name.pop_back();
}

// The name of the register after a `%` and Numbered one in its range (`%r13` after `%r12`): the
// builder lays a range's registers out in order (`%r<N>`: %r0 up to %r(N-1)), so nearly every
// register's name is the one predicted from the register before it, which one comparison
// confirms where parsing it (TakenNames::numbered) costs several instructions per byte.
class SuccessorName {
public:
  // Whether `name` is the predicted one (its Numbered form, without the `%`, in `out` then).
  bool matches(std::string_view name, TakenNames::Numbered &out) const {
    if (size_ == 0 || name.size() != size_ || !sameShortBytes(name.data(), text_.data(), size_))
      return false;
    out = next_;
    return true;
  }
  // Predicts the name after `name`, `%` then the Numbered name `n` (numbers below `limit`).
  void follow(std::string_view name, TakenNames::Numbered n, size_t limit) {
    size_ = 0;
    if (name.size() >= text_.size())
      return; // no room for a digit more
    std::memcpy(text_.data(), name.data(), name.size());
    size_ = name.size();
    next_ = n;
    advance(limit);
  }
  // Predicts the name after the predicted one.
  void advance(size_t limit) {
    if (size_ == 0 || size_ + 1 > text_.size() || next_.number + 1 >= limit) {
      size_ = 0; // no room for a digit more; a successor not Numbered
      return;
    }
    ++next_.number;
    // The decimal number after the `%` and the letters, plus one (%r9 -> %r10).
    const size_t digits = 1 + next_.letters;
    size_t i = size_;
    while (i > digits && text_[i - 1] == '9')
      text_[--i] = '0';
    if (i > digits) {
      ++text_[i - 1];
    } else { // all nines: a digit more
      std::memmove(text_.data() + digits + 1, text_.data() + digits, size_ - digits);
      text_[digits] = '1';
      ++size_;
    }
  }

private:
  std::array<char, 16> text_{};
  size_t size_ = 0; // 0: no prediction
  TakenNames::Numbered next_;
};

// `%`, a few letters, then digits (`%r12`, `%rd4`, `%fd31`): the shape of nearly every
// register's name. Its MSL name is the PTX name without the `%`, and when the letters are fewer
// than any reserved name's stem before its digits, that name is not reserved: the general path
// would leave it so too, at several times the cost.
bool isPlainRegisterName(std::string_view name, size_t shortestReservedStem) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (name.size() < 3 || name[0] != '%')
    return false;
  size_t i = 1;
  while (i < name.size() && letter(name[i]))
    ++i;
  if (i == 1 || i - 1 >= shortestReservedStem || i == name.size())
    return false; // no letters, a stem a reserved name may have, or no digits
  for (; i < name.size(); ++i)
    if (!digit(name[i]))
      return false;
  return true;
}

// The same for a function's registers, whose final names live in the register table itself:
// the set holds views of them and allocates nothing per register.
void nameRegister(TakenNames &used, llvm::StringMap<unsigned> &nextSuffix, std::string &name,
                  const llvm::StringSet<> &outer, const NameSignatures &outerSignatures,
                  size_t shortestReservedStem, SuccessorName &successor,
                  llvm::StringMap<std::string> &identifiers) {
  // The commonest name of all, `%` then a Numbered name (`%r12`) with fewer letters than any
  // reserved name's stem (so a plain one): predicted from the register before it or parsed
  // once, for both tests.
  TakenNames::Numbered numbered;
  const bool predicted = successor.matches(name, numbered);
  if (predicted || (name.size() > 1 && name[0] == '%' && used.numbered(name, 1, numbered) &&
                    numbered.letters < shortestReservedStem)) {
    if (predicted)
      successor.advance(used.limit());
    else
      successor.follow(name, numbered, used.limit());
    dropFirstByte(name); // the `%`
    if (!(outerSignatures.mayHoldNumbered() && outerSignatures.mayHold(name) && outer.contains(name)) &&
        used.insert(numbered))
      return;
  } else {
    if (isPlainRegisterName(name, shortestReservedStem)) {
      dropFirstByte(name);
    } else {
      // Inline asm blocks declare the same few names (`low`, `high`, `tmp`) thousands of times:
      // each is made an identifier once (`identifiers`: PTX name -> identifier).
      auto [it, inserted] = identifiers.try_emplace(name);
      if (inserted) {
        std::string &identifier = it->second;
        identifier = name;
        sanitizeInPlace(identifier);
        // Locals only hide a library name inside the function: a suffix suffices.
        if (isMslReservedName(identifier))
          identifier += "_";
      }
      name = it->second;
    }
    // The usual case, a name still free: one lookup in each set (or only in `used`).
    if (!(outerSignatures.mayHold(name) && outer.contains(name)) && used.insert(name))
      return;
  }
  name = suffixed(nextSuffix, name, [&](const std::string &c) { return !outer.contains(c) && !used.contains(c); });
  used.insert(name);
}

} // namespace

void normalizeIdentifiers(PassContext &ctx) {
  ir::Module &m = ctx.module;
  if (ctx.moduleStep()) {
    llvm::StringMap<unsigned> nextSuffix;
    // Kernels keep their PTX name where it is a valid identifier: the runtime looks them up.
    for (ir::Function &f : m.functions)
      f.name = unique(m.mslNames, nextSuffix, sanitize(f.ptxName));
    for (ir::Symbol &s : m.symbols) {
      if (s.kind == ir::SymbolKind::Function)
        s.name = m.function(s.function).name;
      else if (s.owner == ir::kNone)
        s.name = unique(m.mslNames, nextSuffix, sanitize(s.ptxName));
    }
    return;
  }
  forEachFunction(ctx, [&](ir::Function &f) {
    // One suffix memory for the function's symbols and registers: the symbols' names stay taken
    // in the registers' set.
    llvm::StringMap<unsigned> nextSuffix;
    llvm::StringSet<> used;
    for (ir::SymId s : f.symbols)
      m.symbol(s).name = unique(used, nextSuffix, sanitize(m.symbol(s).ptxName), &m.mslNames);
    TakenNames regNames(f.regs.size() + used.size());
    for (auto &entry : used)
      regNames.insert(entry.getKey());
    const NameSignatures moduleSignatures(m.mslNames, f.regs.size());
    const size_t shortestReservedStem = shortestReservedStemBeforeDigits();
    SuccessorName successor;
    llvm::StringMap<std::string> identifiers;
    for (ir::Register &r : f.regs)
      nameRegister(regNames, nextSuffix, r.name, m.mslNames, moduleSignatures, shortestReservedStem, successor,
                   identifiers);
  });
}

} // namespace p2m::passes
