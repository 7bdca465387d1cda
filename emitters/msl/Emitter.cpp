// The module and function printer: prelude, functions in callee-first order, structured bodies
// (printed iteratively: structured trees can be deep), and the Metal kernel wrappers.
#include "emitters/msl/EmitContext.h"
#include "emitters/msl/LoopTermination.h"

#include "cfg/Structured.h"
#include "ir/ForwardableValues.h"
#include "ir/OperandTypes.h"
#include "emitters/msl/support/kernel_abi.h"
#include "support/Format.h"
#include "support/SourceFile.h"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <string_view>

namespace p2m::msl {

using namespace ir;

namespace {

class FunctionPrinter {
public:
  FunctionPrinter(const Module &m, const Function &f, const EmitOptions &o, std::string &out,
                  SupportUse &support, ForwardedValues &forwarded, const std::vector<SymId> &paramVariables)
      : m_(m), f_(f), e_{m, f, o, out, support, forwarded}, paramVariables_(paramVariables) {}

  void print() {
    std::string &out = e_.out;
    if (f_.isEntry) {
      out += fmt::format("// .entry {}\n", f_.ptxName);
      out += fmt::format("static inline void {}" P2M_BODY_SUFFIX "(constant uchar *params, constant uchar *module, "
                         "threadgroup uchar *smem, p2m_builtins b)\n{{\n",
                         f_.name);
      uint64_t words = std::max<uint64_t>(1, (f_.localWindowBytes + 7) / 8);
      e_.line("ulong p2m_lmem[{}];", words);
      e_.line("p2m_ctx ctx = {{params, module, smem, reinterpret_cast<thread uchar *>(p2m_lmem), "
              "b, {0}u, {0}u, {1}u, 0ul, false}};",
              f_.staticSharedBytes, f_.barScratch);
      if (f_.usesNamedBarriers) {
        std::string init = helperName(Helper::NamedBarriersInit), words = helperName(Helper::NamedBarrierWords);
        if (!e_.support.name(init) || !e_.support.name(words))
          throw EmitError{f_.srcOffset, "the MSL support library has no named barriers"};
        e_.line("{}(b.lane, b.warp, {}(ctx));", init, words);
      }
    } else {
      out += fmt::format("// .func {}\n", f_.ptxName);
      out += fmt::format("static inline void {}(thread p2m_ctx &ctx", f_.name);
      for (SymId s : f_.returns)
        out += fmt::format(", thread uchar *{}", m_.symbol(s).name);
      for (SymId s : f_.params)
        out += fmt::format(", thread uchar *{}", m_.symbol(s).name);
      out += ")\n{\n";
    }
    e_.forwarded.start(findForwardableValues(m_, f_, kMaxForwardingDepth, &named_));
    findDeclaringInstructions();
    // The body first: the registers it did not declare where they are first written are
    // declared at the top, in front of it.
    size_t bodyStart = out.size();
    body();
    // The declarations, printed after it, moved in front of it: the body is moved once, not
    // copied out and back.
    size_t declarationsStart = out.size();
    declarations();
    std::string declarationText(out, declarationsStart);
    out.resize(declarationsStart);
    out.insert(bodyStart, declarationText);
    out += "}\n\n";
  }

private:
  void declarations() {
    // Registers, grouped by storage type, zero-initialized (PTX leaves them undefined; zero
    // keeps runs deterministic).
    static constexpr Storage kOrder[] = {Storage::Bool, Storage::U8,  Storage::U16,
                                         Storage::U32,  Storage::U64, Storage::F32};
    // Each storage's place in kOrder.
    static constexpr auto kPlace = [] {
      std::array<size_t, 8> place{};
      for (size_t k = 0; k < std::size(kOrder); ++k)
        place[static_cast<size_t>(kOrder[k])] = k;
      return place;
    }();
    std::vector<RegId> byStorage[std::size(kOrder)]; // one walk over the registers, not six
    for (uint32_t r = 0; r < f_.regs.size(); ++r) {
      RegId id(r);
      Storage s = storageOf(f_.reg(id).type);
      if (s == Storage::U128)
        throw EmitError{f_.srcOffset, "128-bit registers are not supported yet"};
      // Registers no instruction names (PTX declares %r<N> ranges) are left out.
      if (!e_.forwarded.everCaptured(id) && !e_.declaredInline[id.index()] && named_[id.index()])
        byStorage[kPlace[static_cast<size_t>(s)]].push_back(id);
    }
    for (size_t k = 0; k < std::size(kOrder); ++k) {
      Storage s = kOrder[k];
      std::string lineText;
      unsigned count = 0;
      for (RegId id : byStorage[k]) {
        const Register &r = f_.reg(id);
        if (count % 8 == 0) {
          if (!lineText.empty())
            e_.line(lineText += ';');
          lineText = mslStorageName(s);
          lineText += ' ';
        } else {
          lineText += ", ";
        }
        lineText += r.name;
        lineText += s == Storage::Bool ? " = false" : s == Storage::F32 ? " = 0.0f" : " = 0";
        ++count;
      }
      if (!lineText.empty())
        e_.line(lineText += ';');
    }
    // .param variables of the body (call arguments and results): 8-byte aligned frames.
    for (SymId i : paramVariables_) {
      const Symbol &s = m_.symbol(i);
      e_.line("ulong {}_storage[{}];", s.name, std::max<uint64_t>(1, (s.size + 7) / 8));
      e_.line("thread uchar *{0} = reinterpret_cast<thread uchar *>({0}_storage);", s.name);
    }
    bool carry = false;
    for (const Block &b : f_.blocks)
      for (const Inst &in : b.insts)
        if (in.irop == IrOp::Ptx && (in.has(ptx::Modifier::Cc) || in.opcode == ptx::Opcode::Addc ||
                                     in.opcode == ptx::Opcode::Subc || in.opcode == ptx::Opcode::Madc))
          carry = true;
    if (carry)
      e_.line("uint p2m_cc = 0u; // PTX's carry flag CC.CF");
    const cfg::Program &p = *f_.structured;
    for (size_t v = 0; v < p.variables.size(); ++v)
      e_.line(p.variables[v] == cfg::VariableKind::Flag ? formatCompiled(FMT_COMPILE("bool p2m_flag{} = false;"), v)
                                                         : formatCompiled(FMT_COMPILE("int p2m_state{} = 0;"), v));
  }

