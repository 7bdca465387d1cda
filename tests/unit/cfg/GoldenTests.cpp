// Golden structurings of hand-written shapes (Shapes.h): the printed program is the
// specification of how each shape should read. The property tests check that each also behaves
// like its graph.
#include "CfgTestUtil.h"
#include "Shapes.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace p2m::cfg;

namespace {

const Cfg &shape(const std::string &name) {
  static const std::vector<test::Shape> all = test::shapes();
  for (const test::Shape &s : all)
    if (s.name == name)
      return s.cfg;
  throw std::invalid_argument("no shape named " + name);
}

std::string structured(const std::string &name, double maxGrowth = 2.0) {
  StructurizeOptions options;
  options.maxGrowth = maxGrowth;
  Program p = structurize(shape(name), options);
  std::string problem = verifyStructure(p, shape(name));
  return problem.empty() ? printStructured(p) : "invalid: " + problem;
}

// Goldens start on the line after R"( for readability.
std::string golden(const char *text) { return std::string(text).substr(1); }

} // namespace

TEST_CASE("straight line", "[cfg][golden]") {
  CHECK(structured("straight line") == golden(R"(
block 0;
block 1;
block 2;
return;
)"));
}

TEST_CASE("if/else diamond", "[cfg][golden]") {
  CHECK(structured("if/else diamond") == golden(R"(
block 0;
if (c0) {
  block 1;
} else {
  block 2;
}
block 3;
return;
)"));
}

TEST_CASE("if without else", "[cfg][golden]") {
  CHECK(structured("if without else") == golden(R"(
block 0;
if (c0) {
  block 1;
}
block 2;
return;
)"));
}

TEST_CASE("while loop", "[cfg][golden]") {
  CHECK(structured("while loop") == golden(R"(
block 0;
loop {
  block 1;
  if (!c1) break;
  block 2;
}
block 3;
return;
)"));
}

TEST_CASE("self-loop", "[cfg][golden]") {
  CHECK(structured("self-loop") == golden(R"(
block 0;
loop {
  block 1;
  if (!c1) break;
}
block 2;
return;
)"));
}

TEST_CASE("infinite loop with a break in the middle", "[cfg][golden]") {
  CHECK(structured("infinite loop with a break in the middle") == golden(R"(
block 0;
loop {
  block 1;
  if (c1) break;
  block 2;
}
block 3;
return;
)"));
}

TEST_CASE("nested loops with several exits", "[cfg][golden]") {
  CHECK(structured("nested loops with several exits") == golden(R"(
block 0;
flag0 = false;
loop {
  block 1;
  if (!c1) break;
  block 2;
  flag1 = false;
  loop {
    block 3;
    if (!c3) break;
    block 4;
    if (c4) {
      flag0 = true;
      break;
    }
    block 5;
    if (c5) break;
    block 6;
    if (c6) {
      flag1 = true;
      break;
    }
  }
  if (flag0) break;
  if (flag1) continue;
  block 7;
}
if (!flag0) {
  block 9;
}
block 10;
block 11;
return;
)"));
}

TEST_CASE("loop entered from two places", "[cfg][golden]") {
  CHECK(structured("loop entered from two places") == golden(R"(
block 0;
if (c0) {
  block 1;
}
loop {
  block 2;
  block 3;
  if (!c3) break;
  block 1;
}
block 4;
return;
)"));
}

TEST_CASE("irreducible knot", "[cfg][golden]") {
  CHECK(structured("irreducible knot") == golden(R"(
block 0;
if (!c0) {
  block 2;
  if (!c2) {
    block 3;
    return;
  }
}
loop {
  block 1;
  if (!c1) break;
  block 2;
  if (!c2) break;
}
block 3;
return;
)"));
}

TEST_CASE("switch with shared targets", "[cfg][golden]") {
  CHECK(structured("switch with shared targets") == golden(R"(
block 0;
switch (s0) {
case 0:
case 2:
  block 1;
  break;
case 1:
  break;
case 3:
  block 3;
  block 5;
  return;
default:
  block 4;
  block 5;
  return;
}
block 2;
block 5;
return;
)"));
}

TEST_CASE("early return from nested loops", "[cfg][golden]") {
  CHECK(structured("early return from nested loops") == golden(R"(
block 0;
loop {
  block 1;
  if (!c1) break;
  block 2;
  loop {
    block 3;
    if (!c3) break;
    block 4;
    if (c4) {
      block 5;
      return;
    }
  }
  block 6;
}
block 7;
return;
)"));
}

TEST_CASE("loop with several back edges", "[cfg][golden]") {
  CHECK(structured("loop with several back edges") == golden(R"(
block 0;
loop {
  block 1;
  if (!c1) break;
  block 2;
  if (!c2) {
    block 3;
    if (!c3) {
      block 4;
    }
  }
}
block 5;
return;
)"));
}

TEST_CASE("unreachable blocks", "[cfg][golden]") {
  CHECK(structured("unreachable blocks") == golden(R"(
block 0;
block 2;
if (!c2) {
  block 5;
}
block 4;
return;
)"));
}

TEST_CASE("trap", "[cfg][golden]") {
  CHECK(structured("trap") == golden(R"(
block 0;
if (c0) {
  block 1;
  unreachable;
}
block 2;
return;
)"));
}

TEST_CASE("short-circuit or", "[cfg][golden]") {
  CHECK(structured("short-circuit or") == golden(R"(
flag0 = false;
block 0;
if (!c0) {
  block 1;
  if (!c1) {
    block 3;
    flag0 = true;
  }
}
if (!flag0) {
  block 2;
}
block 4;
block 5;
return;
)"));
}

TEST_CASE("if/else chains", "[cfg][golden]") {
  CHECK(structured("if/else chains") == golden(R"(
block 0;
if (c0) {
  block 1;
} else {
  block 2;
  if (c2) {
    block 3;
  } else {
    block 4;
  }
}
block 5;
return;
)"));
}

TEST_CASE("switch in a loop, leaving the loop from a case", "[cfg][golden]") {
  CHECK(structured("switch in a loop, leaving the loop from a case") == golden(R"(
block 0;
flag0 = false;
loop {
  block 1;
  switch (s1) {
  case 0:
    block 2;
    continue;
  case 1:
    break;
  case 2:
    block 4;
    if (c4) continue;
    flag0 = true;
    break;
  default:
    block 5;
    block 6;
    continue;
  }
  break;
}
if (!flag0) {
  block 3;
}
block 7;
block 8;
return;
)"));
}

TEST_CASE("loop exit that skips code after the loop", "[cfg][golden]") {
  CHECK(structured("loop exit that skips code after the loop") == golden(R"(
block 0;
loop {
  block 1;
  if (!c1) break;
  block 2;
  if (c2) {
    block 4;
    return;
  }
}
block 3;
block 4;
return;
)"));
}

// With no room for duplicated blocks, irreducible regions become dispatch loops.
TEST_CASE("irreducible knot as a dispatch loop", "[cfg][golden]") {
  CHECK(structured("irreducible knot", 1.0) == golden(R"(
block 0;
if (c0) {
  state0 = 0;
} else {
  state0 = 1;
}
loop {
  switch (state0) {
  case 0:
    block 1;
    if (!c1) break;
    state0 = 1;
    continue;
  case 1:
    block 2;
    if (!c2) break;
    state0 = 0;
    continue;
  }
  break;
}
block 3;
return;
)"));
}

TEST_CASE("loop entered from two places as a dispatch loop", "[cfg][golden]") {
  CHECK(structured("loop entered from two places", 1.0) == golden(R"(
block 0;
if (c0) {
  state0 = 0;
} else {
  state0 = 1;
}
loop {
  switch (state0) {
  case 0:
    block 1;
    state0 = 1;
    continue;
  case 1:
    block 2;
    block 3;
    if (!c3) break;
    state0 = 0;
    continue;
  }
  break;
}
block 4;
return;
)"));
}

TEST_CASE("statistics describe what the structurizer did", "[cfg]") {
  Program split = structurize(shape("irreducible knot"));
  CHECK(split.stats.reachableBlocks == 4);
  CHECK(split.stats.emittedBlocks == 6); // block 2 split off the loop, `block 3; return;` copied
  CHECK(split.stats.splitRegions == 1);
  CHECK(split.stats.dispatchRegions == 0);
  CHECK(split.stats.flags == 0);

  StructurizeOptions noGrowth;
  noGrowth.maxGrowth = 1.0;
  Program dispatched = structurize(shape("irreducible knot"), noGrowth);
  CHECK(dispatched.stats.emittedBlocks == 4);
  CHECK(dispatched.stats.dispatchRegions == 1);
  REQUIRE(dispatched.variables.size() == 1);
  CHECK(dispatched.variables[0] == VariableKind::State);

  Program plain = structurize(shape("nested loops with several exits"));
  CHECK(plain.stats.reachableBlocks == 11); // block 8 is unreachable
  CHECK(plain.stats.emittedBlocks == 11);
  CHECK(plain.stats.flags == 2);
}

TEST_CASE("validate names the first malformed block", "[cfg]") {
  CHECK(validate(Cfg{}) == "the graph has no blocks (block 0 is the entry)");
  CHECK(validate(test::cfgOf({Goto{1}, CondBranch{0, 1, 7}})) ==
        "block 1 jumps to block 7, but the graph has only 2 blocks");
  CHECK(validate(test::cfgOf({Switch{0, {0, 3}, 0}})) ==
        "block 0 jumps to block 3, but the graph has only 1 blocks");
  CHECK(validate(shape("irreducible knot")) == "");
}

TEST_CASE("the graph interpreter follows PTX semantics", "[cfg]") {
  Decisions alwaysTrue;
  alwaysTrue.branch = [](int32_t, uint32_t visit) { return visit < 2; };
  alwaysTrue.select = [](int32_t, uint32_t visit) { return visit == 0 ? int64_t{7} : int64_t{1}; };
  // Two equal targets test nothing; an index outside the table takes the default.
  Cfg cfg = test::cfgOf({CondBranch{0, 1, 1}, Switch{5, {2, 3}, 4}, Goto{1}, Return{},
                         CondBranch{0, 1, 3}});
  Trace t = simulate(cfg, alwaysTrue, 100);
  CHECK(t.blocks == std::vector<BlockId>{0, 1, 4, 1, 3});
  CHECK(t.end == TraceEnd::Return);
  Trace limited = simulate(cfg, alwaysTrue, 3);
  CHECK(limited.blocks == std::vector<BlockId>{0, 1, 4});
  CHECK(limited.end == TraceEnd::StepLimit);
  CHECK(simulate(structurize(cfg), alwaysTrue, 100) == t);
}

TEST_CASE("the verifier rejects trees no emitter could print", "[cfg]") {
  Cfg cfg = shape("while loop");
  Program p = structurize(cfg);
  REQUIRE(verifyStructure(p, cfg) == "");

  Program strayBreak = p;
  Node brk;
  brk.kind = NodeKind::Break;
  strayBreak.nodes.push_back(brk);
  strayBreak.nodes[strayBreak.root].statements.push_back(
      static_cast<NodeId>(strayBreak.nodes.size() - 1));
  CHECK_THAT(verifyStructure(strayBreak, cfg), Catch::Contains("break outside a loop"));

  Program shared = p;
  shared.nodes[shared.root].statements.push_back(shared.nodes[shared.root].statements[0]);
  CHECK_THAT(verifyStructure(shared, cfg), Catch::Contains("two parents"));

  // The If testing c1 must directly follow block 1.
  Program moved = p;
  auto &stmts = moved.nodes[moved[moved.root].statements[1]].body;
  auto &body = moved.nodes[stmts].statements;
  std::swap(body[0], body[1]);
  CHECK_THAT(verifyStructure(moved, cfg), Catch::Contains("does not follow a Block"));
}

// Constructs the shapes above do not produce, built by hand.
TEST_CASE("the printer", "[cfg]") {
  Program p;
  p.variables = {VariableKind::Flag, VariableKind::State};
  auto add = [&](Node n) {
    p.nodes.push_back(std::move(n));
    return static_cast<NodeId>(p.nodes.size() - 1);
  };
  auto seq = [&](std::vector<NodeId> statements) {
    Node n;
    n.statements = std::move(statements);
    return add(std::move(n));
  };
  auto leaf = [&](NodeKind kind, int32_t id = 0, int64_t value = 0) {
    Node n;
    n.kind = kind;
    n.id = id;
    n.value = value;
    return add(std::move(n));
  };
  auto flagIf = [&](bool negated, NodeId thenBody, NodeId elseBody) {
    Node n;
    n.kind = NodeKind::If;
    n.onVariable = true;
    n.negated = negated;
    n.thenBody = thenBody;
    n.elseBody = elseBody;
    return add(std::move(n));
  };
  NodeId inner = flagIf(true, seq({leaf(NodeKind::Block, 2)}), seq({leaf(NodeKind::Block, 3)}));
  NodeId outer = flagIf(false, seq({leaf(NodeKind::Block, 1)}), seq({inner}));
  Node sw;
  sw.kind = NodeKind::Switch;
  sw.onVariable = true;
  sw.id = 1;
  sw.cases = {{{0, 5}, seq({leaf(NodeKind::Block, 4)})}, {{1}, seq({leaf(NodeKind::Unreachable)})}};
  NodeId switchNode = add(std::move(sw));
  Node loop;
  loop.kind = NodeKind::Loop;
  loop.body = seq({switchNode, leaf(NodeKind::SetVar, 1, 7), leaf(NodeKind::Continue)});
  NodeId loopNode = add(std::move(loop));
  p.root = seq({leaf(NodeKind::SetVar, 0, 1), outer, loopNode});
  CHECK(printStructured(p) == golden(R"(
flag0 = true;
if (flag0) {
  block 1;
} else if (!flag0) {
  block 2;
} else {
  block 3;
}
loop {
  switch (state1) {
  case 0:
  case 5:
    block 4;
    break;
  case 1:
    unreachable;
  }
  state1 = 7;
  continue;
}
)"));
}
