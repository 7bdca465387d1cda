// The values the MSL emitter prints inside their one reader instead of as statements of their
// own (ir/ForwardableValues.h decides which may be). While a block is printed, the definition
// of such a value leaves its expression here; its reader prints a marker in its place. Once the
// reader's text is complete, each marker is replaced by the expression, parenthesized where
// its place needs it (ExpressionPrecedence.h) — provided the text evaluates each value once
// and within its first statement (the guard's `if` and the statement after it, for a guarded
// reader), before anything the reader writes. Otherwise the caller prints the values read as
// statements and the reader again (rollback). A reader whose own value is captured gets the
// values it reads in place as it is captured; the commit after it checks those reads the same
// way, and a rollback drops it.
#pragma once

#include "emitters/msl/ExpressionPrecedence.h"
#include "ir/ForwardableValues.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace p2m::msl {

class ForwardedValues {
public:
  // For a function: which of its registers may be forwarded.
  void start(std::vector<ir::Forwarding> forwarding);
  ir::Forwarding forwarding(ir::RegId r) const { return forwarding_[r.index()]; }
  // At a block's start: values left unread (their reader was never printed) are dropped.
  void clearBlock();

  // The text a reader of `r` prints: the marker of its pending value (now counted as read), or
  // empty when it has none. It stays valid until the next capture (which may move the entries).
  // Inline: every register operand the emitter prints asks.
  [[gnu::always_inline]] std::string_view read(ir::RegId r) {
    const int32_t i = live_[r.index()];
    if (i < 0)
      return {};
    readNow_.push_back(static_cast<uint32_t>(i));
    const Entry &e = entries_[static_cast<size_t>(i)];
    return {e.marker, e.markerLength};
  }
  // Leaves `expression` as the value of `r` for its reader, the values it reads (their markers)
  // in place, parenthesized where their places need it: commit decides whether that stands.
  // False (nothing done) where `r` already has a pending value. `precedence`, where the caller
  // knows it from how it printed the expression (a call, an operator between operands), is
  // precedenceOf the expression with its values in place (a value that stays bare beside an
  // operator binds at least as tightly as it does), which then need not scan the text.
  bool capture(ir::RegId r, std::string_view expression, std::optional<Precedence> precedence = std::nullopt);
  // Whether `r`'s definition was ever captured: it is declared where it is printed, if at all.
  bool everCaptured(ir::RegId r) const { return everCaptured_[r.index()] != 0; }

  // The state before an instruction is printed.
  size_t checkpoint() const { return count_; }
  // After an instruction was printed into out[start, end): replaces its markers and consumes
  // the values it read, if it evaluates each once (in its text or in the values it captured)
  // within its first statement. False, with nothing changed, otherwise.
  // Inline: most instructions read no pending value, and then there is nothing to check.
  bool commit(std::string &out, size_t start, size_t checkpoint, bool guarded) {
    if (!readNow_.empty())
      return commitReads(out, start, checkpoint, guarded);
    // Nothing read, so the new values hold no markers.
    lastCapturedRead_ = -1;
    capturedReadUnknown_ = false;
    return true;
  }
  // After a failed commit: drops the values captured since `checkpoint` and hands back those
  // read, as (register, expression), for the caller to print as statements.
  std::vector<std::pair<ir::RegId, std::string>> rollback(size_t checkpoint);
  // `text` with its markers replaced now, their values consumed (a branch condition, which is
  // read where it is printed).
  std::string resolve(std::string_view text);

private:
  struct Entry {
    ir::RegId reg;
    char marker[12];          // set once, when the entry is added (ForwardedValues.cpp)
    uint8_t markerLength = 0;
    std::string expression;
    Precedence precedence = Precedence::Primary; // once known (where a reader's place needs it)
    bool precedenceKnown = false;
    unsigned occurrences = 0;                    // in the reader's text, while committing
    unsigned capturedReads = 0;                  // by values captured while it is pending
  };
  // A marker in the reader's text: [at, end) in that text, and its value.
  struct Marker {
    size_t at, end;
    Entry *entry;
  };
  // commit where values were read.
  bool commitReads(std::string &out, size_t start, size_t checkpoint, bool guarded);
  Entry *entryOf(std::string_view text, size_t markerStart, size_t &markerEnd);
  // Appends the value of marker [at, end) of `text`, parenthesized where its place there
  // needs it.
  void appendValue(std::string &out, std::string_view text, size_t at, size_t end, Entry *e);
  // Appends `text` from its first marker on, with the values of its `markers` (in order) in
  // their places.
  void appendSubstituted(std::string &out, std::string_view text, std::span<const Marker> markers);
  // `text` with its markers replaced.
  std::string substitute(std::string_view text);
  // The same into `out` (which must not hold `text`).
  void substituteInto(std::string &out, std::string_view text);
  // Whether `e` is a value captured before `checkpoint` (one a reader may name).
  bool isEarlier(const Entry *e, size_t checkpoint) const;

  std::vector<ir::Forwarding> forwarding_;
  std::vector<Entry> entries_;     // the block's captured values, in order: the first count_
  size_t count_ = 0;
  std::vector<int32_t> live_;      // per register: its pending entry, or -1
  std::vector<uint32_t> readNow_;  // entries read since the last commit
  std::vector<uint8_t> everCaptured_;
  std::vector<Marker> markers_; // commit's, reused
  std::string scratch_; // substituteInto's output and commit's copy of the reader, reused
  // The values captured since the last commit hold their read values already (substituted as
  // they were captured): the latest entry one named, and whether one named no pending value.
  // Commit checks them, as it checks the reader's own markers.
  int64_t lastCapturedRead_ = -1;
  bool capturedReadUnknown_ = false;
};

} // namespace p2m::msl
