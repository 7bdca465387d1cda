// The kernel IR: a register-based image of a PTX module that the passes rewrite and the emitters
// print. It stays close to PTX on purpose (see DESIGN.md): virtual registers become MSL locals,
// so the MSL reads beside the PTX it came from.
//
//   Module    symbols (module and function variables, functions), functions, layout facts
//   Function  registers, parameters, basic blocks; the structured program once structurized
//   Block     straight-line instructions and one terminator
//   Inst      a PTX instruction with its modifiers decoded, or an IR operation added by a pass
//   Operand   register, immediate, symbol, special register, address, vector or sink
//
// Everything refers to everything else by index, so passes can insert and rename freely; the
// indices are typed (Id.h: RegId, SymId, FuncId, BlockId), so one kind cannot stand for another.
#pragma once

#include "cfg/Structured.h"
#include "ir/Helpers.h"
#include "ir/Id.h"
#include "ir/Types.h"
#include "ptx/Vocabulary.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/Allocator.h>
#include <llvm/ADT/StringSet.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace p2m {
class SourceFile;
}

namespace p2m::ir {

enum class Space : uint8_t { Generic, Global, Shared, Local, Const, Param, Reg };
std::string_view spelling(Space space);

// Why an instruction family has no lowering yet (wgmma/tcgen05, multimem, clusters), or null.
const char *unsupportedFamily(ptx::Opcode opcode);

// PTX's special registers that the IR knows (everything else is a located diagnostic).
enum class Special : uint8_t {
  TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ, NctaidX, NctaidY, NctaidZ,
  LaneId, WarpId, NWarpId, SmId, NSmId, GridId,
  LanemaskEq, LanemaskLe, LanemaskLt, LanemaskGe, LanemaskGt,
  Clock, Clock64, GlobalTimer, GlobalTimerLo, GlobalTimerHi,
  DynamicSmemSize, TotalSmemSize,
  // The shared memory reserved for system software (cooperative groups' tile scratch):
  // legalize-for-metal reserves it in kernels whose code reads any of these.
  ReservedSmemBegin, ReservedSmemEnd, ReservedSmemCap, ReservedSmemOffset0, ReservedSmemOffset1,
};
// How many Special values there are (ReservedSmemOffset1 stays last).
inline constexpr uint32_t kSpecialCount = static_cast<uint32_t>(Special::ReservedSmemOffset1) + 1;
// Whether `special` is one of the %reserved_smem_offset_* registers.
bool isReservedSmem(Special special);
// The reserved region as the H200 reports it (tests/probes/reserved_smem.cu): 1 KiB (_cap), of
// which system software uses the first 288 bytes (_end = start + 288); offset_0 and offset_1
// are its start.
inline constexpr uint32_t kReservedSmemCap = 1024, kReservedSmemInUse = 288;
std::string_view spelling(Special special); // "%tid.x"
std::optional<Special> lookupSpecial(std::string_view name);
Type typeOf(Special special); // the PTX type of the register (u32 or u64)

enum class OperandKind : uint8_t {
  None,
  Reg,     // id: RegId
  Imm,     // value: integer value or float bit pattern (floatBits says which)
  Symbol,  // id: SymId — a variable's address (module/function variable) or a function name
  Special, // id: Special
  Vector,  // id: first element in Function::vectorElements; value: element count
  Sink,    // `_`
};

struct Operand {
  OperandKind kind = OperandKind::None;
  bool negated = false;   // a predicate source written `!%p`; a vmad source written `-%r`
  bool address = false;   // `[base + value]`: the memory at that address (base: Reg/Symbol/Imm)
  uint8_t floatBits = 0;  // Imm: 0 integer, 'f' f32 bits, 'd' f64 bits
  uint32_t id = 0;        // Special, Vector; a Reg's or Symbol's through regId()/symId()
  int64_t value = 0;      // Imm: the value; address: byte offset; Vector: element count

