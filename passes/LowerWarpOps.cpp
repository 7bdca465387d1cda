// lower-warp-ops: shfl.sync, vote.sync, activemask, redux.sync, match.sync, elect.sync and
// bar.warp.sync
// call the SIMD-group helpers of emitters/msl/support/warp_ops.h, which implement PTX's
// semantics (clamp and segment mask, out-of-range lanes, predicate outputs, member masks) on
// Metal's 32-wide SIMD-groups. The lane index is read where needed. vote without .sync votes
// over the active threads; the other deprecated non-.sync forms are reported.
#include "passes/LowerUtil.h"


#include <algorithm>
#include <array>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

void lowerWarpOps(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    // shfl's and vote's names, per mode: a reduction-heavy function shuffles thousands of times.
    HelperNames modeHelpers(m);
    auto needs = [](const Inst &in) {
      if (in.irop != IrOp::Ptx)
        return false;
      switch (in.opcode) {
      case Opcode::Shfl: case Opcode::Vote: case Opcode::Activemask: case Opcode::Redux:
      case Opcode::Match: case Opcode::Bar: case Opcode::Elect:
        return true;
      default:
        return false;
      }
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (in.irop != IrOp::Ptx) {
        out.push_back(std::move(in));
        return true;
      }
      auto lane = [&]() {
        RegId r = newTemp(f, Type::U32);
        Inst &read = out.emplace_back(); // built in place: an instruction is large to move
        read.irop = IrOp::ReadSpecial;
        read.type = Type::U32;
        read.srcOffset = in.srcOffset;
        Operand sp;
        sp.kind = OperandKind::Special;
        sp.id = static_cast<uint32_t>(Special::LaneId);
        read.ops = {Operand::reg(r), sp};
        return Operand::reg(r);
      };
      bool sync = in.has(Modifier::Sync);
      switch (in.opcode) {
      case Opcode::Shfl: {
        if (!sync || in.ops.size() != 5) {
          markUnsupported(f, in.srcOffset, "shfl without .sync is not supported (deprecated)");
          return false;
        }
        std::string_view mode = in.has(Modifier::Idx) ? "idx" : in.has(Modifier::Up) ? "up"
                                : in.has(Modifier::Down) ? "down" : "bfly";
        Operand d = in.ops[0], p;
        if (d.kind == OperandKind::Vector) {
          p = f.vectorElements[d.id + 1];
          d = f.vectorElements[d.id];
        }
        Operand l = lane();
        const std::array<Operand, 6> args{in.ops[1], in.ops[2], in.ops[3], in.ops[4], l, p};
        static constexpr std::array<Type, 6> kTypes{Type::B32, Type::U32, Type::U32, Type::U32, Type::U32, Type::Pred};
        // The predicate output, where there is one, is the last argument.
        const bool withPredicate = p.kind == OperandKind::Reg;
        const size_t count = withPredicate ? 6 : 5;
        uint32_t name = modeHelpers.get(withPredicate ? Helper::ShflSync : Helper::ShflSyncNopred, {mode});
        out.push_back(makeCall(m, in, name, Type::B32, d, llvm::ArrayRef(args).take_front(count),
                               llvm::ArrayRef(kTypes).take_front(count)));
        f.features |= kFeatureSimd;
        break;
      }
      case Opcode::Vote: {
        // vote without .sync (PTX below ISA 6.4 or targets below sm_70) votes over the active
        // threads of the warp: the .sync helpers with every lane in the member mask, whose
        // ballot only sees active lanes.
        Operand members = sync ? in.ops[2] : Operand::imm(0xffffffff);
        if (in.ops.size() != (sync ? 3u : 2u)) {
          markUnsupported(f, in.srcOffset, "this vote form is not supported");
          return false;
        }
        std::string_view mode = in.has(Modifier::All) ? "all" : in.has(Modifier::Any) ? "any"
                                : in.has(Modifier::Uni) ? "uni" : "ballot";
        bool ballot = mode == "ballot";
        out.push_back(makeCall(m, in, ballot ? m.internHelper(Helper::VoteBallotSync) : modeHelpers.get(Helper::VoteSync, {mode}),
                               ballot ? Type::B32 : Type::Pred, in.ops[0], {in.ops[1], members},
                               {Type::Pred, Type::U32}));
        f.features |= kFeatureSimd;
        break;
      }
      case Opcode::Activemask:
        out.push_back(makeCall(m, in, m.internHelper(Helper::Activemask), Type::B32, in.ops[0], {}, {}));
        f.features |= kFeatureSimd;
        break;
      case Opcode::Elect: {
        // elect.sync d|p, membermask: d = the leader's lane, p = (this lane is the leader).
        Operand d = in.ops[0], p;
        if (d.kind == OperandKind::Vector) {
          p = f.vectorElements[d.id + 1];
          d = f.vectorElements[d.id];
        }
        if (d.kind != OperandKind::Reg)
          d = Operand::reg(newTemp(f, Type::U32));
        out.push_back(makeCall(m, in, m.internHelper(Helper::ElectSync), Type::B32, d, {in.ops[1]}, {Type::U32}));
        if (p.kind == OperandKind::Reg) {
          Operand l = lane();
          Inst setp;
          setp.opcode = Opcode::Setp;
          setp.type = Type::U32;
          setp.modifiers = {Modifier::Eq, Modifier::U32};
          setp.srcOffset = in.srcOffset;
          setp.ops = {p, l, d};
          out.push_back(std::move(setp));
        }
        f.features |= kFeatureSimd;
        break;
      }
      case Opcode::Redux: {
        std::string op;
        for (Modifier mm : in.modifiers)
          if (mm == Modifier::Add || mm == Modifier::Min || mm == Modifier::Max || mm == Modifier::And ||
              mm == Modifier::Or || mm == Modifier::Xor)
            op = std::string(ptx::spelling(mm));
        if (in.type == Type::F32 || op.empty()) {
          markUnsupported(f, in.srcOffset, "redux.sync on f32 is not supported yet");
          return false;
        }
        Type t = (op == "and" || op == "or" || op == "xor") ? Type::B32 : in.type;
        out.push_back(makeCall(m, in, m.internHelper(Helper::ReduxSync, {op, spelling(t)}), in.type,
                               in.ops[0], {in.ops[1], in.ops[2]}, {in.type, Type::U32}));
        f.features |= kFeatureSimd;
        break;
      }
      case Opcode::Match: {
        bool all = in.has(Modifier::All);
        Operand d = in.ops[0], p;
        if (d.kind == OperandKind::Vector) {
          p = f.vectorElements[d.id + 1];
          d = f.vectorElements[d.id];
        }
        uint32_t name = m.internHelper(Helper::MatchSync, {all ? "all" : "any", spelling(in.type)});
        if (all) {
          if (p.kind != OperandKind::Reg)
            p = Operand::reg(newTemp(f, Type::Pred));
          out.push_back(makeCall(m, in, name, Type::B32, d, {in.ops[1], in.ops[2], p},
                                 {in.type, Type::U32, Type::Pred}));
        } else {
          Operand l = lane();
          out.push_back(makeCall(m, in, name, Type::B32, d, {in.ops[1], in.ops[2], l},
                                 {in.type, Type::U32, Type::U32}));
        }
        f.features |= kFeatureSimd;
        break;
      }
      case Opcode::Bar:
        if (in.has(Modifier::Warp)) {
          // Before MSL 3.2 only simdgroup_barrier exists, which every lane must reach; PTX
          // allows bar.warp.sync under a lane-dependent condition (warp_ops.h).
          if (!helperAvailable(Helper::BarWarpSync, ctx.options.target.mslVersionNumber())) {
            markUnsupported(f, in.srcOffset,
                            "bar.warp.sync (__syncwarp) needs MSL 3.2 or later: a SIMD-group fence is "
                            "valid under a lane-dependent condition, simdgroup_barrier (all MSL 3.0 and "
                            "3.1 have) is not");
            return false;
          }
          out.push_back(makeCall(m, in, m.internHelper(Helper::BarWarpSync), Type::None, Operand{}, {in.ops[0]}, {Type::U32}));
          break;
        }
        out.push_back(std::move(in));
        break;
      default:
        out.push_back(std::move(in));
      }
      return true;
    });
  });
}

} // namespace p2m::passes
