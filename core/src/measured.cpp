// Measured links (docs/model.md#measured-links): nccl-tests text -> rows, and the price of an
// all-reduce on them.
#include "tplayer/measured.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include "tplayer/format.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/value.hpp"

namespace tplayer {
namespace {

constexpr std::size_t kShownSkipped = 5;
constexpr std::size_t kShownBytes = 80;
constexpr double kMaxExactInteger = 9007199254740992.0;  // 2^53

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A decimal number as nccl-tests prints one: [sign] digits [. digits] [e [sign] digits].
// A paste has hundreds of them: the common case (at most 15 significant digits, a power of ten
// within 1e22) is one correctly rounded operation (Clinger's fast path), the rest strtod's.
bool decimal(std::string_view text, double& out) {
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  std::size_t i = 0;
  const bool negative = i < text.size() && text[i] == '-';
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::uint64_t mantissa = 0;
  int digits = 0, significant = 0, scale = 0;
  for (; i < text.size() && is_digit(text[i]); ++i, ++digits) {
    if (significant < 19) {
      mantissa = mantissa * 10 + static_cast<unsigned>(text[i] - '0');
      significant += mantissa != 0;
    } else {
      ++scale;
    }
  }
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && is_digit(text[i]); ++i, ++digits) {
      if (significant < 19) {
        mantissa = mantissa * 10 + static_cast<unsigned>(text[i] - '0');
        significant += mantissa != 0;
        --scale;
      }
    }
  }
  if (digits == 0) return false;
  int exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool minus = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t start = i;
    for (; i < text.size() && is_digit(text[i]); ++i)
      exponent = exponent < 100000 ? exponent * 10 + (text[i] - '0') : exponent;
    if (i == start) return false;
    if (minus) exponent = -exponent;
  }
  if (i != text.size()) return false;
  const int e = exponent + scale;
  if (significant <= 15 && e >= -22 && e <= 22) {
    const double m = static_cast<double>(mantissa);
    const double v = e < 0 ? m / kPowers[-e] : m * kPowers[e];
    out = negative ? -v : v;
    return true;
  }
  char buffer[64];  // strtod needs a terminated string; numbers that nccl-tests prints are short
  if (text.size() >= sizeof buffer) return false;
  std::copy(text.begin(), text.end(), buffer);
  buffer[text.size()] = '\0';
  out = std::strtod(buffer, nullptr);
  return true;
}

// A whole number of bytes > 0, written with digits only.
bool whole_bytes(std::string_view text, double& out) {
  if (text.empty() || !std::all_of(text.begin(), text.end(), is_digit)) return false;
  double value = 0;
  if (!decimal(text, value) || value <= 0 || value > kMaxExactInteger) return false;
  out = value;
  return true;
}

// The first fields of a line (split at spaces and tabs), without allocating: a data row needs
// eight; `count` says how many there were, up to kFields.
constexpr std::size_t kFields = 8;
struct Fields {
  std::array<std::string_view, kFields> field;
  std::size_t count = 0;
};

Fields fields_of(std::string_view line) {
  Fields out;
  std::size_t i = 0;
  while (i < line.size() && out.count < kFields) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.field[out.count++] = line.substr(start, i - start);
  }
  return out;
}

// Where the out-of-place time sits: field 5 (0-based) in nccl-tests since 2019 (size, count,
// type, redop, root, time, ...), field 4 in the older output without a root column.
constexpr std::size_t kTimeWithRoot = 5;
constexpr std::size_t kTimeWithoutRoot = 4;

// "#  size  count  type  redop  [root]  time  algbw  busbw ...": the column header names the
// layout; 0 for any other line.
std::size_t layout_of_header(std::string_view line) {
  const Fields f = fields_of(line.substr(1));
  bool redop = false, time = false, root = false;
  for (std::size_t i = 0; i < f.count; ++i) {
    redop = redop || f.field[i] == "redop";
    time = time || f.field[i].starts_with("time");
    root = root || f.field[i] == "root";
  }
  if (!redop || !time) return 0;
  return root ? kTimeWithRoot : kTimeWithoutRoot;
}

