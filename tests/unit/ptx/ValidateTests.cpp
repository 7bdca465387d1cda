// The instruction table (lib/ptx/InstructionTable.def) and the validator built on it: valid
// spellings, including the modifier orders real compilers emit, are accepted; invalid ones are
// rejected with a located reason. The hidden [.corpus] test measures the table against the PTX
// of the CUDA libraries:
//   build/tests/unit/ptx_tests '[.corpus]'     (corpus in $P2M_PTX_CORPUS or /tmp/ptx-corpus)
#include "TestHelpers.h"

#include "ptx/Ast.h"
#include "ptx/InstructionTable.h"
#include "ptx/Validate.h"
#include "support/FileIO.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>
#include <vector>

using namespace p2m;
using ptx::Modifier;
using ptx::Opcode;
using Problem = ptx::SpellingCheck::Problem;

namespace {

// Checks a spelling written out, e.g. "ld.global.nc.v4.f32".
ptx::SpellingCheck check(std::string_view text) {
  size_t dot = text.find('.');
  auto opcode = ptx::lookupOpcode(text.substr(0, dot));
  INFO(text);
  REQUIRE(opcode);
  std::vector<Modifier> modifiers;
  while (dot != std::string_view::npos) {
    size_t next = text.find('.', dot + 1);
    std::string_view word =
        text.substr(dot + 1, next == std::string_view::npos ? next : next - dot - 1);
    auto modifier = ptx::lookupModifier(word);
    INFO(word);
    REQUIRE(modifier);
    modifiers.push_back(*modifier);
    dot = next;
  }
  return ptx::checkSpelling(*opcode, modifiers);
}

struct Validated {
  std::unique_ptr<test::Parsed> parsed;
  size_t errors = 0;
};

Validated validate(std::string text, std::string name = "test.ptx") {
  Validated v;
  v.parsed = test::parse(std::move(text), std::move(name));
  INFO(v.parsed->errors());
  REQUIRE_FALSE(v.parsed->diags.hasErrors());
  v.errors = ptx::validateModule(*v.parsed->module, v.parsed->diags);
  return v;
}

} // namespace

TEST_CASE("the instruction table is well formed", "[validate]") {
  for (size_t op = 0; op < ptx::opcodeCount(); ++op) {
    INFO(ptx::spelling(Opcode(op)));
    CHECK_FALSE(ptx::instructionForms(Opcode(op)).empty());
  }
  std::set<const ptx::ModifierSet *> usedSets;
  for (const ptx::InstructionForm &form : ptx::allInstructionForms()) {
    INFO(ptx::spelling(form.opcode));
    CHECK(form.minOperands <= form.maxOperands);
    CHECK(form.maxOperands < 32);
    CHECK(form.slots.size() <= ptx::kMaxFormSlots);
    for (const ptx::ModifierSlot &slot : form.slots) {
      if (slot.set)
        usedSets.insert(slot.set);
      CHECK_FALSE((slot.addsOperand && (slot.set || slot.required)));
    }
  }
  for (const ptx::ModifierSet &set : ptx::modifierSets()) {
    INFO(set.name);
    CHECK(usedSets.count(&set) == 1);
    CHECK_FALSE(set.members.empty());
    CHECK_FALSE(set.description.empty());
    std::set<Modifier> unique(set.members.begin(), set.members.end());
    CHECK(unique.size() == set.members.size());
  }
  // Every modifier of the vocabulary belongs to some instruction, except the video
  // instructions' operand selectors, `.unified` (written after an address operand) and
  // `generic` (a state space no instruction spells).
  const std::set<std::string_view> notInstructionModifiers = {
      "b0",   "b2",    "b3",  "b10", "b20", "b21", "b30", "b31", "b210", "b310",    "b320",
      "b321", "b3210", "h0",  "h1",  "h00", "h01", "h02", "h03", "h10",  "h11",     "h12",
      "h13",  "h20",   "h21", "h22", "h23", "h30", "h31", "h32", "h33",  "generic", "unified"};
  for (size_t m = 0; m < ptx::modifierCount(); ++m) {
    bool used = false;
    for (size_t op = 0; op < ptx::opcodeCount() && !used; ++op)
      used = ptx::opcodeAllows(Opcode(op), Modifier(m));
    std::string_view name = ptx::spelling(Modifier(m));
    INFO(name);
    CHECK(used != (notInstructionModifiers.count(name) == 1));
  }
}

