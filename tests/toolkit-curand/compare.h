// Compares scenario lines (ours) with the recording made on NVIDIA hardware.
//
// Tags 'u', 'f', 'd' (integers, uniform floats and doubles) must match bit for bit. Tags 'F'
// and 'D' depend on the math library on each side (NVIDIA: CUDA's logf, sqrtf, __sincosf,
// expf / log, sqrt, sincospi, exp; ours: the host's libm, or our device library), so they must
// agree within |ours - nvidia| <= bound * max(1, |nvidia|): 2^-17 for floats (dominated by
// __sincosf's absolute error, about 2^-21, times the Box-Muller radius up to 6.7, and by expf's
// amplification in the log-normal), 2^-46 for doubles. 'P' (Poisson counts) must match exactly.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

struct CompareStats {
  long exact = 0, bounded = 0, failed = 0;
  double worst_float = 0, worst_double = 0; // largest |diff| / max(1, |nvidia|)
};

inline bool compare_token(const std::string &ours, const std::string &nv, CompareStats &st) {
  if (ours.empty() || nv.empty() || ours[0] != nv[0])
    return false;
  if (ours == nv) {
    st.exact++;
    return true;
  }
  char tag = nv[0];
  if (tag == 'F') {
    unsigned a = (unsigned)std::stoul(ours.substr(1), nullptr, 16);
    unsigned b = (unsigned)std::stoul(nv.substr(1), nullptr, 16);
    float fa, fb;
    std::memcpy(&fa, &a, 4);
    std::memcpy(&fb, &b, 4);
    double rel = std::fabs((double)fa - fb) / std::fmax(1.0, std::fabs((double)fb));
    if (!(rel <= std::ldexp(1.0, -17)))
      return false;
    st.worst_float = std::fmax(st.worst_float, rel);
    st.bounded++;
    return true;
  }
  if (tag == 'D') {
    unsigned long long a = std::stoull(ours.substr(1), nullptr, 16);
    unsigned long long b = std::stoull(nv.substr(1), nullptr, 16);
    double da, db;
    std::memcpy(&da, &a, 8);
    std::memcpy(&db, &b, 8);
    double rel = std::fabs(da - db) / std::fmax(1.0, std::fabs(db));
    if (!(rel <= std::ldexp(1.0, -46)))
      return false;
    st.worst_double = std::fmax(st.worst_double, rel);
    st.bounded++;
    return true;
  }
  return false;
}

inline std::vector<std::string> split_tokens(const std::string &s) {
  std::vector<std::string> r;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ')
      i++;
    size_t j = i;
    while (j < s.size() && s[j] != ' ')
      j++;
    if (j > i)
      r.push_back(s.substr(i, j - i));
    i = j;
  }
  return r;
}

// Every line of `ours` must have a recorded line with the same key (the text before ':') and
// matching values. Prints a summary per key class ("<generator> <kind>") and the first
// mismatches; true when everything matched.
inline bool compare_with_recording(const char *path, const std::vector<std::string> &ours,
                                   const char *label) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    return false;
  }
  std::map<std::string, std::string> recorded;
  std::string line;
  while (std::getline(in, line)) {
    size_t colon = line.find(':');
    if (colon != std::string::npos)
      recorded[line.substr(0, colon)] = line.substr(colon + 1);
  }
  std::map<std::string, CompareStats> stats;
  int reported = 0;
  long failed_lines = 0;
  for (const std::string &l : ours) {
    size_t colon = l.find(':');
    std::string key = l.substr(0, colon);
    std::string cls = key.substr(0, key.find(' ', key.find(' ') + 1));
    CompareStats &st = stats[cls];
    auto it = recorded.find(key);
    bool ok = it != recorded.end();
    if (ok) {
      std::vector<std::string> a = split_tokens(l.substr(colon + 1)), b = split_tokens(it->second);
      ok = a.size() == b.size();
      for (size_t i = 0; ok && i < a.size(); i++)
        ok = compare_token(a[i], b[i], st);
    }
    if (!ok) {
      st.failed++;
      failed_lines++;
      if (reported++ < 10)
        std::printf("MISMATCH %s\n  ours:   %s\n  nvidia: %s\n", key.c_str(), l.c_str() + colon + 1,
                    it == recorded.end() ? "(not recorded)" : it->second.c_str());
    }
  }
  for (const auto &[cls, st] : stats)
    std::printf("%-8s %-32s exact %5ld  within-bound %5ld  failed-lines %3ld  worst-rel f %.3g d %.3g\n",
                label, cls.c_str(), st.exact, st.bounded, st.failed, st.worst_float,
                st.worst_double);
  std::printf("%s: %zu lines compared, %ld failed\n", label, ours.size(), failed_lines);
  return failed_lines == 0 && !ours.empty();
}