// Without a column header: a fifth field that is a number but not a whole one is a time (the
// old layout); a root is a whole number (-1 for an all-reduce) or "-" (rows rebuilt without it).
std::size_t layout_of_row(const Fields& f) {
  if (f.count <= kTimeWithoutRoot) return kTimeWithRoot;
  const std::string_view fifth = f.field[kTimeWithoutRoot];
  std::string_view digits = fifth;
  if (!digits.empty() && digits.front() == '-') digits.remove_prefix(1);
  const bool whole = !digits.empty() && std::all_of(digits.begin(), digits.end(), is_digit);
  double value = 0;
  return !whole && decimal(fifth, value) ? kTimeWithoutRoot : kTimeWithRoot;
}

// "#  Rank  0 Group  0 Pid ... device  0 [0x..] NVIDIA H100": one line per rank in the header.
bool rank_line(std::string_view line) {
  const Fields f = fields_of(line.substr(1));
  return f.count >= 2 && f.field[0] == "Rank" &&
         std::all_of(f.field[1].begin(), f.field[1].end(), is_digit);
}

// "nan", "-nan", "inf", "+Infinity", ...: how printf spells a time that is not a number.
bool non_finite(std::string_view word) {
  if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.remove_prefix(1);
  std::string lower(word);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return lower == "nan" || lower == "inf" || lower == "infinity";
}

std::string shown(std::string_view line) {
  std::string out(line.substr(0, kShownBytes));
  // Cut on a character boundary and keep control characters out of what a UI shows.
  while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
  if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

// The natural logarithm and exponential that the interpolation needs, in +, -, *, / only: the
// same doubles natively and in WebAssembly (libm's differ in the last bit from one C library to
// the other), and far smaller than musl's table-driven ones. Accurate to a few ulp, which is
// all that log-log interpolation between measured rows asks.
constexpr double kLn2 = 0.6931471805599453094;

double natural_log(double x) {  // x > 0, finite
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [0.5, 1)
  if (m < 0.7071067811865476) {
    m *= 2;
    --e;
  }
  const double s = (m - 1) / (m + 1);  // log m = 2 atanh s, |s| <= 0.1716
  const double s2 = s * s;
  double sum = 0;
  for (int k = 19; k >= 1; k -= 2) sum = sum * s2 + 1.0 / k;
  return 2 * s * sum + e * kLn2;
}

double natural_exp(double y) {  // |y| well within the range of a double
  const double k = std::round(y / kLn2);
  const double r = y - k * kLn2;  // |r| <= ln2 / 2
  double term = 1, sum = 1;
  for (int i = 1; i <= 17; ++i) {
    term *= r / i;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

}  // namespace

MeasuredParse parse_measured(std::string_view text) {
  MeasuredParse out;
  if (text.size() > kMaxJsonBytes) {  // the same bound as a scenario's: it bounds the work
    out.error = "the text is " + whole_number(text.size()) + " bytes; at most " +
                whole_number(kMaxJsonBytes) + " are read";
    return out;
  }
  std::int64_t number = 0;
  std::size_t layout = 0;  // where the time sits, once a column header has said so
  const auto skip = [&](std::string_view line, std::string reason) {
    ++out.skipped;
    if (out.first_skipped.size() < kShownSkipped)
      out.first_skipped.push_back({number, shown(line), std::move(reason)});
  };
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
      if (end < text.size()) ++out.skipped;  // a blank line (not the end of the text)
      continue;
    }
    if (line[first] == '#') {
      if (rank_line(line.substr(first))) ++out.ranks_from_header;
      if (!layout) layout = layout_of_header(line.substr(first));
      ++out.skipped;  // comments and headers: counted, not shown
      continue;
    }
    const Fields fields = fields_of(line);
    const auto& f = fields.field;
    MeasuredRow row;
    row.line = number;
    double time_us = 0;
    const std::size_t at = layout ? layout : layout_of_row(fields);
    // A data row whose time is nan or inf (a failed run) is an error, not a line passed over:
    // skipped, it left a hole in the curve that nothing but readMeasured() told of.
    if (fields.count >= at + 3 && whole_bytes(f[0], row.bytes) && non_finite(f[at])) {
      out.error = "line " + whole_number(number) + ": the time " + excerpt(f[at]) +
                  " is not a finite number of microseconds > 0";
      return out;
    }
    if (fields.count < at + 3 || !whole_bytes(f[0], row.bytes) || !decimal(f[at], time_us) ||
        !decimal(f[at + 1], row.algbw) || !decimal(f[at + 2], row.busbw)) {
      skip(line, "not a data row (size, count, type, redop, [root,] time, algbw, busbw, ...)");
      continue;
    }
    if (!out.rows.empty() && row.bytes <= out.rows.back().bytes) {
      skip(line, "size not above the last kept row's (a repeated run or another data type)");
      continue;
    }
    row.time_s = time_us / 1e6;
    // Within the reals every field takes (limits.hpp), so that no price leaves a double's range.
    static_assert(kMinPositive == 1e-30 && kMaxReal == 1e30, "the message says so");
    if (!(row.time_s >= kMinPositive && row.time_s <= kMaxReal)) {
      out.error = "line " + whole_number(number) + ": the time " + excerpt(f[at]) +
                  (row.time_s > 0 && std::isfinite(row.time_s)
                       ? " is beyond the times the model takes (1e-30 to 1e+30 s)"
                       : " is not a finite number of microseconds > 0");
      return out;
    }
    out.rows.push_back(row);
  }
  if (out.rows.size() < 2) {
    out.error = counted(static_cast<std::int64_t>(out.rows.size()), "usable row") +
                "; at least two are needed (a data row: size, count, type, redop, root, time, "
                "algbw, busbw, ...; " +
                counted(out.skipped, "line") + " passed over)";
    return out;
  }
  const MeasuredRow& last = out.rows.back();
  if (last.algbw > 0 && last.busbw > 0) {
    const double ratio = last.busbw / last.algbw;  // = 2(r-1)/r
    if (ratio < 2) {
      const double r = std::round(2 / (2 - ratio));
      if (r >= 2 && r <= 1e6) out.ranks_from_ratio = static_cast<std::int64_t>(r);
    }
  }
  return out;
}

