#include "emitters/msl/ForwardedValues.h"

#include <algorithm>
#include <charconv>
#include <string>

namespace p2m::msl {

namespace {

// A marker is its entry's index (in the block's entries) between two control characters no
// printed MSL contains. An entry keeps its marker from block to block.
constexpr char kMarkerOpen = '\x01', kMarkerClose = '\x02';

bool isStatementLine(std::string_view line) {
  size_t first = line.find_first_not_of(' ');
  if (first == std::string_view::npos)
    return false;
  line.remove_prefix(first);
  return line != "{" && line != "}" && !line.starts_with("//");
}

} // namespace

void ForwardedValues::start(std::vector<ir::Forwarding> forwarding) {
  forwarding_ = std::move(forwarding);
  count_ = 0;
  readNow_.clear();
  // A function whose printing failed may have left a captured value uncommitted.
  lastCapturedRead_ = -1;
  capturedReadUnknown_ = false;
  live_.assign(forwarding_.size(), -1);
  everCaptured_.assign(forwarding_.size(), 0);
}

void ForwardedValues::clearBlock() {
  for (size_t i = 0; i < count_; ++i)
    live_[entries_[i].reg.index()] = -1;
  count_ = 0;
  readNow_.clear();
}

bool ForwardedValues::capture(ir::RegId r, std::string_view expression, std::optional<Precedence> precedence) {
  if (live_[r.index()] >= 0)
    return false;
  // Entries past count_ are kept from earlier blocks: their strings' buffers are reused. A new
  // one moves the entries, whose markers `expression` may view (a read register): kept first.
  if (count_ == entries_.size()) {
    const std::string kept(expression);
    Entry &added = entries_.emplace_back();
    added.marker[0] = kMarkerOpen;
    char *end = std::to_chars(added.marker + 1, added.marker + sizeof added.marker - 1, count_).ptr;
    *end++ = kMarkerClose;
    added.markerLength = static_cast<uint8_t>(end - added.marker);
    return capture(r, kept, precedence);
  }
  live_[r.index()] = static_cast<int32_t>(count_);
  everCaptured_[r.index()] = 1;
  Entry &e = entries_[count_++];
  e.reg = r;
  e.precedence = precedence.value_or(Precedence::Primary);
  e.precedenceKnown = precedence.has_value();
  e.occurrences = 0;
  e.capturedReads = 0;
  e.expression.clear(); // then appended: assign() from a view takes the slower general path
  // A marker in `expression` is of a value read since the last commit: with none read, there
  // is nothing to look for.
  if (readNow_.empty()) {
    e.expression.append(expression);
    return true;
  }
  // The values it reads in their places now (their expressions are final: values of earlier
  // instructions). Where commit finds a read wrong, rollback drops this value anyway.
  size_t done = 0;
  for (size_t at = expression.find(kMarkerOpen); at != std::string_view::npos;
       at = expression.find(kMarkerOpen, done)) {
    size_t end = 0;
    Entry *read = entryOf(expression, at, end);
    e.expression.append(expression, done, at - done);
    if (read) {
      lastCapturedRead_ = std::max<int64_t>(lastCapturedRead_, read - entries_.data());
      ++read->capturedReads;
      appendValue(e.expression, expression, at, end, read);
    } else {
      capturedReadUnknown_ = true;
    }
    done = end;
  }
  e.expression.append(expression, done);
  return true;
}

ForwardedValues::Entry *ForwardedValues::entryOf(std::string_view text, size_t markerStart, size_t &markerEnd) {
  size_t k = 0;
  size_t i = markerStart + 1;
  for (; i < text.size() && text[i] != kMarkerClose; ++i)
    k = k * 10 + static_cast<size_t>(text[i] - '0');
  markerEnd = i + 1;
  // A marker in a text being committed is of a pending value: its entry is among the block's.
  return k < count_ ? &entries_[k] : nullptr;
}

std::string ForwardedValues::substitute(std::string_view text) {
  std::string out;
  substituteInto(out, text);
  return out;
}

void ForwardedValues::appendValue(std::string &out, std::string_view text, size_t at, size_t end, Entry *e) {
  // Its precedence only where the place needs it (most values are whole arguments, where
  // any expression goes bare).
  bool parenthesize = false;
  const std::string_view before = text.substr(0, at), after = text.substr(end);
  if (!isOpenPlace(before, after)) {
    if (!e->precedenceKnown) {
      e->precedence = precedenceOf(e->expression);
      e->precedenceKnown = true;
    }
    parenthesize = needsParentheses(e->precedence, before, after);
  }
  if (parenthesize) {
    out += '(';
    out += e->expression;
    out += ')';
  } else {
    out += e->expression;
  }
}

void ForwardedValues::appendSubstituted(std::string &out, std::string_view text, std::span<const Marker> markers) {
  size_t done = markers.front().at;
  for (const Marker &marker : markers) {
    out.append(text, done, marker.at - done);
    appendValue(out, text, marker.at, marker.end, marker.entry);
    done = marker.end;
  }
  out.append(text, done);
}

void ForwardedValues::substituteInto(std::string &out, std::string_view text) {
  out.clear();
  out.reserve(text.size() + 64);
  size_t done = 0;
  for (size_t at = text.find(kMarkerOpen); at != std::string_view::npos; at = text.find(kMarkerOpen, done)) {
    size_t end = 0;
    Entry *e = entryOf(text, at, end);
    out.append(text, done, at - done);
    appendValue(out, text, at, end, e);
    done = end;
  }
  out.append(text, done);
}

bool ForwardedValues::isEarlier(const Entry *e, size_t checkpoint) const {
  return e && static_cast<size_t>(e - entries_.data()) < checkpoint;
}

bool ForwardedValues::commitReads(std::string &out, size_t start, size_t checkpoint, bool guarded) {
  // The values captured since `checkpoint` may read only values captured before it.
  const bool capturedReadsEarlier = !capturedReadUnknown_ && lastCapturedRead_ < static_cast<int64_t>(checkpoint);
  lastCapturedRead_ = -1;
  capturedReadUnknown_ = false;
  if (!capturedReadsEarlier)
    return false;
  for (uint32_t i : readNow_)
    entries_[i].occurrences = 0;
  // The reader's own text: markers only in its first statement (after the guard's `if`). Each
  // marker's place is kept for the substitution below (found once, parsed once).
  const size_t allowedStatement = guarded ? 1 : 0;
  size_t statement = 0;
  const std::string_view text = std::string_view(out).substr(start);
  markers_.clear();
  // Marker by marker; the statement lines before each are counted as it is reached (lines
  // after the last marker are never looked at).
  size_t lineStart = 0, lineEnd = std::string_view::npos;
  bool lineEndFound = false;
  for (size_t at = text.find(kMarkerOpen); at != std::string_view::npos; at = text.find(kMarkerOpen, at + 1)) {
    if (!lineEndFound) {
      lineEnd = text.find('\n');
      lineEndFound = true;
    }
    // The lines that end before the marker (npos, no further line end, is never before it).
    for (; lineEnd < at; lineEnd = text.find('\n', lineStart)) {
      if (isStatementLine(text.substr(lineStart, lineEnd - lineStart)))
        ++statement;
      lineStart = lineEnd + 1;
    }
    size_t end = 0;
    Entry *e = entryOf(text, at, end);
    if (!isEarlier(e, checkpoint) || statement > allowedStatement)
      return false;
    ++e->occurrences;
    markers_.push_back({at, end, e});
  }
  // Each value read once: in the reader's text or in a value it captured (evaluated where that
  // is read in turn).
  for (uint32_t i : readNow_)
    if (entries_[i].occurrences + entries_[i].capturedReads != 1)
      return false;

  // The text is copied aside and written back with the values in place of the markers (the
  // parentheses each needs are decided on the text as printed, markers and all).
  if (!markers_.empty()) {
    scratch_.clear(); // then appended: assign() from a view takes the slower general path
    scratch_.append(text);
    out.resize(start + markers_.front().at); // the text before the first marker stays in place
    appendSubstituted(out, scratch_, markers_);
  }
  for (uint32_t i : readNow_) {
    live_[entries_[i].reg.index()] = -1;
    entries_[i].expression.clear();
  }
  readNow_.clear();
  return true;
}

std::vector<std::pair<ir::RegId, std::string>> ForwardedValues::rollback(size_t checkpoint) {
  for (size_t i = checkpoint; i < count_; ++i)
    live_[entries_[i].reg.index()] = -1;
  count_ = checkpoint;
  std::vector<std::pair<ir::RegId, std::string>> values;
  for (uint32_t i : readNow_) {
    if (i >= checkpoint || live_[entries_[i].reg.index()] < 0)
      continue;
    live_[entries_[i].reg.index()] = -1;
    values.emplace_back(entries_[i].reg, std::move(entries_[i].expression));
  }
  readNow_.clear();
  return values;
}

std::string ForwardedValues::resolve(std::string_view text) {
  if (readNow_.empty())
    return std::string(text);
  std::string resolved = substitute(text);
  for (uint32_t i : readNow_) {
    live_[entries_[i].reg.index()] = -1;
    entries_[i].expression.clear();
  }
  readNow_.clear();
  return resolved;
}

} // namespace p2m::msl
