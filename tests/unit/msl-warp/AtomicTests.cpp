// atom/red helpers (atomic_ops.h) in global (device) and shared (threadgroup) memory: each
// operation's returned and stored values single-threaded against the PTX ISA's definitions,
// then std::thread stress tests on the host metal_stdlib's real (relaxed) atomics, where
// every compare-exchange loop is contended.
#include "FloatReference.h"
#include "Kernels.h"
#include "TestUtil.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <thread>
#include <vector>

namespace p2m::mslwarp::test {
namespace {

constexpr std::array<Space, 2> kSpaces = {Space::Global, Space::Shared};

const char *name(Space space)
{
  return space == Space::Global ? "global" : "shared";
}

std::uint32_t operand32(Rng &rng)
{
  static constexpr std::uint32_t kSpecial[] = {0,          1,          2,          5,
                                               7,          0x7fffffffu, 0x80000000u, 0xfffffffeu,
                                               0xffffffffu, 0x3f800000u, 0x7fc00000u, 0x00000400u};
  switch (rng.below(4)) {
  case 0:
    return kSpecial[rng.below(12)];
  case 1:
    return rng.below(16);
  default:
    return rng.next32();
  }
}

std::uint16_t halfOf(std::uint32_t word, unsigned upper)
{
  return static_cast<std::uint16_t>(upper ? word >> 16 : word);
}

std::uint32_t withHalf(std::uint32_t word, unsigned upper, std::uint16_t half)
{
  return upper ? (word & 0xffffu) | (std::uint32_t{half} << 16)
               : (word & 0xffff0000u) | half;
}

bool sameF32(std::uint32_t got, std::uint32_t want)
{
  return got == want || (isNan32(got) && isNan32(want));
}

// The value PTX's atom stores for `op` (the host's float addition for Metal's atomic_float add).
std::uint32_t expected(Space space, Atom32 op, std::uint32_t old, std::uint32_t v)
{
  const auto s = [](std::uint32_t x) { return static_cast<std::int32_t>(x); };
  switch (op) {
  case Atom32::AddU32:
  case Atom32::AddS32:
    return old + v;
  case Atom32::MinU32:
    return std::min(old, v);
  case Atom32::MinS32:
    return static_cast<std::uint32_t>(std::min(s(old), s(v)));
  case Atom32::MaxU32:
    return std::max(old, v);
  case Atom32::MaxS32:
    return static_cast<std::uint32_t>(std::max(s(old), s(v)));
  case Atom32::Exch:
    return v;
  case Atom32::And:
    return old & v;
  case Atom32::Or:
    return old | v;
  case Atom32::Xor:
    return old ^ v;
  case Atom32::Inc:
    return old >= v ? 0 : old + 1;
  case Atom32::Dec:
    return (old == 0 || old > v) ? v : old - 1;
  case Atom32::AddF32:
    return space == Space::Global ? bitsOf(asFloat(old) + asFloat(v)) : referenceAdd(old, v);
  case Atom32::AddF32Loop:
    return referenceAddFtz(old, v);
  case Atom32::AddF16x2:
    return referenceAddF16(static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(v)) |
           std::uint32_t{referenceAddF16(static_cast<std::uint16_t>(old >> 16),
                                         static_cast<std::uint16_t>(v >> 16))}
               << 16;
  case Atom32::AddBf16x2:
    return referenceAddBf16(static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(v)) |
           std::uint32_t{referenceAddBf16(static_cast<std::uint16_t>(old >> 16),
                                          static_cast<std::uint16_t>(v >> 16))}
               << 16;
  }
  return 0;
}

// Runs body(t) on `threads` std::threads at once.
template <typename Body>
void inParallel(unsigned threads, Body body)
{
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&body, t] { body(t); });
  for (std::thread &worker : workers)
    worker.join();
}

constexpr unsigned kThreads = 8;

} // namespace