  // Whether the structured subtree at `root` contains a barrier or an atomic operation: a
  // synchronization operation in C++'s forward-progress rules, which a compiler may not assume
  // a loop will stop doing (so it may not delete the loop as endless and side-effect free).
  // Calls fn on the IR block of every Block node under `root` until it returns true; whether
  // it did.
  template <class F> bool anyBlock(cfg::NodeId root, F &&fn) const {
    const cfg::Program &p = *f_.structured;
    std::vector<cfg::NodeId> work{root};
    while (!work.empty()) {
      cfg::NodeId id = work.back();
      work.pop_back();
      if (id == cfg::kNoNode)
        continue;
      const cfg::Node &n = p[id];
      if (n.kind == cfg::NodeKind::Block && fn(f_.blocks[static_cast<size_t>(n.id)]))
        return true;
      cfg::forEachChild(n, [&](cfg::NodeId c) { work.push_back(c); });
    }
    return false;
  }

  bool synchronizes(cfg::NodeId root) const {
    return anyBlock(root, [&](const Block &b) {
      return std::any_of(b.insts.begin(), b.insts.end(), [&](const Inst &in) { return isSynchronization(in); });
    });
  }

  size_t instructionCount(cfg::NodeId root) const {
    size_t count = 0;
    anyBlock(root, [&](const Block &b) {
      count += b.insts.size();
      return false;
    });
    return count;
  }

  void guardedLoopHeader() {
    unsigned id = loops_++;
    e_.line(formatCompiled(FMT_COMPILE("for (ulong p2m_loop{0} = 0; p2m_loop{0} != 0xFFFFFFFFFFFFFFFFul; ++p2m_loop{0}) {{"), id));
  }

  bool isSynchronization(const Inst &in) const {
    if (in.isPtx(ptx::Opcode::Bar) || in.isPtx(ptx::Opcode::Barrier))
      return true;
    if (in.irop != IrOp::Call)
      return false;
    std::string_view name = m_.strings[in.name];
    return name.starts_with("p2m_atom_") || name.starts_with("p2m_red_");
  }

