#include "ir/Ir.h"

#include <array>

namespace p2m::ir {

std::string_view spelling(Space space) {
  switch (space) {
  case Space::Generic: return "generic";
  case Space::Global: return "global";
  case Space::Shared: return "shared";
  case Space::Local: return "local";
  case Space::Const: return "const";
  case Space::Param: return "param";
  case Space::Reg: return "reg";
  }
  return "?";
}

namespace {
struct SpecialInfo {
  Special special;
  std::string_view name;
  Type type;
};
constexpr std::array kSpecials{
    SpecialInfo{Special::TidX, "%tid.x", Type::U32},
    SpecialInfo{Special::TidY, "%tid.y", Type::U32},
    SpecialInfo{Special::TidZ, "%tid.z", Type::U32},
    SpecialInfo{Special::NtidX, "%ntid.x", Type::U32},
    SpecialInfo{Special::NtidY, "%ntid.y", Type::U32},
    SpecialInfo{Special::NtidZ, "%ntid.z", Type::U32},
    SpecialInfo{Special::CtaidX, "%ctaid.x", Type::U32},
    SpecialInfo{Special::CtaidY, "%ctaid.y", Type::U32},
    SpecialInfo{Special::CtaidZ, "%ctaid.z", Type::U32},
    SpecialInfo{Special::NctaidX, "%nctaid.x", Type::U32},
    SpecialInfo{Special::NctaidY, "%nctaid.y", Type::U32},
    SpecialInfo{Special::NctaidZ, "%nctaid.z", Type::U32},
    SpecialInfo{Special::LaneId, "%laneid", Type::U32},
    SpecialInfo{Special::WarpId, "%warpid", Type::U32},
    SpecialInfo{Special::NWarpId, "%nwarpid", Type::U32},
    SpecialInfo{Special::SmId, "%smid", Type::U32},
    SpecialInfo{Special::NSmId, "%nsmid", Type::U32},
    SpecialInfo{Special::GridId, "%gridid", Type::U64},
    SpecialInfo{Special::LanemaskEq, "%lanemask_eq", Type::U32},
    SpecialInfo{Special::LanemaskLe, "%lanemask_le", Type::U32},
    SpecialInfo{Special::LanemaskLt, "%lanemask_lt", Type::U32},
    SpecialInfo{Special::LanemaskGe, "%lanemask_ge", Type::U32},
    SpecialInfo{Special::LanemaskGt, "%lanemask_gt", Type::U32},
    SpecialInfo{Special::Clock, "%clock", Type::U32},
    SpecialInfo{Special::Clock64, "%clock64", Type::U64},
    SpecialInfo{Special::GlobalTimer, "%globaltimer", Type::U64},
    SpecialInfo{Special::GlobalTimerLo, "%globaltimer_lo", Type::U32},
    SpecialInfo{Special::GlobalTimerHi, "%globaltimer_hi", Type::U32},
    SpecialInfo{Special::DynamicSmemSize, "%dynamic_smem_size", Type::U32},
    SpecialInfo{Special::TotalSmemSize, "%total_smem_size", Type::U32},
    SpecialInfo{Special::ReservedSmemBegin, "%reserved_smem_offset_begin", Type::U32},
    SpecialInfo{Special::ReservedSmemEnd, "%reserved_smem_offset_end", Type::U32},
    SpecialInfo{Special::ReservedSmemCap, "%reserved_smem_offset_cap", Type::U32},
    SpecialInfo{Special::ReservedSmemOffset0, "%reserved_smem_offset_0", Type::U32},
    SpecialInfo{Special::ReservedSmemOffset1, "%reserved_smem_offset_1", Type::U32},
};
} // namespace

std::string_view spelling(Special special) { return kSpecials[static_cast<size_t>(special)].name; }

bool isReservedSmem(Special special) {
  return special >= Special::ReservedSmemBegin && special <= Special::ReservedSmemOffset1;
}

Type typeOf(Special special) { return kSpecials[static_cast<size_t>(special)].type; }

std::optional<Special> lookupSpecial(std::string_view name) {
  for (const SpecialInfo &s : kSpecials)
    if (s.name == name)
      return s.special;
  return std::nullopt;
}

const char *unsupportedFamily(ptx::Opcode opcode) {
  using ptx::Opcode;
  switch (opcode) {
  case Opcode::Wgmma: case Opcode::Tcgen05:
    return "tensor-core instructions are not supported yet";
  case Opcode::Multimem: return "multimem instructions are not supported yet";
  case Opcode::Mapa: case Opcode::Getctarank: case Opcode::Clusterlaunchcontrol:
    return "cluster instructions are not supported yet";
  case Opcode::Tensormap: case Opcode::Setmaxnreg: case Opcode::Alloca: case Opcode::Stacksave:
  case Opcode::Stackrestore: case Opcode::Createpolicy: case Opcode::Applypriority:
  case Opcode::Discard: case Opcode::Brkpt: case Opcode::Pmevent:
    return nullptr; // decided by the emitter per form
  default:
    return nullptr;
  }
}

std::vector<uint32_t> countRegisterMentions(const Function &f) {
  std::vector<uint32_t> mentions(f.regs.size(), 0);
  auto count = [&](const Operand &o) {
    if (o.kind == OperandKind::Reg)
      ++mentions[o.id];
    else if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k) {
        const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
        if (element.kind == OperandKind::Reg)
          ++mentions[element.id];
      }
  };
  for (const Block &b : f.blocks) {
    for (const Inst &in : b.insts) {
      for (const Operand &o : in.ops)
        count(o);
      if (in.guard != kNone)
        ++mentions[in.guard.index()];
    }
    if (b.term.cond != kNone)
      ++mentions[b.term.cond.index()];
  }
  return mentions;
}