  static Operand reg(RegId r) { Operand o; o.kind = OperandKind::Reg; o.id = r.index(); return o; }
  static Operand imm(int64_t v) { Operand o; o.kind = OperandKind::Imm; o.value = v; return o; }
  static Operand symbol(SymId s) { Operand o; o.kind = OperandKind::Symbol; o.id = s.index(); return o; }
  // A helper call's first argument, the emitter's `ctx` (launch builtins, module words, shared
  // memory base, launch status): a Special operand that names no special register.
  static Operand helperContext() { Operand o; o.kind = OperandKind::Special; return o; }
  bool isReg() const { return kind == OperandKind::Reg && !address; }
  RegId regId() const { return RegId(id); }   // kind Reg
  SymId symId() const { return SymId(id); }   // kind Symbol
  void setReg(RegId r) { id = r.index(); }    // kind Reg
  void setSym(SymId s) { id = s.index(); }    // kind Symbol

  bool operator==(const Operand &) const = default;
};

// Operations that exist only in the IR, added by passes. PTX instructions carry IrOp::Ptx.
enum class IrOp : uint8_t {
  Ptx,
  Convert,     // ops[0] = ops[1] converted from type2 to type (bit reinterpretation when the
               // widths match, else PTX's truncation/extension rules for that pair)
  Call,        // ops[0] (may be None) = helper `name`(ops[1..]); `type` is the result type
               // (the helper's id: Module::helpers[name])
  ReadSpecial, // ops[0] = the special register ops[1] (read at this point: %clock moves)
  AddressOf,   // ops[0] = the address of symbol ops[1] (+ ops[1].value) in space `space`; of a
               // function: its id, abi.h's P2M_FUNCTION_WINDOW + FuncId (space Generic)
};

struct Inst {
  // Moves must be noexcept, or std::vector copies every instruction when it grows.
  Inst() = default;
  Inst(const Inst &) = default;
  Inst(Inst &&) noexcept = default;
  Inst &operator=(const Inst &) = default;
  Inst &operator=(Inst &&) noexcept = default;

  IrOp irop = IrOp::Ptx;
  ptx::Opcode opcode{};
  Type type = Type::None;  // the instruction type (the first type modifier): add.s32 → S32
  Type type2 = Type::None; // the second type modifier, if any: cvt.f32.s32 → S32
  Space space = Space::Generic;
  uint8_t vector = 1;      // .v2/.v4 (ld/st/...)
  // A generic access whose state space resolve-state-spaces proved: `space` says which, and
  // the address operand still holds a generic address.
  bool fromGeneric = false;
  // f32 add/sub/mul/fma whose NaN results are never read bit for bit (defer-nan-canonicalization):
  // the emitter leaves out their p2m_canon_f32.
  bool nanBitsUnobserved = false;
  bool guardNegated = false;
  RegId guard = kNone;     // @%p / @!%p
  uint32_t srcOffset = 0;  // of the instruction in the PTX text
  uint32_t debugLine = 0;  // the CUDA line of the preceding .loc, 0 when none
  uint32_t name = kNone;   // Call: index into Module::strings; `{}` in it stands for the
                           // state space of an address argument (global/shared)
  // Call: the PTX type of each argument (ops[1..]), a list Module::internArgTypes returned
  // (Module::argTypes reads it). Not inline: only helper calls have one, and every pass walks
  // every instruction (152 bytes with it kept in the module, 184 inline).
  uint32_t argTypes = kNone;
  // Inline storage: modules hold millions of instructions, and most have few of each. Eight
  // modifiers take the same 40 bytes as six (a SmallVector of 2-byte elements keeps 64-bit
  // sizes).
  llvm::SmallVector<ptx::Modifier, 8> modifiers; // every modifier as written, types included
  // A PTX call: {results, callee, arguments}, the lists as vectors (or None), the callee a
  // function symbol; an indirect call's callee is a 64-bit register, and a fourth operand lists
  // the function symbols it may reach (CallTargets.h).
  llvm::SmallVector<Operand, 4> ops;

  // Field by field (a pass's checks under P2M_VERIFY_IR: an instruction left as it was).
  bool operator==(const Inst &) const = default;