  // The text that reads register `r` in a branch condition or a switch selector: its name,
  // or the marker of its value forwarded from the block just printed (the If or Switch on an
  // input condition always follows the block that computes it: cfg/Structured.h).
  std::string readRegister(RegId r) {
    const std::string_view marker = e_.forwarded.read(r);
    return marker.empty() ? f_.reg(r).name : std::string(marker);
  }

  std::string condition(const cfg::Node &n) {
    if (n.onVariable)
      return formatCompiled(FMT_COMPILE("{}p2m_flag{}"), n.negated ? "!" : "", n.id);
    const Terminator &t = f_.blocks[static_cast<size_t>(n.id)].term;
    bool negate = t.negated != n.negated;
    return (negate ? "!" : "") + readRegister(t.cond);
  }

  void block(BlockId id) {
    const Block &b = f_.block(id);
    if (e_.options.comments && !b.label.empty() && b.label[0] != '$')
      e_.line("// " + b.label);
    e_.forwarded.clearBlock();
    for (const Inst &in : b.insts)
      e_.emitInstruction(in);
    if (b.term.kind == TermKind::Trap)
      e_.emitTrap();
    else if (b.term.kind == TermKind::Exit && !f_.isEntry)
      e_.emitFuncExit();
  }

  // The instruction that declares each register it writes (FunctionEmitter::declaration): an
  // unguarded instruction whose destination register is named there for the first time in the
  // printed order, and only once in it, and named afterwards only inside the same block
  // statement (the function's body, a branch, a loop body, a case), nested ones included.
  // Every later mention is then in the declaration's scope and runs after it in the same entry
  // into the scope: a value a loop carries from one iteration to the next is named before its
  // definition in the body. A register first named elsewhere is declared at the top,
  // zero-initialized.
  void findDeclaringInstructions() {
    const cfg::Program &p = *f_.structured;
    e_.declaringInst.assign(f_.regs.size(), nullptr);
    e_.declaredInline.assign(f_.regs.size(), 0);
    e_.declaredAt.assign(f_.regs.size(), 0);
    constexpr uint32_t kUnnamed = UINT32_MAX;
    std::vector<uint32_t> firstScope(f_.regs.size(), kUnnamed);
    // Per register, the last scope of a mention found within its first scope: the mentions
    // that follow are mostly in the same one, and need not climb the scopes again.
    std::vector<uint32_t> checkedScope(f_.regs.size(), kUnnamed);
    std::vector<uint32_t> parent{0}, depth{0}; // per scope; scope 0 is the function's body
    auto within = [&](uint32_t inner, uint32_t outer) {
      while (depth[inner] > depth[outer])
        inner = parent[inner];
      return inner == outer;
    };
    auto mention = [&](RegId r, uint32_t scope) {
      const uint32_t i = r.index();
      if (firstScope[i] == kUnnamed) {
        firstScope[i] = scope;
        checkedScope[i] = scope;
      } else if (e_.declaringInst[i] && checkedScope[i] != scope) {
        if (within(scope, firstScope[i]))
          checkedScope[i] = scope;
        else
          e_.declaringInst[i] = nullptr;
      }
    };
    auto newScope = [&](uint32_t outer) {
      parent.push_back(outer);
      depth.push_back(depth[outer] + 1);
      return static_cast<uint32_t>(parent.size() - 1);
    };
    struct Item {
      cfg::NodeId node;
      uint32_t scope;
    };
    std::vector<Item> work{{p.root, 0}};
    while (!work.empty()) {
      Item it = work.back();
      work.pop_back();
      if (it.node == cfg::kNoNode)
        continue;
      const cfg::Node &n = p[it.node];
      switch (n.kind) {
      case cfg::NodeKind::Seq:
        for (size_t k = n.statements.size(); k > 0; --k)
          work.push_back({n.statements[k - 1], it.scope});
        break;
      case cfg::NodeKind::Block: {
        const Block &b = f_.blocks[static_cast<size_t>(n.id)];
        for (const Inst &in : b.insts) {
          auto declares = [&](RegId r) {
            return firstScope[r.index()] == kUnnamed && writesOnly(in, r);
          };
          // A scalar destination declares its register where it is named for the first time
          // and once (writesOnly's rule, checked as its operands are mentioned below: one walk
          // over them, not two).
          RegId scalar = kNone;
          if (in.guard == kNone && !in.ops.empty()) {
            const Operand &d = in.ops[0];
            if (d.kind == OperandKind::Reg && !d.address) {
              if (firstScope[d.regId().index()] == kUnnamed)
                scalar = d.regId();
            } else if (d.kind == OperandKind::Vector && destinationCount(in) > 0) {
              for (int64_t k = 0; k < d.value; ++k) {
                const Operand &el = f_.vectorElements[d.id + static_cast<size_t>(k)];
                if (el.kind == OperandKind::Reg && declares(el.regId()))
                  e_.declaringInst[el.regId().index()] = &in;
              }
            }
          }
          if (in.guard != kNone)
            mention(in.guard, it.scope);
          // The scalar destination is the first operand; any other mention of its register is
          // a source.
          bool onlyWritten = true;
          const Operand *first = in.ops.begin();
          for (const Operand &o : in.ops) {
            if (o.kind == OperandKind::Reg) {
              onlyWritten &= &o == first || o.regId() != scalar;
              mention(o.regId(), it.scope);
            } else if (o.kind == OperandKind::Vector) {
              for (int64_t k = 0; k < o.value; ++k) {
                const Operand &el = f_.vectorElements[o.id + static_cast<size_t>(k)];
                if (el.kind == OperandKind::Reg) {
                  onlyWritten &= el.regId() != scalar;
                  mention(el.regId(), it.scope);
                }
              }
            }
          }
          if (scalar != kNone && onlyWritten)
            e_.declaringInst[scalar.index()] = &in;
        }
        if (b.term.cond != kNone)
          mention(b.term.cond, it.scope);
        break;
      }
      // Inner scopes, pushed so that they are visited in the printed order.
      case cfg::NodeKind::If:
        work.push_back({n.elseBody, newScope(it.scope)});
        work.push_back({n.thenBody, newScope(it.scope)});
        break;
      case cfg::NodeKind::Loop: work.push_back({n.body, newScope(it.scope)}); break;
      case cfg::NodeKind::Switch:
        work.push_back({n.defaultBody, newScope(it.scope)});
        for (size_t k = n.cases.size(); k > 0; --k)
          work.push_back({n.cases[k - 1].body, newScope(it.scope)});
        break;
      default: break;
      }
    }
  }