TEST_CASE("32-bit atom: returned and stored values", "[atomic]")
{
  constexpr std::array<Atom32, 16> kOps = {
      Atom32::AddU32, Atom32::AddS32, Atom32::MinU32, Atom32::MinS32,     Atom32::MaxU32,
      Atom32::MaxS32, Atom32::Exch,   Atom32::And,    Atom32::Or,         Atom32::Xor,
      Atom32::Inc,    Atom32::Dec,    Atom32::AddF32, Atom32::AddF32Loop, Atom32::AddF16x2,
      Atom32::AddBf16x2};
  Rng rng(0xa70);
  for (Space space : kSpaces)
    for (std::size_t o = 0; o < kOps.size(); ++o) {
      const Atom32 op = kOps[o];
      if (op == Atom32::AddF32Loop && space == Space::Shared)
        continue;
      std::size_t wrongOld = 0, wrongNew = 0;
      for (int i = 0; i < 100000; ++i) {
        const std::uint32_t old = operand32(rng), v = operand32(rng);
        std::uint32_t word = old;
        const std::uint32_t got = atom32(space, op, &word, v);
        const std::uint32_t want = expected(space, op, old, v);
        wrongOld += got != old;
        const bool floatAdd = op == Atom32::AddF32 || op == Atom32::AddF32Loop;
        wrongNew += floatAdd ? !sameF32(word, want) : word != want;
      }
      INFO(name(space) << " op " << o);
      CHECK(wrongOld == 0);
      CHECK(wrongNew == 0);
    }
}

TEST_CASE("inc and dec at the edges (values measured on the H200)", "[atomic]")
{
  // tests/probes/warp_atomics.cu, part D: (old, b) -> value after inc, after dec.
  const std::uint32_t cases[][4] = {{5, 0, 0, 0},         {0, 0, 0, 0},   {0, 7, 1, 7},
                                    {9, 7, 0, 7},         {7, 7, 0, 6},   {3, 7, 4, 2},
                                    {0xffffffffu, 0xffffffffu, 0, 0xfffffffeu},
                                    {0xffffffffu, 5, 0, 5}, {6, 7, 7, 5}};
  for (Space space : kSpaces)
    for (const auto &c : cases) {
      std::uint32_t word = c[0];
      CHECK(atom32(space, Atom32::Inc, &word, c[1]) == c[0]);
      CHECK(word == c[2]);
      word = c[0];
      CHECK(atom32(space, Atom32::Dec, &word, c[1]) == c[0]);
      CHECK(word == c[3]);
    }
}

TEST_CASE("cas.b32 and cas.b16: strong compare-and-swap", "[atomic]")
{
  Rng rng(0xca5);
  for (Space space : kSpaces) {
    std::size_t wrong = 0;
    for (int i = 0; i < 100000; ++i) {
      const std::uint32_t old = operand32(rng), v = operand32(rng);
      const std::uint32_t cmp = rng.below(2) ? old : operand32(rng);
      std::uint32_t word = old;
      wrong += atomCas32(space, &word, cmp, v) != old;
      wrong += word != (old == cmp ? v : old);

      const unsigned upper = rng.below(2);
      const std::uint16_t h = halfOf(old, upper), v16 = static_cast<std::uint16_t>(v);
      const auto cmp16 = rng.below(2) ? h : static_cast<std::uint16_t>(cmp);
      word = old;
      wrong += atomCas16(space, &word, upper, cmp16, v16) != h;
      wrong += word != (h == cmp16 ? withHalf(old, upper, v16) : old);
    }
    INFO(name(space));
    CHECK(wrong == 0);
  }
}

TEST_CASE("16-bit f16/bf16 atom.add.noftz: the right half, the other untouched", "[atomic]")
{
  Rng rng(0x16);
  for (Space space : kSpaces)
    for (Atom16 op : {Atom16::AddF16, Atom16::AddBf16}) {
      std::size_t wrong = 0;
      for (int i = 0; i < 100000; ++i) {
        const std::uint32_t old = rng.next32();
        const auto v = static_cast<std::uint16_t>(rng.below(3) ? rng.next32() : rng.below(0x400));
        const unsigned upper = rng.below(2);
        const std::uint16_t h = halfOf(old, upper);
        const std::uint16_t sum =
            op == Atom16::AddF16 ? referenceAddF16(h, v) : referenceAddBf16(h, v);
        std::uint32_t word = old;
        wrong += atom16(space, op, &word, upper, v) != h;
        wrong += word != withHalf(old, upper, sum);
      }
      INFO(name(space) << (op == Atom16::AddF16 ? " f16" : " bf16"));
      CHECK(wrong == 0);
    }
  // As measured on the H200 (part B): NaN results are 0x7fff whatever the NaN operands.
  for (Space space : kSpaces) {
    std::uint32_t word = 0x56787c01u;
    CHECK(atom16(space, Atom16::AddF16, &word, 0, 0x3c00) == 0x7c01);
    CHECK(word == 0x56787fffu);
    word = 0xffc11234u;
    CHECK(atom16(space, Atom16::AddBf16, &word, 1, 0x3f80) == 0xffc1);
    CHECK(word == 0x7fff1234u);
    word = 0x00000001u;
    CHECK(atom16(space, Atom16::AddBf16, &word, 0, 0x0001) == 0x0001);
    CHECK(word == 0x00000002u); // bf16 subnormals kept
  }
}