  bool has(ptx::Modifier m) const {
    for (ptx::Modifier x : modifiers)
      if (x == m)
        return true;
    return false;
  }
  bool isPtx(ptx::Opcode op) const { return irop == IrOp::Ptx && opcode == op; }
};

enum class TermKind : uint8_t {
  Goto,       // targets[0]
  Branch,     // if (cond ^ negated) targets[0] else targets[1]
  Switch,     // brx.idx: selector register `cond`; targets[i] for index i, else the last target
  Return,     // ret
  Exit,       // exit: the thread ends (a return from the kernel body)
  Trap,       // trap: the launch fails
};

struct Terminator {
  TermKind kind = TermKind::Return;
  RegId cond = kNone;
  bool negated = false;
  std::vector<BlockId> targets;
  uint32_t srcOffset = 0;
};

struct Block {
  std::string label; // the PTX label, or a generated name
  std::vector<Inst> insts;
  Terminator term;
};

struct Register {
  std::string name; // the MSL-safe name once normalize-identifiers ran
  Type type = Type::None;
};

// Why a function (and every kernel that calls it) cannot be translated.
struct Unsupported {
  uint32_t srcOffset = 0;
  std::string message;
};

enum class SymbolKind : uint8_t { Variable, Function, Parameter };

// A legacy texture or surface reference (`.global .texref t;`, `.global .surfref s;`, `.tex .u64
// t;`): a module .global variable of 8 bytes that holds the handle of the texture or surface
// object the runtime builds from the reference's state at each launch (docs/textures.md).
enum class ReferenceKind : uint8_t { None, Texture, Surface };

// A pointer-sized value stored inside an initializer: the address of another symbol.
struct Relocation {
  uint64_t offset = 0;
  SymId target = kNone;
  int64_t addend = 0;
  bool generic = false; // generic(sym) rather than the state-space address
};

struct Symbol {
  std::string ptxName;
  std::string name; // MSL-safe
  SymbolKind kind = SymbolKind::Variable;
  Space space = Space::Global;
  Type elementType = Type::None;
  uint32_t vector = 1;
  uint32_t align = 1;
  uint64_t size = 0;       // bytes; 0 for an unsized extern array (dynamic shared memory)
  bool isExtern = false;
  bool isDynamicShared = false;
  FuncId owner = kNone;    // the function that declares it; kNone for module scope
  FuncId function = kNone; // kind Function: the function
  uint64_t offset = 0;     // Parameter: offset in its parameter block; variables: set by layout
  bool funcShared = false; // a static .shared variable a .func names: `offset` in every kernel
  std::vector<uint8_t> init; // initializer bytes (empty: zero)
  std::vector<Relocation> relocations;
  uint32_t srcOffset = 0;
  ReferenceKind reference = ReferenceKind::None; // a texture or surface reference's handle
  std::optional<Unsupported> unsupported; // every function that uses it is unsupported
};

struct Function {
  std::string ptxName;
  std::string name; // MSL-safe
  bool isEntry = false;
  bool isDeclaration = false; // a prototype without a body
  uint32_t srcOffset = 0;
  std::vector<SymId> params;  // in order; kind Parameter, space Param (or Reg for .reg params)
  std::vector<SymId> returns;
  std::vector<SymId> symbols; // every symbol it owns (parameters, variables), in SymId order
  uint64_t paramBytes = 0;    // the size of the parameter block
  std::vector<uint32_t> maxntid, reqntid; // .maxntid / .reqntid, empty when absent
  uint32_t minnctapersm = 0;
  std::vector<Register> regs;
  std::vector<Operand> vectorElements;
  std::vector<Block> blocks; // blocks[0] is the entry
  std::optional<Unsupported> unsupported;
  // Set by structurize-cfg. Its If/Switch nodes on input conditions name the block whose
  // terminator tests them (condition id = block id).
  std::shared_ptr<const cfg::Program> structured;
  // Facts the passes record for the emitters.
  uint64_t localBytes = 0;       // this function's own .local frame
  uint64_t localFrameOffset = 0; // its frame's offset in the thread's local window (above
                                 // every callee's frame)
  // Kernels (set by legalize-for-metal): the threadgroup window's layout and sizes.
  std::unordered_map<SymId, uint64_t> sharedOffsets; // static shared symbols the kernel uses
  uint64_t staticSharedBytes = 0;  // where the dynamic area starts (16-byte aligned)
  uint64_t localWindowBytes = 0;   // per-thread local memory: its frames and its callees'
  bool usesDynamicShared = false;
  // The barrier scratch (valid when usesBarRed or usesNamedBarriers): a word for bar.red, then
  // the named barriers' words, then (with both flags) their bar.red counters (atomic_ops.h).
  uint64_t barScratch = 0;
  bool usesBarRed = false;         // it or a callee uses bar.red
  bool usesNamedBarriers = false;  // it or a callee uses bar.arrive or a barrier thread count
  // It or a callee reads a %reserved_smem_offset_* register: the kernel's static shared area
  // ends with the reserved region (kReservedSmemCap bytes), so it starts at static_smem - cap.
  bool usesReservedSmem = false;
  // It or a callee can end the thread (trap, a failed assert, an indirect call to no candidate,
  // exit in a .func): its callers then return at once after calling it when ctx.ended is set.
  bool mayEndThread = false;
  // It or a callee waits at a whole-CTA barrier (bar/barrier .sync or .red without a thread
  // count); set by keep-exited-threads-at-barriers.
  bool hasCtaBarrier = false;
  // Kernels whose threads may leave before a barrier others still reach (keep-exited-threads-
  // at-barriers): the predicate that is true once the thread has left. Such a thread stays for
  // the barriers and does nothing else; where a callee ended the thread, the emitter sets it
  // instead of returning.
  RegId doneFlag = kNone;
  uint32_t features = 0;           // Feature bits, the kernel's and its callees'
  std::vector<FuncId> callees;     // direct callees, each once
  std::vector<SymId> sharedUsed;   // static .shared variables its own code names
  // It went through the pass pipeline (the driver takes only the functions the selected
  // kernels reach; the reflection lists only those).
  bool lowered = false;