bool ordersDeviceMemory(const Module &module, const Inst &in) {
  using ptx::Modifier;
  using ptx::Opcode;
  if (in.irop == IrOp::Call) {
    Helper h = module.helpers[in.name];
    return h == Helper::FenceGpu || h == Helper::FenceSys;
  }
  if (in.irop != IrOp::Ptx)
    return false;
  // The modifiers are looked at only for the few opcodes that can order (those
  // mayOrderDeviceMemory lists).
  switch (in.opcode) {
  case Opcode::Membar:
  case Opcode::Fence:
    if (in.has(Modifier::Cta))
      return false;
    for (Modifier m : in.modifiers)
      if (ptx::spelling(m).starts_with("proxy"))
        return false;
    return true;
  case Opcode::Ld:
  case Opcode::St:
  case Opcode::Atom:
  case Opcode::Red: {
    if (in.space != Space::Global && in.space != Space::Generic)
      return false;
    bool ordered = false, relaxed = false;
    for (Modifier m : in.modifiers) {
      if (m == Modifier::Cta)
        return false;
      ordered |= m == Modifier::Acquire || m == Modifier::Release || m == Modifier::Acq_rel || m == Modifier::Volatile;
      relaxed |= m == Modifier::Relaxed;
    }
    // A relaxed atomic orders nothing else; a relaxed ld/st is a flag access beside plain data.
    const bool relaxedAccess = relaxed && (in.opcode == Opcode::Ld || in.opcode == Opcode::St);
    return ordered || relaxedAccess;
  }
  default:
    return false;
  }
}

bool mayWrite(const Function &f, const Inst &in, RegId r) {
  if (in.ops.empty())
    return false;
  const Operand &o = in.ops[0];
  if (o.kind == OperandKind::Reg)
    return !o.address && o.regId() == r;
  if (o.kind == OperandKind::Vector)
    for (int64_t k = 0; k < o.value; ++k) {
      const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
      if (element.kind == OperandKind::Reg && element.regId() == r)
        return true;
    }
  return false;
}

} // namespace p2m::ir