TEST_CASE("shared atom.add.f32 keeps subnormals (values measured on the H200)", "[atomic]")
{
  const std::uint32_t cases[][3] = {{0x00000001u, 0x00000001u, 0x00000002u},
                                    {0x00c00000u, 0x80800000u, 0x00400000u},
                                    {0x00800000u, 0x80000001u, 0x007fffffu},
                                    {0x80000001u, 0x00000000u, 0x80000001u},
                                    {0x007fffffu, 0x00000001u, 0x00800000u},
                                    {0x7f800001u, 0x3f800000u, 0x7fffffffu},
                                    {0x7f800000u, 0xff800000u, 0x7fffffffu}};
  for (const auto &c : cases) {
    std::uint32_t word = c[0];
    CHECK(atom32(Space::Shared, Atom32::AddF32, &word, c[1]) == c[0]);
    CHECK(word == c[2]);
  }
}

TEST_CASE("64-bit atom through the lock table: returned and stored values", "[atomic]")
{
  Rng rng(0x64);
  const auto operand = [&]() -> std::uint64_t {
    switch (rng.below(4)) {
    case 0:
      return 0xffffffff00000000ull | rng.next32(); // carries out of the low word
    case 1:
      return 0x00000000ffffffffull - rng.below(4);
    default:
      return rng.next64();
    }
  };
  const auto s = [](std::uint64_t x) { return static_cast<std::int64_t>(x); };
  for (Space space : kSpaces) {
    std::size_t wrong = 0;
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t old = operand(), v = operand();
      const std::uint64_t expect[] = {old + v, std::min(old, v), std::max(old, v),
                                      s(old) < s(v) ? old : v, s(old) > s(v) ? old : v,
                                      old & v, old | v, old ^ v, v};
      for (unsigned k = 0; k <= static_cast<unsigned>(Atom64::Exch); ++k) {
        alignas(8) std::uint64_t word = old;
        wrong += atom64(space, static_cast<Atom64>(k), &word, v) != old;
        wrong += word != expect[k];
      }
      alignas(8) std::uint64_t word = old;
      wrong += atom64(space, Atom64::Cas, &word, v, old ^ (i & 1)) != old;
      wrong += word != ((i & 1) ? old : v);
      st64(space, &word, old);
      wrong += word != old;
    }
    INFO(name(space));
    CHECK(wrong == 0);
  }
}