  RegId addReg(std::string name, Type type) {
    regs.push_back({std::move(name), type});
    return RegId(static_cast<uint32_t>(regs.size() - 1));
  }
  Register &reg(RegId r) { return regs[r.index()]; }
  const Register &reg(RegId r) const { return regs[r.index()]; }
  Block &block(BlockId b) { return blocks[b.index()]; }
  const Block &block(BlockId b) const { return blocks[b.index()]; }
};

// How often each register of `f` is named: operands written or read (vector elements
// included), guards and branch conditions. A register named once is written and never read.
std::vector<uint32_t> countRegisterMentions(const Function &f);

// Whether `in` may write `r`: its first operand, or an element of it (the only operands an
// instruction writes).
bool mayWrite(const Function &f, const Inst &in, RegId r);

// Features a kernel needs; the reflection lists them.
enum Feature : uint32_t {
  kFeatureFp64 = 1u << 0,
  kFeatureAtomic64 = 1u << 1,
  kFeatureBfloat = 1u << 2,
  kFeatureHalf = 1u << 3,
  kFeatureSimd = 1u << 4,
  kFeatureAtomics = 1u << 5,
  kFeatureDynamicShared = 1u << 6,
  kFeatureGenericWindows = 1u << 7, // generic accesses dispatched at run time
  kFeatureTrap = 1u << 8,
  kFeatureFences = 1u << 9,
  kFeatureDenormals = 1u << 10, // non-.ftz f32 arithmetic: a documented deviation on Apple GPUs
  kFeaturePrintf = 1u << 11,    // device printf or assert messages: the module needs a printf buffer
  // Device capabilities: only some Apple GPU families have them (the Metal backend checks).
  kFeatureAtomicU64MinMax = 1u << 12, // native atomic_ulong min/max in device memory
  // Device memory ordered across threadgroups (a gpu- or sys-scope fence, an acquire, release,
  // relaxed or volatile global access): its plain accesses are coherent(device) from MSL 3.2.
  kFeatureDeviceOrdering = 1u << 13,
  // Tensor-core instructions (mma, ldmatrix, stmatrix, movmatrix) emulated exactly with
  // SIMD-group shuffles and scalar arithmetic (mma_ops.h), not with simdgroup_matrix.
  kFeatureTensorCoresEmulated = 1u << 14,
  // Textures and surfaces sampled in software from their descriptors (texture_ops.h): a
  // Metal backend passes objects as descriptor addresses, not MTLTextures.
  kFeatureTexturesSoftware = 1u << 15,
};


struct Module {
  std::shared_ptr<const SourceFile> source; // the PTX, for locations and comments
  std::string version;                 // .version
  std::vector<std::string> targets;    // .target
  uint32_t addressSize = 64;
  std::vector<Symbol> symbols;
  std::vector<Function> functions;
  std::vector<std::string> strings;    // helper names of IrOp::Call (Helpers.def's, filled in)
  std::vector<Helper> helpers;         // the registry's id of each of `strings`
  std::unordered_map<std::string, uint32_t> stringIndex;
  // Layout of the module's .global and .const variables (set by legalize-for-metal).
  uint64_t globalBytes = 0, constBytes = 0;
  // Static .shared variables that a .func names sit at one offset in every kernel, below
  // this mark (legalize-for-metal places them as their functions are lowered).
  uint64_t funcSharedBytes = 0;
  // The MSL identifiers taken at module scope (normalize-identifiers), which no function's
  // own names may shadow.
  llvm::StringSet<> mslNames;