double bus_bandwidth(const MeasuredRow& row, std::int64_t ranks) {
  const double r = static_cast<double>(ranks);
  return row.bytes / row.time_s * 2 * (r - 1) / r;
}

MeasuredTime measured_allreduce(const std::vector<MeasuredRow>& rows, std::int64_t measured_ranks,
                                std::int64_t ranks, double message_bytes) {
  MeasuredTime out;
  if (ranks <= 1 || rows.size() < 2) return out;
  const double m = message_bytes;
  const MeasuredRow& first = rows.front();
  const MeasuredRow& last = rows.back();
  if (m <= first.bytes) {
    out.time_s = first.time_s;  // a latency floor
    out.below_smallest = m < first.bytes;
  } else if (m >= last.bytes) {
    out.time_s = m == last.bytes ? last.time_s : last.time_s * (m / last.bytes);
    out.above_largest = m > last.bytes;
  } else {
    const auto upper = std::upper_bound(rows.begin(), rows.end(), m,
                                        [](double x, const MeasuredRow& r) { return x < r.bytes; });
    const MeasuredRow& hi = *upper;
    const MeasuredRow& lo = *(upper - 1);
    if (m == lo.bytes) {
      out.time_s = lo.time_s;
    } else {
      const double f = natural_log(m / lo.bytes) / natural_log(hi.bytes / lo.bytes);
      const double t = lo.time_s * natural_exp(f * natural_log(hi.time_s / lo.time_s));
      // Rounding must not carry the time past its neighbours.
      out.time_s = std::clamp(t, std::min(lo.time_s, hi.time_s), std::max(lo.time_s, hi.time_s));
    }
  }
  if (ranks != measured_ranks) {
    const double n = static_cast<double>(ranks);
    const double r = static_cast<double>(measured_ranks);
    out.time_s *= (2 * (n - 1) / n) / (2 * (r - 1) / r);
    out.rescaled = true;
  }
  return out;
}

}  // namespace tplayer