  // Whether `in` names register `r` once among its operands, as its written first operand
  // (or an element of it): not as a source, and not twice. One walk over the operands.
  bool writesOnly(const Inst &in, RegId r) const {
    unsigned count = 0;
    bool source = false;
    const Operand *first = in.ops.begin();
    for (const Operand &o : in.ops) {
      if (o.kind == OperandKind::Reg && o.regId() == r) {
        ++count;
        source |= &o != first || o.address;
      } else if (o.kind == OperandKind::Vector) {
        for (int64_t k = 0; k < o.value; ++k) {
          const Operand &el = f_.vectorElements[o.id + static_cast<size_t>(k)];
          if (el.kind == OperandKind::Reg && el.regId() == r) {
            ++count;
            source |= &o != first;
          }
        }
      }
    }
    return count <= 1 && !source;
  }

  void body() {
    const cfg::Program &p = *f_.structured;
    struct Frame {
      cfg::NodeId node;
      size_t stage;
    };
    std::vector<Frame> stack{{p.root, 0}};
    while (!stack.empty()) {
      Frame fr = stack.back();
      stack.pop_back();
      const cfg::Node &n = p[fr.node];
      switch (n.kind) {
      case cfg::NodeKind::Seq:
        if (fr.stage < n.statements.size()) {
          stack.push_back({fr.node, fr.stage + 1});
          stack.push_back({n.statements[fr.stage], 0});
        }
        break;
      case cfg::NodeKind::Block: block(static_cast<BlockId>(n.id)); break;
      case cfg::NodeKind::If:
        if (fr.stage == 0) {
          e_.line(e_.forwarded.resolve(formatCompiled(FMT_COMPILE("if ({}) {{"), condition(n))));
          ++e_.indent;
          stack.push_back({fr.node, 1});
          stack.push_back({n.thenBody, 0});
        } else if (fr.stage == 1) {
          --e_.indent;
          if (n.elseBody != cfg::kNoNode && !p[n.elseBody].statements.empty()) {
            e_.line("} else {");
            ++e_.indent;
            stack.push_back({fr.node, 2});
            stack.push_back({n.elseBody, 0});
          } else {
            e_.line("}");
          }
        } else {
          --e_.indent;
          e_.line("}");
        }
        break;
      case cfg::NodeKind::Loop:
        // Apple's compiler may delete a loop it cannot prove finite (METAL.md) unless the loop
        // synchronizes or provably ends (LoopTermination.h): then `while (true)`. Otherwise a
        // bounded counter it cannot see past (2^64 iterations never end); it costs two
        // registers and a few instructions per iteration (sgemm_tiled on the H200: 65
        // registers against 64, docs/gpu-results.md). A small loop that ends when a condition
        // of its invariants holds is printed twice: without the counter under the condition,
        // with it otherwise. Stages: 0 opens, 1 closes; 2 and 3 close the two copies.
        if (fr.stage == 0) {
          std::optional<LoopTermination> ends;
          const bool synchronizing = synchronizes(n.body); // a walk of the whole body: once
          if (!synchronizing)
            ends = proveLoopTermination(f_, fr.node);
          if (synchronizing || (ends && ends->condition.empty())) {
            e_.line("while (true) {");
            stack.push_back({fr.node, 1});
          } else if (ends && instructionCount(n.body) <= kMaxVersionedLoopInstructions) {
            e_.line(formatCompiled(FMT_COMPILE("if ({}) {{"), ends->condition));
            ++e_.indent;
            e_.line("while (true) {");
            stack.push_back({fr.node, 2});
          } else {
            guardedLoopHeader();
            stack.push_back({fr.node, 1});
          }
          ++e_.indent;
          stack.push_back({n.body, 0});
        } else if (fr.stage == 2) {
          --e_.indent;
          e_.line("}");
          --e_.indent;
          e_.line("} else {");
          ++e_.indent;
          guardedLoopHeader();
          ++e_.indent;
          stack.push_back({fr.node, 3});
          stack.push_back({n.body, 0});
        } else {
          for (size_t k = fr.stage == 3 ? 2 : 1; k > 0; --k) {
            --e_.indent;
            e_.line("}");
          }
        }
        break;
      case cfg::NodeKind::Switch: {
        size_t nc = n.cases.size();
        if (fr.stage == 0) {
          std::string sel = n.onVariable ? formatCompiled(FMT_COMPILE("p2m_state{}"), n.id)
                                         : readRegister(f_.blocks[static_cast<size_t>(n.id)].term.cond);
          e_.line(e_.forwarded.resolve(formatCompiled(FMT_COMPILE("switch ({}) {{"), sel)));
        } else {
          e_.line("break;");
          --e_.indent;
          e_.line("}");
        }
        if (fr.stage < nc) {
          std::string labels;
          for (int64_t v : n.cases[fr.stage].values)
            labels += formatCompiled(FMT_COMPILE("case {}: "), v);
          e_.line(labels + "{");
          ++e_.indent;
          stack.push_back({fr.node, fr.stage + 1});
          stack.push_back({n.cases[fr.stage].body, 0});
        } else if (fr.stage == nc && n.defaultBody != cfg::kNoNode) {
          e_.line("default: {");
          ++e_.indent;
          stack.push_back({fr.node, nc + 1});
          stack.push_back({n.defaultBody, 0});
        } else {
          e_.line("}");
        }
        break;
      }
      case cfg::NodeKind::Break: e_.line("break;"); break;
      case cfg::NodeKind::Continue: e_.line("continue;"); break;
      case cfg::NodeKind::Return: e_.line("return;"); break;
      case cfg::NodeKind::Unreachable: break;
      case cfg::NodeKind::SetVar:
        if (p.variables[static_cast<size_t>(n.id)] == cfg::VariableKind::Flag)
          e_.line("p2m_flag{} = {};", n.id, n.value ? "true" : "false");
        else
          e_.line("p2m_state{} = {};", n.id, n.value);
        break;
      }
    }
  }