  Symbol &symbol(SymId s) { return symbols[s.index()]; }
  const Symbol &symbol(SymId s) const { return symbols[s.index()]; }
  Function &function(FuncId f) { return functions[f.index()]; }
  const Function &function(FuncId f) const { return functions[f.index()]; }

  // The index of helper `h`'s name with `parts` filled in (helperName), added if new.
  uint32_t internHelper(Helper h, std::initializer_list<std::string_view> parts = {});
  // The index of the name already interned for `h` with `parts`, or kNone.
  uint32_t findHelper(Helper h, std::initializer_list<std::string_view> parts = {}) const;

  // A helper call's argument types (Inst::argTypes): the index of the list `types`, added if new;
  // argTypes(in) is the list of `in` (empty when it has none).
  uint32_t internArgTypes(llvm::ArrayRef<Type> types);
  llvm::ArrayRef<Type> argTypes(const Inst &in) const {
    return in.argTypes == kNone ? llvm::ArrayRef<Type>() : argTypeLists_[in.argTypes];
  }
  size_t argTypeListCount() const { return argTypeLists_.size(); }

private:
  // Each list once: the map's keys point into the allocator's stable storage.
  llvm::BumpPtrAllocator argTypeStorage_;
  std::vector<llvm::ArrayRef<Type>> argTypeLists_;
  llvm::DenseMap<llvm::ArrayRef<Type>, uint32_t> argTypeIndex_;
};
// Whether `in` orders device memory between threadgroups (kFeatureDeviceOrdering): membar/fence
// at gpu or sys scope (not .proxy), ld/st/atom/red with memory-order semantics or .volatile
// outside the CTA's scope on global or generic addresses, and the fences lower-atomics makes
// of acquire/release atomics. Works before and after lowering.
bool ordersDeviceMemory(const Module &module, const Inst &in);
// Whether `in` is of a kind ordersDeviceMemory looks into (a helper call, membar, fence, ld,
// st, atom, red): false answers it without the call, for most instructions.
inline bool mayOrderDeviceMemory(const Inst &in) {
  if (in.irop != IrOp::Ptx)
    return in.irop == IrOp::Call;
  switch (in.opcode) {
  case ptx::Opcode::Membar: case ptx::Opcode::Fence: case ptx::Opcode::Ld: case ptx::Opcode::St:
  case ptx::Opcode::Atom: case ptx::Opcode::Red:
    return true;
  default:
    return false;
  }
}

} // namespace p2m::ir