TEST_CASE("valid spellings are accepted", "[validate]") {
  struct Case {
    const char *spelling;
    size_t operands;
  };
  const Case cases[] = {
      // integer and floating-point arithmetic
      {"add.s32", 3},
      {"add.sat.s32", 3},
      {"add.u16x2", 3},
      {"add.cc.u32", 3},
      {"addc.cc.u64", 3},
      {"add.rn.ftz.sat.f32", 3},
      {"add.rz.f64", 3},
      {"add.rn.f16x2", 3},
      {"add.bf16", 3},
      {"add.rn.sat.f32.f16", 3},
      {"sub.f32x2", 3},
      {"mul.wide.s32", 3},
      {"mul.hi.u64", 3},
      {"mul.rn.sat.f32", 3},
      {"mad.lo.s32", 4},
      {"mad.hi.sat.s32", 4},
      {"mad.lo.cc.u32", 4},
      {"madc.hi.cc.u32", 4},
      {"mad.rn.f64", 4},
      {"mad.f32", 4},
      {"fma.rn.ftz.sat.f32", 4},
      {"fma.rn.relu.bf16x2", 4},
      {"fma.rn.oob.relu.f16", 4},
      {"div.full.ftz.f32", 3},
      {"div.approx.f32", 3},
      {"div.rn.f64", 3},
      {"div.u64", 3},
      {"rem.s32", 3},
      {"abs.ftz.f16x2", 2},
      {"neg.bf16", 2},
      {"min.NaN.xorsign.abs.f16", 3},
      {"min.ftz.NaN.abs.f32", 4},
      {"max.relu.s16x2", 3},
      {"min.u16x2", 3},
      {"rcp.approx.ftz.f64", 2},
      {"rcp.rn.f32", 2},
      {"sqrt.approx.ftz.f32", 2},
      {"rsqrt.approx.ftz.f64", 2},
      {"ex2.approx.ftz.bf16x2", 2},
      {"tanh.approx.bf16", 2},
      {"testp.notanumber.f64", 2},
      {"copysign.f32", 3},
      {"bfind.shiftamt.u64", 2},
      {"bfe.s64", 4},
      {"bfi.b32", 5},
      {"szext.wrap.s32", 3},
      {"bmsk.clamp.b32", 3},
      {"dp2a.hi.u32.s32", 4},
      {"dp4a.s32.u32", 4},
      {"sad.u16", 4},
      {"mul24.hi.s32", 3},
      {"mad24.hi.sat.s32", 4},
      // comparison, logic, conversion
      {"setp.lt.and.ftz.f32", 4},
      {"setp.hs.u64", 3},
      {"setp.nan.bf16x2", 3},
      {"set.eq.u32.f16x2", 3},
      {"set.lt.or.ftz.f32.f64", 4},
      {"set.eq.bf16x2.bf16x2", 3},
      {"selp.b64", 4},
      {"slct.ftz.s32.f32", 4},
      {"and.pred", 3},
      {"not.b16", 2},
      {"cnot.b32", 2},
      {"lop3.b32", 5},
      {"lop3.or.b32", 6},
      {"shf.r.clamp.b32", 4},
      {"shr.s16", 3},
      {"cvt.rni.sat.s8.f64", 2},
      {"cvt.rn.f16x2.f32", 3},
      {"cvt.rs.relu.satfinite.bf16x2.f32", 4},
      {"cvt.rna.satfinite.tf32.f32", 2},
      {"cvt.rn.satfinite.relu.e4m3x2.f32", 3},
      {"cvt.rn.satfinite.e2m1x2.bf16x2", 2},
      {"cvt.rn.f16x2.e5m2x2", 2},
      {"cvt.rs.satfinite.e2m1x4.f32", 3},
      {"cvt.rp.satfinite.ue8m0x2.f32", 3},
      {"cvt.rn.bf16x2.ue8m0x2", 2},
      {"cvt.rn.satfinite.s2f6x2.f32", 3},
      {"cvt.pack.sat.u4.s32.b32", 4},
      {"cvt.f32.f32", 2},
      {"cvta.to.shared::cluster.u32", 2},
      {"isspacep.param::entry", 2},
      // data movement
      {"mov.b128", 2},
      {"mov.pred", 2},
      {"shfl.sync.bfly.b32", 5},
      {"prmt.b32.rc16", 4},
      {"ld.global.nc.L1::no_allocate.L2::256B.v4.f32", 2},
      {"ld.weak.shared::cta.v8.b32", 2},
      {"ld.global.L2::cache_hint.f64", 3},
      {"ld.acquire.gpu.global.L1::evict_last.u32", 2},
      {"ld.volatile.local.u8", 2},
      {"ld.mmio.relaxed.sys.global.u32", 2},
      {"ld.param::entry.b64", 2},
      {"ldu.global.v2.f64", 2},
      {"st.global.wt.u32", 2},
      {"st.release.cluster.shared::cluster.b64", 2},
      {"st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32", 3},
      {"st.async.mmio.release.sys.global.s16", 2},
      {"st.bulk.weak.shared::cta", 3},
      {"prefetch.global.L2::evict_last", 1},
      {"prefetch.param.tensormap", 1},
      {"prefetchu.L1", 1},
      {"applypriority.global.L2::evict_normal", 2},
      {"discard.global.L2", 2},
      {"createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64", 2},
      {"createpolicy.range.global.L2::evict_first.b64", 4},
      {"createpolicy.cvt.L2.b64", 2},
      {"mapa.shared::cluster.u64", 3},
      {"getctarank.u32", 2},
      {"cp.async.cg.shared.global.L2::cache_hint.L2::128B", 5},
      {"cp.async.wait_group", 1},
      {"cp.async.mbarrier.arrive.noinc.shared::cta.b64", 1},
      {"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster", 5},
      {"cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.cp_mask", 5},
      {"cp.async.bulk.wait_group.read", 1},
      {"cp.async.bulk.prefetch.L2.global", 2},
      {"cp.async.bulk.tensor.5d.shared::cluster.global.im2col::w.mbarrier::complete_tx::bytes.cta_"
       "group::2",
       4},
      {"cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group", 2},
      {"cp.async.bulk.prefetch.tensor.3d.L2.global.im2col", 2},
      {"cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.bf16", 3},
      {"cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.inc.u32", 4},
      {"cp.reduce.async.bulk.tensor.1d.global.shared::cta.xor.tile.bulk_group", 2},
      {"multimem.ld_reduce.relaxed.sys.global.add.acc::f32.v4.bf16x2", 2},
      {"multimem.ld_reduce.weak.global.xor.b64", 2},
      {"multimem.st.release.gpu.global.v8.f16", 2},
      {"multimem.cp.async.bulk.global.shared::cta.bulk_group", 3},
      {"tensormap.replace.tile.box_dim.shared::cta.b1024.b32", 3},
      {"tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned", 3},
      {"ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8x16.b6x16_p32", 2},
      {"stmatrix.sync.aligned.m16n8.x4.trans.shared::cta.b8", 2},
      {"movmatrix.sync.aligned.m8n8.trans.b16", 2},
      // textures and surfaces
      {"tex.level.cube.v4.f32.f32", 3},
      {"tex.grad.2d.v2.f16x2.f32", 4},
      {"tex.a2dms.v4.s32.s32", 2},
      {"tld4.a.2d.v4.u32.f32", 2},
      {"txq.level.width.b32", 3},
      {"txq.addr_mode_1.b32", 2},
      {"istypep.samplerref", 2},
      {"suld.b.a2d.cg.v4.b16.trap", 2},
      {"sust.p.3d.b32.clamp", 2},
      {"sured.b.min.2d.s64.zero", 2},
      {"suq.memory_layout.b32", 2},
      // synchronization
      {"bar.sync", 1},
      {"bar.cta.red.popc.u32", 4},
      {"bar.warp.sync", 1},
      {"barrier.cta.arrive.aligned", 2},
      {"barrier.cluster.wait.acquire.aligned", 0},
      {"membar.gl", 0},
      {"fence.sc.cluster", 0},
      {"fence.proxy.async.shared::cta", 0},
      {"fence.proxy.tensormap::generic.acquire.gpu", 2},
      {"fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster", 0},
      {"fence.mbarrier_init.release.cluster", 0},
      {"atom.acq_rel.gpu.global.cas.b128", 4},
      {"atom.global.exch.b128", 3},
      {"atom.shared::cluster.max.s64", 3},
      {"atom.global.v4.f16x2.max.noftz", 3},
      {"atom.global.add.L2::cache_hint.f32", 4},
      {"red.shared.add.noftz.f16x2", 2},
      {"red.global.v8.bf16.min.noftz", 2},
      {"red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.u32", 3},
      {"red.async.release.gpu.global.add.s64", 2},
      {"vote.sync.uni.pred", 3},
      {"vote.ballot.b32", 2},
      {"match.all.sync.b64", 3},
      {"activemask.b32", 1},
      {"redux.sync.max.abs.NaN.f32", 3},
      {"griddepcontrol.wait", 0},
      {"elect.sync", 2},
      {"mbarrier.init.shared::cta.b64", 2},
      {"mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64", 3},
      {"mbarrier.arrive_drop.noComplete.release.cta.shared.b64", 3},
      {"mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64", 4},
      {"mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64", 2},
      {"mbarrier.pending_count.b64", 2},
      // matrix multiply-accumulate
      {"wmma.load.b.sync.aligned.col.m8n8k128.global.b1", 3},
      {"wmma.load.c.sync.aligned.row.m8n32k16.f32", 2},
      {"wmma.store.d.sync.aligned.col.m8n8k4.shared::cta.f64", 3},
      {"wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64", 4},
      {"wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32", 4},
      {"mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f16", 4},
      {"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 4},
      {"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32", 4},
      {"mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1."
       "f32.ue4m3",
       8},
      {"mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc", 4},
      {"mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16", 6},
      {"mma.sp.sync.aligned.m16n8k128.row.col.satfinite.s32.u4.s4.s32", 6},
      {"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16", 8},
      {"wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32", 6},
      {"wgmma.mma_async.sync.aligned.m64n224k32.satfinite.s32.u8.s8", 4},
      {"wgmma.mma_async.sync.aligned.m64n64k256.s32.b1.b1.and.popc", 4},
      {"wgmma.mma_async.sp.sync.aligned.m64n32k64.f16.e5m2.e4m3", 8},
      {"wgmma.wait_group.sync.aligned", 1},
      {"tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32", 2},
      {"tcgen05.ld.sync.aligned.16x32bx2.x128.pack::16b.b32", 3},
      {"tcgen05.ld.red.sync.aligned.32x32b.x4.max.abs.f32", 3},
      {"tcgen05.st.sync.aligned.32x32b.x8.unpack::16b.b32", 2},
      {"tcgen05.wait::st.sync.aligned", 0},
      {"tcgen05.fence::after_thread_sync", 0},
      {"tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64",
       2},
      {"tcgen05.cp.cta_group::1.64x128b.warpx2::02_13.b8x16.b4x16_p64", 2},
      {"tcgen05.mma.cta_group::1.kind::tf32", 5},
      {"tcgen05.mma.sp.cta_group::2.kind::mxf4nvf4.block_scale.block16.collector::a::fill", 8},
      {"tcgen05.mma.ws.cta_group::1.kind::i8.collector::b2::lastuse", 6},
      // control flow, stack, video, miscellaneous
      {"bra.uni", 1},
      {"brx.idx.uni", 2},
      {"call.uni", 3},
      {"call", 4},
      {"ret", 0},
      {"exit", 0},
      {"trap", 0},
      {"brkpt", 0},
      {"nanosleep.u32", 1},
      {"pmevent.mask", 1},
      {"alloca.u64", 2},
      {"stacksave.u32", 1},
      {"setmaxnreg.dec.sync.aligned.u32", 1},
      {"clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::"
       "cluster::all.b128",
       2},
      {"clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128", 2},
      {"vadd.s32.u32.s32.sat.min", 4},
      {"vmad.u32.u32.u32.po.sat.shr7", 4},
      {"vshl.u32.s32.u32.wrap", 3},
      {"vset.s32.u32.ne.max", 4},
      {"vavrg2.u32.u32.u32.add", 4},
      {"vset4.s32.s32.ge", 4},
  };
  for (const Case &c : cases) {
    ptx::SpellingCheck result = check(c.spelling);
    INFO(c.spelling << ": " << result.message);
    CHECK(result.ok());
    CHECK(result.allowsOperandCount(c.operands));
  }
}

TEST_CASE("modifier order is not checked: the orders compilers emit are accepted", "[validate]") {
  // Each spelling is one found in nvcc, clang or CUDA library output, in an order other than
  // the one the ISA's syntax sections write.
  for (const char *spelling : {
           "vote.ballot.sync.b32",
           "ldmatrix.sync.aligned.x4.m8n8.shared.b16",
           "ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16",
           "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32.satfinite",
           "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite",
           "multimem.red.relaxed.sys.add.u32",
           "add.f32.ftz",
           "ex2.approx.f32.ftz",
           "rsqrt.approx.f32.ftz",
           "atom.relaxed.global.cas.b64",
           "atom.acq_rel.gpu.global.add.u32",
           "red.release.gpu.global.add.u32",
           "ld.global.cs.nc.v2.s32",
           "ld.acquire.gpu.global.u32",
           "st.relaxed.sys.global.u64",
           "vshr.u32.u32.u32.clamp.add",
       }) {
    ptx::SpellingCheck result = check(spelling);
    INFO(spelling << ": " << result.message);
    CHECK(result.ok());
  }
}

TEST_CASE("invalid combinations are rejected with a reason", "[validate]") {
  struct Case {
    const char *spelling;
    Problem problem;
    uint16_t modifierIndex;
    const char *message;
  };
  const Case cases[] = {
      {"add.global.s32", Problem::UnknownModifier, 0,
       "'.global' is not a valid modifier for 'add'"},
      {"mov.rn.u32", Problem::UnknownModifier, 0, "'.rn' is not a valid modifier for 'mov'"},
      {"bra.s32", Problem::UnknownModifier, 0, "'.s32' is not a valid modifier for 'bra'"},
      {"ld.global", Problem::Missing, 0, "'ld' needs a type (.b8, .b16, .b32, ...)"},
      {"cvt.f32", Problem::Missing, 0,
       "'cvt' needs a floating-point type (.bf16, .f16, .f32, .f64)"},
      {"cvt.s32.f32", Problem::Missing, 0,
       "'cvt' needs an integer rounding mode (.rni, .rzi, .rmi, .rpi) or a rounding mode (.rn, "
       ".rz, .rm, .rp)"},
      {"setp.s32", Problem::Missing, 0, "'setp' needs a comparison (.eq, .ne, .lt, ...)"},
      {"fma.f32", Problem::Missing, 0, "'fma' needs a rounding mode (.rn, .rz, .rm, .rp)"},
      {"cp.async.bulk.commit_group.read", Problem::Misplaced, 3,
       "'.read' is not valid in 'cp.async.bulk.commit_group'"},
      {"mbarrier.b64", Problem::Missing, 0,
       "'mbarrier' needs one of '.init', '.inval', '.arrive', '.arrive_drop', ..."},
      {"add.rn.s32", Problem::Misplaced, 0, "'.rn' is not valid in 'add.s32'"},
      {"add.sat.u32", Problem::Misplaced, 0, "'.sat' is not valid in 'add.u32'"},
      {"add.rn.rz.f32", Problem::Misplaced, 1, "'.rz' conflicts with '.rn' in 'add'"},
      {"add.f32.f32", Problem::Misplaced, 1, "'.f32' is repeated in 'add'"},
      {"ld.global.shared.u32", Problem::Misplaced, 1, "'.shared' conflicts with '.global' in 'ld'"},
      {"ld.volatile.global.L2::cache_hint.u32", Problem::Misplaced, 2,
       "'.L2::cache_hint' is not valid in 'ld.volatile.global.u32'"},
      {"st.global.nc.u32", Problem::UnknownModifier, 1, "'.nc' is not a valid modifier for 'st'"},
      {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.satfinite", Problem::Misplaced, 9,
       "'.satfinite' is not valid in 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32'"},
      {"tex.1d.v4.f32", Problem::Missing, 0, "'tex' needs a coordinate type (.s32, .f32)"},
  };
  for (const Case &c : cases) {
    ptx::SpellingCheck result = check(c.spelling);
    INFO(c.spelling);
    CHECK(result.problem == c.problem);
    CHECK(result.message == c.message);
    if (c.problem != Problem::Missing)
      CHECK(result.modifierIndex == c.modifierIndex);
  }
}

TEST_CASE("a modifier that brings an operand changes the operand count", "[validate]") {
  // .L2::cache_hint brings the cache-policy operand, .multicast::cluster the CTA mask.
  CHECK(check("ld.global.f32").operandCounts == 1u << 2);
  CHECK(check("ld.global.L2::cache_hint.f32").operandCounts == 1u << 3);
  CHECK(check("atom.global.cas.b32").operandCounts == 1u << 4);
  CHECK(check("atom.global.cas.L2::cache_hint.b32").operandCounts == 1u << 5);
  CHECK(check("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes").operandCounts ==
        1u << 4);
  CHECK(
      check("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster."
            "L2::cache_hint")
          .operandCounts == 1u << 6);
}

TEST_CASE("operand counts are described in words", "[validate]") {
  CHECK(ptx::describeOperandCounts(1u << 0) == "no operands");
  CHECK(ptx::describeOperandCounts(1u << 1) == "1 operand");
  CHECK(ptx::describeOperandCounts(1u << 3) == "3 operands");
  CHECK(ptx::describeOperandCounts(1u << 2 | 1u << 3) == "2 or 3 operands");
  CHECK(ptx::describeOperandCounts(0b11110) == "1 to 4 operands");
  CHECK(ptx::describeOperandCounts(1u << 2 | 1u << 4 | 1u << 6) == "2, 4 or 6 operands");
}

TEST_CASE("validateModule reports each invalid instruction at its location", "[validate]") {
  auto v = validate(test::kernel("\tadd.global.s32 %r1, %r2, %r3;\n"
                                 "\t@%p1 ld.global [%rd1];\n"
                                 "\tadd.s32 %r1, %r2;\n"
                                 "\t@!%p2 bra.uni $L1;\n"
                                 "$L1:\n"
                                 "\tadd.global.s32 %r1, %r2, %r3;\n"
                                 "\tcall.uni (retval0), f, (param0, param1);\n"
                                 "\tret;"),
                    "k.ptx");
  CHECK(v.errors == 4);
  const auto &d = v.parsed->diags.diagnostics();
  REQUIRE(d.size() == 4);
  CHECK(formatDiagnostic(d[0]) == "k.ptx:6:5: error: '.global' is not a valid modifier for 'add'\n"
                                  "\tadd.global.s32 %r1, %r2, %r3;\n"
                                  "\t   ^\n");
  CHECK(d[1].line == 7);
  CHECK(d[1].column == 7);
  CHECK(d[1].message == "'ld' needs a type (.b8, .b16, .b32, ...)");
  CHECK(d[2].line == 8);
  CHECK(d[2].column == 2);
  CHECK(d[2].message == "'add' takes 3 operands, found 2");
  CHECK(d[3].message == "'.global' is not a valid modifier for 'add'");
  // The same spelling again: the cached verdict is reported at the new place.
  CHECK(d[3].line == 11);
  CHECK(d[3].column == 5);
}

TEST_CASE("a module without errors validates silently", "[validate]") {
  auto v = validate(test::kernel("\t.reg .pred %p<2>;\n"
                                 "\t.reg .b32 %r<4>;\n"
                                 "\tmov.u32 %r1, %tid.x;\n"
                                 "\tsetp.ne.and.b32 %p1, %r1, 0, %p0;\n"
                                 "\t@%p1 vote.ballot.sync.b32 %r2, %p1, -1;\n"
                                 "\t{\n"
                                 "\t\tshfl.sync.bfly.b32 %r3|%p1, %r2, 1, 31, -1;\n"
                                 "\t}\n"
                                 "\tret;"));
  CHECK(v.errors == 0);
  CHECK(v.parsed->diags.diagnostics().empty());
}

TEST_CASE("every committed test PTX file validates", "[validate][corpus]") {
  namespace fs = std::filesystem;
  std::vector<fs::path> files = test::teamPtxFiles();
  REQUIRE(files.size() >= 10);
  for (const fs::path &file : files) {
    std::string error;
    auto text = readFile(file.string(), error);
    REQUIRE(text);
    auto v = validate(std::move(*text), file.string());
    INFO(v.parsed->errors());
    CHECK(v.errors == 0);
  }
}

// Parses and validates every module of the PTX corpus extracted from the CUDA libraries and
// prints, per library, how many modules validate without error; every one must. Also times
// validation against parsing on the largest module.
TEST_CASE("the PTX of the CUDA libraries validates", "[.corpus]") {
  namespace fs = std::filesystem;
  const char *env = std::getenv("P2M_PTX_CORPUS");
  fs::path root = env ? env : "/tmp/ptx-corpus";
  if (!fs::exists(root)) {
    WARN("no corpus at " << root.string() << " (set P2M_PTX_CORPUS)");
    return;
  }
  std::vector<fs::path> files;
  for (const auto &entry : fs::recursive_directory_iterator(root))
    if (entry.path().extension() == ".ptx")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());

  struct Counts {
    size_t modules = 0, clean = 0, instructions = 0;
  };
  std::map<std::string, Counts> byLibrary;
  std::map<std::string, std::pair<size_t, std::string>> messages; // message -> count, example
  size_t parseFailures = 0;
  double parseSeconds = 0, validateSeconds = 0;
  fs::path largest;
  uintmax_t largestSize = 0;
  for (const fs::path &file : files) {
    std::string error;
    auto text = readFile(file.string(), error);
    REQUIRE(text);
    if (text->size() > largestSize) {
      largestSize = text->size();
      largest = file;
    }
    Counts &counts = byLibrary[file.parent_path().filename().string()];
    ++counts.modules;
    std::clock_t t0 = std::clock();
    auto parsed = test::parse(std::move(*text), file.string());
    std::clock_t t1 = std::clock();
    if (parsed->diags.hasErrors()) {
      ++parseFailures;
      continue;
    }
    size_t errors = ptx::validateModule(*parsed->module, parsed->diags);
    std::clock_t t2 = std::clock();
    parseSeconds += double(t1 - t0) / CLOCKS_PER_SEC;
    validateSeconds += double(t2 - t1) / CLOCKS_PER_SEC;
    counts.instructions += ptx::computeStats(*parsed->module).instructions;
    if (errors == 0) {
      ++counts.clean;
      continue;
    }
    for (const Diagnostic &d : parsed->diags.diagnostics()) {
      auto &[count, example] = messages[d.message];
      if (count++ == 0)
        example = formatDiagnostic(d);
    }
  }

  Counts total;
  for (const auto &[library, counts] : byLibrary) {
    std::printf("%-40s %6zu modules %6zu valid %10zu instructions\n", library.c_str(),
                counts.modules, counts.clean, counts.instructions);
    total.modules += counts.modules;
    total.clean += counts.clean;
    total.instructions += counts.instructions;
  }
  std::printf("%-40s %6zu modules %6zu valid %10zu instructions\n", "total", total.modules,
              total.clean, total.instructions);
  std::printf("parse failures: %zu; CPU time: parse %.2f s, validate %.2f s (%.1f%%)\n",
              parseFailures, parseSeconds, validateSeconds, 100 * validateSeconds / parseSeconds);
  for (const auto &[message, entry] : messages)
    std::printf("%6zu x %s\n       e.g. %s", entry.first, message.c_str(), entry.second.c_str());

  if (!largest.empty()) {
    std::string error;
    auto text = readFile(largest.string(), error);
    REQUIRE(text);
    auto source = std::make_shared<SourceFile>(largest.string(), std::move(*text));
    double bestParse = 1e9, bestValidate = 1e9;
    for (int run = 0; run < 5; ++run) {
      DiagnosticEngine diags;
      std::clock_t t0 = std::clock();
      auto module = ptx::parseModule(source, diags);
      std::clock_t t1 = std::clock();
      ptx::validateModule(*module, diags);
      std::clock_t t2 = std::clock();
      bestParse = std::min(bestParse, double(t1 - t0) / CLOCKS_PER_SEC);
      bestValidate = std::min(bestValidate, double(t2 - t1) / CLOCKS_PER_SEC);
    }
    std::printf("largest module %s (%ju bytes): parse %.1f ms, validate %.1f ms (%.1f%%)\n",
                largest.string().c_str(), largestSize, bestParse * 1e3, bestValidate * 1e3,
                100 * bestValidate / bestParse);
  }
  CHECK(parseFailures == 0);
  CHECK(total.clean == total.modules);
}