TEST_CASE("contended integer atomics and compare-exchange loops", "[atomic][threads]")
{
  constexpr unsigned kEach = 20000, kTotal = kThreads * kEach;
  for (Space space : kSpaces) {
    INFO(name(space));
    // add: the old values returned are exactly 0 .. total-1.
    {
      std::uint32_t word = 0;
      std::vector<std::uint32_t> olds(kTotal);
      inParallel(kThreads, [&](unsigned t) {
        for (unsigned i = 0; i < kEach; ++i)
          olds[t * kEach + i] = atom32(space, Atom32::AddU32, &word, 1);
      });
      std::sort(olds.begin(), olds.end());
      bool permutation = true;
      for (unsigned i = 0; i < kTotal; ++i)
        permutation = permutation && olds[i] == i;
      CHECK(word == kTotal);
      CHECK(permutation);
    }
    // cas: a counter incremented by compare-and-swap retries.
    {
      std::uint32_t word = 0;
      inParallel(kThreads, [&](unsigned) {
        for (unsigned i = 0; i < kEach; ++i) {
          std::uint32_t seen = word;
          for (;;) {
            const std::uint32_t old = atomCas32(space, &word, seen, seen + 1);
            if (old == seen)
              break;
            seen = old;
          }
        }
      });
      CHECK(word == kTotal);
    }
    // inc/dec with a bound: each value of 0..bound is returned equally often.
    for (Atom32 op : {Atom32::Inc, Atom32::Dec}) {
      constexpr std::uint32_t kBound = 999; // kTotal is a multiple of kBound + 1
      std::uint32_t word = op == Atom32::Inc ? 0 : kBound;
      std::vector<std::uint32_t> count(kBound + 1);
      std::vector<std::vector<std::uint32_t>> seen(kThreads);
      inParallel(kThreads, [&](unsigned t) {
        for (unsigned i = 0; i < kEach; ++i)
          seen[t].push_back(atom32(space, op, &word, kBound));
      });
      bool inRange = true;
      for (const auto &list : seen)
        for (std::uint32_t old : list) {
          inRange = inRange && old <= kBound;
          if (old <= kBound)
            ++count[old];
        }
      CHECK(inRange);
      CHECK(word == (op == Atom32::Inc ? 0u : kBound));
      CHECK(std::all_of(count.begin(), count.end(),
                        [](std::uint32_t n) { return n == kTotal / (kBound + 1); }));
    }
    // cas.b16 on the low half while the high half is added to: neither is lost.
    {
      std::uint32_t word = 0;
      inParallel(kThreads, [&](unsigned t) {
        for (unsigned i = 0; i < kEach / 8; ++i) {
          if (t % 2 == 0) {
            std::uint16_t seen = static_cast<std::uint16_t>(word);
            for (;;) {
              const std::uint16_t old = atomCas16(space, &word, 0, seen,
                                                  static_cast<std::uint16_t>(seen + 1));
              if (old == seen)
                break;
              seen = old;
            }
          } else {
            atom32(space, Atom32::AddU32, &word, 0x10000u);
          }
        }
      });
      CHECK(word == ((kThreads / 2 * (kEach / 8)) << 16 | (kThreads / 2 * (kEach / 8))));
    }
  }
}

TEST_CASE("contended floating-point atomics", "[atomic][threads]")
{
  for (Space space : kSpaces) {
    INFO(name(space));
    // f32: 1.0 added 160000 times is exact, and every old value appears once.
    {
      constexpr unsigned kEach = 20000;
      std::uint32_t word = 0;
      std::vector<float> olds(kThreads * kEach);
      inParallel(kThreads, [&](unsigned t) {
        for (unsigned i = 0; i < kEach; ++i)
          olds[t * kEach + i] = asFloat(atom32(space, Atom32::AddF32, &word, 0x3f800000u));
      });
      std::sort(olds.begin(), olds.end());
      bool permutation = true;
      for (unsigned i = 0; i < olds.size(); ++i)
        permutation = permutation && olds[i] == static_cast<float>(i);
      CHECK(asFloat(word) == static_cast<float>(kThreads * kEach));
      CHECK(permutation);
    }
    // f16 in the low half (+1.0) and bf16 in the high half (+1.0), on one word: 1000 f16 adds
    // and 200 bf16 adds, all exact; a lost update or a clobbered neighbour shows in the sums.
    {
      std::uint32_t word = 0;
      inParallel(kThreads, [&](unsigned t) {
        if (t % 2 == 0) {
          for (unsigned i = 0; i < 250; ++i)
            atom16(space, Atom16::AddF16, &word, 0, 0x3c00);
        } else {
          for (unsigned i = 0; i < 50; ++i)
            atom16(space, Atom16::AddBf16, &word, 1, 0x3f80);
        }
      });
      CHECK(static_cast<std::uint16_t>(word) == 0x63d0);  // 1000.0 in f16
      CHECK((word >> 16) == 0x4348u);                     // 200.0 in bf16
    }
    // f16x2 (+1.0, +2.0) 1000 times, bf16x2 (+1.0, +1.0) 200 times: exact sums.
    {
      std::uint32_t h2 = 0, b2 = 0;
      inParallel(kThreads, [&](unsigned) {
        for (unsigned i = 0; i < 125; ++i)
          atom32(space, Atom32::AddF16x2, &h2, 0x40003c00u);
        for (unsigned i = 0; i < 25; ++i)
          atom32(space, Atom32::AddBf16x2, &b2, 0x3f803f80u);
      });
      CHECK(h2 == 0x67d063d0u); // (1000.0, 2000.0) in f16
      CHECK(b2 == 0x43484348u); // (200.0, 200.0) in bf16
    }
  }
}