  const Module &m_;
  const Function &f_;
  FunctionEmitter e_;
  const std::vector<SymId> &paramVariables_; // the function's own .param variables
  std::vector<uint8_t> named_;                // per register, whether an instruction or branch names it
  // A forwarded value nests at most this many forwarded values deep (itself included): a line
  // then reads as one formula of a few steps (an address `rd1 + mul_wide((r14 + r215) * r36 +
  // r13, 4)` loaded in place) rather than a whole dependence chain; deeper chains are cut into
  // statements. 5 rather than 3: 3% less MSL on the corpus, lines still one formula each.
  static constexpr unsigned kMaxForwardingDepth = 5;
  unsigned loops_ = 0;
  // A loop that ends under a condition is printed twice (with and without its guard) when its
  // body has at most this many instructions; a bigger one keeps the guard alone, whose cost is
  // then a small part of an iteration.
  static constexpr size_t kMaxVersionedLoopInstructions = 256;
};

// The most threads a threadgroup of the kernel may have by its .maxntid/.reqntid (0: no
// bound, or one above Metal's 1024, which the launch check reports instead).
uint64_t threadgroupLimit(const Function &f) {
  auto product = [](const std::vector<uint32_t> &v) {
    uint64_t p = 1;
    for (uint32_t x : v)
      p *= x;
    return p;
  };
  uint64_t limit = 0;
  for (const std::vector<uint32_t> *bound : {&f.maxntid, &f.reqntid})
    if (!bound->empty())
      limit = limit ? std::min(limit, product(*bound)) : product(*bound);
  return limit >= 1 && limit <= 1024 ? limit : 0;
}

void kernelWrapper(const Function &f, std::string &out) {
  // Lets Metal's compiler size registers for the threads the kernel can run with.
  if (uint64_t limit = threadgroupLimit(f))
    out += fmt::format("[[max_total_threads_per_threadgroup({})]]\n", limit);
  out += fmt::format(
      "kernel void {0}(constant uchar *params [[buffer({2})]], constant uchar *module [[buffer({3})]],\n"
      "\tthreadgroup uchar *smem [[threadgroup({4})]],\n"
      "\tuint3 tid [[thread_position_in_threadgroup]], uint3 ntid [[threads_per_threadgroup]],\n"
      "\tuint3 ctaid [[threadgroup_position_in_grid]], uint3 nctaid [[threadgroups_per_grid]],\n"
      "\tuint lane [[thread_index_in_simdgroup]], uint warp [[simdgroup_index_in_threadgroup]],\n"
      "\tuint nwarp [[simdgroups_per_threadgroup]])\n"
      "{{\n"
      "\tp2m_builtins b = {{tid, ntid, ctaid, nctaid, lane, warp, nwarp, p2m_launch_dynamic_smem(params, {1}u)}};\n"
      "\t{0}" P2M_BODY_SUFFIX "(params, module, smem, b);\n"
      "}}\n",
      f.name, f.paramBytes, P2M_PARAMS_BUFFER, P2M_MODULE_BUFFER, P2M_THREADGROUP_INDEX);
}

} // namespace

ModuleEmitter::ModuleEmitter(Module &module, const EmitOptions &options)
    : m_(module), options_(options) {}

void ModuleEmitter::emitFunction(FuncId fi) {
  Function &f = m_.function(fi);
  if (f.isDeclaration || f.unsupported || !f.structured)
    return;
  for (FuncId c : f.callees)
    if (m_.function(c).unsupported && !f.unsupported)
      f.unsupported = Unsupported{f.srcOffset, "calls " + m_.function(c).ptxName +
                                                   ", which cannot be translated: " +
                                                   m_.function(c).unsupported->message};
  if (f.unsupported)
    return;
  // Printed into the current chunk in place; a function that fails is cut off again. Chunks
  // of a few MiB keep a large module's text from being copied again at every doubling.
  constexpr size_t kChunk = 4u << 20;
  if (body_.empty() || body_.back().size() > kChunk) {
    if (!body_.empty() && options_.bodySink) {
      options_.bodySink(std::move(body_.back()));
      body_.pop_back();
    }
    body_.emplace_back();
    body_.back().reserve(kChunk + kChunk / 2);
  }
  std::string &out = body_.back();
  size_t mark = out.size();
  SupportUse support;
  std::vector<SymId> paramVariables;
  for (SymId s : f.symbols)
    if (m_.symbol(s).kind == SymbolKind::Variable && m_.symbol(s).space == Space::Param)
      paramVariables.push_back(s);
  try {
    FunctionPrinter(m_, f, options_, out, support, forwarded_, paramVariables).print();
  } catch (EmitError &err) {
    out.resize(mark);
    f.unsupported = Unsupported{err.srcOffset, std::move(err.message)};
    return;
  }
  support_.add(support);
  deviceOrdering_ |= (f.features & kFeatureDeviceOrdering) != 0;
  // Its IR is no longer needed (the reflection reads only the function's summary).
  f.blocks = {};
  f.regs = {};
  f.vectorElements = {};
  f.structured.reset();
  if (f.isEntry) {
    ++kernelsEmitted_;
    if (wrappers_.empty())
      wrappers_ = "#if defined(__METAL_VERSION__)\n";
    kernelWrapper(f, wrappers_);
  }
}

EmitResult ModuleEmitter::finish() {
  EmitResult result;
  result.kernelsEmitted = kernelsEmitted_;
  std::string &out = result.header;
  out += fmt::format("// Generated by ptx2metal from {} (PTX ISA {}, target {}). Do not edit.\n",
                     m_.source ? m_.source->name() : std::string("<input>"), m_.version,
                     m_.targets.empty() ? std::string("?") : m_.targets[0]);
  out += fmt::format("// Metal Shading Language {}. The file sets its own floating-point mode: PTX rounds\n"
                     "// every operation, so no contraction and no fast-math rewrites, whatever the\n"
                     "// command line says (Xcode compiles with fast math by default).\n",
                     spelling(options_.target.mslVersion));
  // The MSL spec's pragmas for Apple's compiler, from the 3.2 compilers on (older ones warn about
  // an unknown pragma, an error under -Werror); the clang one for every Clang, Apple's included
  // (math_mode(safe) alone still contracts within a statement). Before the include, so that they
  // cover everything the file contains.
  out += "#if defined(__METAL_VERSION__) && __METAL_VERSION__ >= 320\n"
         "#pragma METAL fp math_mode(safe)\n"
         "#pragma METAL fp contract(off)\n"
         "#endif\n"
         "#pragma clang fp contract(off)\n";
  out += "#include <metal_stdlib>\nusing namespace metal;\n\n";
  if (support_.genericParams())
    out += "#define P2M_GENERIC_PARAMS 1\n";
  if (deviceOrdering_ && options_.target.has(Capability::CoherentDevice))
    out += "#define P2M_COHERENT_DEVICE 1\n"; // abi.h's P2M_DEVICE_DATA
  // The support helpers the code calls and what they need (abi.h whole), without the headers'
  // commentary; a kernel that failed to print leaves none of its own behind.
  support_.write(out);
  out += '\n';
  result.body = std::move(body_);
  if (!wrappers_.empty()) {
    wrappers_ += "#endif\n";
    result.body.push_back(std::move(wrappers_));
  }
  if (options_.bodySink) {
    for (std::string &chunk : result.body)
      options_.bodySink(std::move(chunk));
    result.body.clear();
  }
  body_.clear();
  wrappers_.clear();
  return result;
}

std::vector<FuncId> calleeFirstOrder(const Module &m, const std::vector<uint8_t> &roots,
                                     const std::function<std::vector<FuncId>(FuncId)> &callees) {
  size_t nf = m.functions.size();
  std::vector<FuncId> order;
  std::vector<uint8_t> seen(nf, 0);
  for (uint32_t i = 0; i < nf; ++i) {
    FuncId root(i);
    if (!roots[root.index()] || seen[root.index()])
      continue;
    struct Frame {
      FuncId function;
      std::vector<FuncId> callees;
      size_t next = 0;
    };
    std::vector<Frame> stack;
    stack.push_back({root, callees(root)});
    seen[root.index()] = 1;
    while (!stack.empty()) {
      Frame &top = stack.back();
      FuncId fi = top.function;
      if (top.next < top.callees.size()) {
        FuncId c = top.callees[top.next++];
        if (!seen[c.index()]) {
          seen[c.index()] = 1;
          stack.push_back({c, callees(c)});
        }
        continue;
      }
      order.push_back(fi);
      stack.pop_back();
    }
  }
  return order;
}

bool isSelectedKernel(const Function &f, const EmitOptions &options) {
  return f.isEntry && !f.isDeclaration &&
         (options.entries.empty() ||
          std::find(options.entries.begin(), options.entries.end(), f.ptxName) != options.entries.end());
}

} // namespace p2m::msl
