// The headers pass the MSL subset check (lib/mslcheck) when pasted as the emitter pastes them,
// together with a body that calls every entry point, so that every template is instantiated.
#include "mslcheck/MslCheck.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string readSource(const std::string &relative)
{
  std::ifstream in(std::string(P2M_SOURCE_ROOT) + "/" + relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// abi.h as the emitter pastes it: its #include of kernel_abi.h replaced by that header (the
// check reads nothing from disk).
std::string readAbiPrelude()
{
  std::string abi = readSource("emitters/msl/support/abi.h");
  const std::string include = "#include \"kernel_abi.h\"\n";
  abi.replace(abi.find(include), include.size(), readSource("emitters/msl/support/kernel_abi.h"));
  return abi;
}

// One call of every entry point of warp_ops.h and atomic_ops.h.
const char *const kBody = R"(
void p2m_test_body(thread p2m_ctx &ctx, device uint *g, threadgroup uint *s, ulong a64,
                   threadgroup ulong *s64, uint lane, uint v)
{
  bool p;
  uint r = 0u;
  r += p2m_shfl_sync_idx_b32(v, 1u, 0x1fu, 0xffffffffu, lane, p);
  r += p2m_shfl_sync_up_b32(v, 1u, 0u, 0xffffffffu, lane, p);
  r += p2m_shfl_sync_down_b32(v, 1u, 0x1fu, 0xffffffffu, lane, p);
  r += p2m_shfl_sync_bfly_b32(v, 1u, 0x1fu, 0xffffffffu, lane, p);
  r += p2m_shfl_sync_idx_b32_nopred(v, 1u, 0x1fu, 0xffffffffu, lane);
  r += p2m_shfl_sync_up_b32_nopred(v, 1u, 0u, 0xffffffffu, lane);
  r += p2m_shfl_sync_down_b32_nopred(v, 1u, 0x1fu, 0xffffffffu, lane);
  r += p2m_shfl_sync_bfly_b32_nopred(v, 1u, 0x1fu, 0xffffffffu, lane);
  r += p2m_activemask() + p2m_vote_ballot_sync_b32(v != 0u, 0xffffffffu);
  r += p2m_vote_all_sync(p, v) ? 1u : 0u;
  r += p2m_vote_any_sync(p, v) ? 1u : 0u;
  r += p2m_vote_uni_sync(p, v) ? 1u : 0u;
  r += p2m_redux_sync_add_u32(v, 0xffffffffu) + p2m_redux_sync_min_u32(v, 0xffffffffu);
  r += p2m_redux_sync_max_u32(v, 0xffffffffu) + p2m_redux_sync_and_b32(v, 0xffffffffu);
  r += p2m_redux_sync_or_b32(v, 0xffffffffu) + p2m_redux_sync_xor_b32(v, 0xffffffffu);
  r += as_type<uint>(p2m_redux_sync_add_s32(int(v), 0xffffffffu));
  r += as_type<uint>(p2m_redux_sync_min_s32(int(v), 0xffffffffu));
  r += as_type<uint>(p2m_redux_sync_max_s32(int(v), 0xffffffffu));
  r += p2m_match_any_sync_b32(v, 0xffffffffu, lane) + p2m_match_any_sync_b64(ulong(v), 3u, lane);
  r += p2m_match_all_sync_b32(v, 0xffffffffu, p) + p2m_match_all_sync_b64(ulong(v), 3u, p);
#if !defined(__METAL_VERSION__) || __METAL_VERSION__ >= 320
  p2m_bar_warp_sync(0xffffffffu);
#endif

  device int *gi = reinterpret_cast<device int *>(g);
  threadgroup int *si = reinterpret_cast<threadgroup int *>(s);
  device float *gf = reinterpret_cast<device float *>(g);
  threadgroup float *sf = reinterpret_cast<threadgroup float *>(s);
  r += p2m_atom_global_add_u32(g, v) + p2m_atom_global_min_u32(g, v) + p2m_atom_global_max_u32(g, v);
  r += uint(p2m_atom_global_add_s32(gi, 1) + p2m_atom_global_min_s32(gi, 1) + p2m_atom_global_max_s32(gi, 1));
  r += p2m_atom_global_exch_b32(g, v) + p2m_atom_global_and_b32(g, v) + p2m_atom_global_or_b32(g, v);
  r += p2m_atom_global_xor_b32(g, v) + p2m_atom_global_cas_b32(g, v, 1u);
  r += p2m_atom_global_inc_u32(g, v) + p2m_atom_global_dec_u32(g, v);
  r += as_type<uint>(p2m_atom_global_add_f32(gf, 1.0f) + p2m_atom_global_add_f32_loop(gf, 1.0f));
  r += p2m_atom_global_add_noftz_f16(g, 1u, ushort(v)) + p2m_atom_global_add_noftz_bf16(g, 0u, ushort(v));
  r += p2m_atom_global_add_noftz_f16x2(g, v) + p2m_atom_global_add_noftz_bf16x2(g, v);
  r += p2m_atom_global_cas_b16(g, 1u, ushort(v), ushort(1));
  r += p2m_atom_shared_add_u32(s, v) + p2m_atom_shared_min_u32(s, v) + p2m_atom_shared_max_u32(s, v);
  r += uint(p2m_atom_shared_add_s32(si, 1) + p2m_atom_shared_min_s32(si, 1) + p2m_atom_shared_max_s32(si, 1));
  r += p2m_atom_shared_exch_b32(s, v) + p2m_atom_shared_and_b32(s, v) + p2m_atom_shared_or_b32(s, v);
  r += p2m_atom_shared_xor_b32(s, v) + p2m_atom_shared_cas_b32(s, v, 1u);
  r += p2m_atom_shared_inc_u32(s, v) + p2m_atom_shared_dec_u32(s, v);
  r += as_type<uint>(p2m_atom_shared_add_f32(sf, 1.0f));
  r += p2m_atom_shared_add_noftz_f16(s, 1u, ushort(v)) + p2m_atom_shared_add_noftz_bf16(s, 0u, ushort(v));
  r += p2m_atom_shared_add_noftz_f16x2(s, v) + p2m_atom_shared_add_noftz_bf16x2(s, v);
  r += p2m_atom_shared_cas_b16(s, 1u, ushort(v), ushort(1));
#if !defined(__METAL_VERSION__) || __METAL_VERSION__ >= 320
  // The lock table and the fences need MSL 3.2's atomic_thread_fence.
  r += uint(p2m_atom64_global_add_u64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_add_u64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_min_u64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_min_u64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_max_u64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_max_u64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_min_s64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_min_s64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_max_s64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_max_s64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_and_b64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_and_b64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_or_b64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_or_b64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_xor_b64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_xor_b64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_exch_b64(ctx, a64, ulong(v)));
  r += uint(p2m_atom64_shared_exch_b64(ctx, s64, ulong(v)));
  r += uint(p2m_atom64_global_cas_b64(ctx, a64, 0ul, ulong(v)));
  r += uint(p2m_atom64_shared_cas_b64(ctx, s64, 0ul, ulong(v)));
  p2m_st64_locked_global(ctx, a64, ulong(v));
  p2m_st64_locked_shared(ctx, s64, ulong(v));
  p2m_st64_locked_generic(ctx, a64, ulong(v));
  p2m_fence_cta();
  p2m_fence_gpu();
  p2m_fence_sys();
#endif
  p2m_bar_sync();
  r += p2m_bar_red_popc(p, s + 1);
  r += p2m_bar_red_and(p, s + 1) ? 1u : 0u;
  r += p2m_bar_red_or(p, s + 1) ? 1u : 0u;
  g[lane] = r;
}
)";

} // namespace

TEST_CASE("warp_ops.h and atomic_ops.h pass the MSL subset check", "[subset]")
{
  const std::string source = "#include <metal_stdlib>\nusing namespace metal;\n" +
                             readAbiPrelude() +
                             readSource("emitters/msl/support/warp_ops.h") +
                             readSource("emitters/msl/support/atomic_ops.h") + kBody;
  // Every view the file meets: the host's, and Apple's at each MSL version (the headers'
  // #if __METAL_VERSION__ branches).
  for (unsigned version : {0u, 300u, 310u, 320u}) {
    const p2m::mslcheck::CheckResult result = p2m::mslcheck::checkMsl(source, "prelude.metal", {version});
    INFO("view: " << (version ? "MSL " + std::to_string(version) : std::string("host")));
    INFO(result.format());
    CHECK(result.compiled);
    CHECK(result.ok());
  }
}