TEST_CASE("contended 64-bit atom: exact final values, every ticket once", "[atomic][threads]")
{
  constexpr unsigned kEach = 20000;
  for (Space space : kSpaces) {
    INFO(name(space));
    std::vector<std::vector<std::uint64_t>> values(kThreads);
    Rng rng(0x5eed + static_cast<unsigned>(space));
    std::uint64_t sum = 0x00000000fffffff0ull, andAll = ~0ull, orAll = 0, xorAll = 0x1234;
    std::uint64_t minAll = ~0ull, maxAll = 0;
    for (auto &list : values)
      for (unsigned i = 0; i < kEach; ++i) {
        // Mostly values whose low words carry often.
        const std::uint64_t v = rng.below(2) ? (rng.next64() | 0x00000000f0000000ull)
                                             : rng.next64() & 0xff0000ffffffffffull;
        list.push_back(v);
        sum += v;
        andAll &= v | (1ull << (i % 64));
        orAll |= v & (1ull << (i % 64));
        xorAll ^= v;
        minAll = std::min(minAll, v);
        maxAll = std::max(maxAll, v);
      }
    alignas(8) std::uint64_t add = 0x00000000fffffff0ull, andW = ~0ull, orW = 0, xorW = 0x1234;
    alignas(8) std::uint64_t minW = ~0ull, maxW = 0;
    // Tickets: one counter that every thread increments with a result (add) and one through a
    // compare-exchange loop; each value from the start must come back exactly once.
    constexpr std::uint64_t kStart = 0xfffff000ull;
    alignas(8) std::uint64_t tickets = kStart, casTickets = kStart << 8;
    std::vector<std::vector<std::uint64_t>> got(kThreads), gotCas(kThreads);
    inParallel(kThreads, [&](unsigned t) {
      for (unsigned i = 0; i < kEach; ++i) {
        const std::uint64_t v = values[t][i];
        atom64(space, Atom64::AddU64, &add, v);
        atom64(space, Atom64::And, &andW, v | (1ull << (i % 64)));
        atom64(space, Atom64::Or, &orW, v & (1ull << (i % 64)));
        atom64(space, Atom64::Xor, &xorW, v);
        atom64(space, Atom64::MinU64, &minW, v);
        atom64(space, Atom64::MaxU64, &maxW, v);
        got[t].push_back(atom64(space, Atom64::AddU64, &tickets, 1));
        std::uint64_t seen = casTickets, assumed;
        do {
          assumed = seen;
          seen = atom64(space, Atom64::Cas, &casTickets, assumed + 0x100000001ull, assumed);
        } while (seen != assumed);
        gotCas[t].push_back(seen);
      }
    });
    CHECK(add == sum);
    CHECK(andW == andAll);
    CHECK(orW == orAll);
    CHECK(xorW == xorAll);
    CHECK(minW == minAll);
    CHECK(maxW == maxAll);
    constexpr std::uint64_t kTotal = std::uint64_t{kThreads} * kEach;
    CHECK(tickets == kStart + kTotal);
    CHECK(casTickets == (kStart << 8) + kTotal * 0x100000001ull);
    std::vector<std::uint8_t> count(kTotal, 0), countCas(kTotal, 0);
    std::size_t outside = 0;
    for (unsigned t = 0; t < kThreads; ++t)
      for (unsigned i = 0; i < kEach; ++i) {
        const std::uint64_t a = got[t][i] - kStart, b = (gotCas[t][i] - (kStart << 8)) / 0x100000001ull;
        a < kTotal ? ++count[a] : ++outside;
        b < kTotal ? ++countCas[b] : ++outside;
      }
    CHECK(outside == 0);
    CHECK(std::count(count.begin(), count.end(), 1) == static_cast<std::ptrdiff_t>(kTotal));
    CHECK(std::count(countCas.begin(), countCas.end(), 1) == static_cast<std::ptrdiff_t>(kTotal));
  }
}

} // namespace p2m::mslwarp::test
