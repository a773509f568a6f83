// Numbers for people and messages, in one place: the same text natively and in WebAssembly.
#include "tplayer/format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace tplayer {

namespace {

// A non-negative integer in base 1e9, least significant limb first.
class BigDecimal {
 public:
  explicit BigDecimal(std::uint64_t value) {
    do {
      limbs_.push_back(static_cast<std::uint32_t>(value % kBase));
      value /= kBase;
    } while (value != 0);
  }

  void multiply(std::uint32_t factor) {  // factor < 2^31 keeps every step within 64 bits
    std::uint64_t carry = 0;
    for (std::uint32_t& limb : limbs_) {
      const std::uint64_t product = std::uint64_t{limb} * factor + carry;
      limb = static_cast<std::uint32_t>(product % kBase);
      carry = product / kBase;
    }
    while (carry != 0) {
      limbs_.push_back(static_cast<std::uint32_t>(carry % kBase));
      carry /= kBase;
    }
  }

  // multiplier^count, applied in chunks of multiplier^chunk (which must stay below 2^31).
  void multiply_power(std::uint32_t multiplier, int count, int chunk) {
    std::uint32_t step = 1;
    for (int i = 0; i < chunk; ++i) step *= multiplier;
    for (; count >= chunk; count -= chunk) multiply(step);
    for (; count > 0; --count) multiply(multiplier);
  }

  std::string digits() const {
    std::string out = whole_number(limbs_.back());
    for (auto limb = limbs_.rbegin() + 1; limb != limbs_.rend(); ++limb) {
      const std::string part = whole_number(*limb);
      out.append(9 - part.size(), '0').append(part);
    }
    return out;
  }

 private:
  static constexpr std::uint64_t kBase = 1'000'000'000;
  std::vector<std::uint32_t> limbs_;
};

}  // namespace

std::string format_significant(double value, int digits) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  const std::string sign = std::signbit(value) ? "-" : "";
  if (value == 0) return sign + "0";
  const int precision = std::max(digits, 1);

  // |value| = mantissa * 2^exponent exactly; its decimal digits D give |value| = D * 10^scale.
  int binary_exponent = 0;
  const double fraction = std::frexp(std::fabs(value), &binary_exponent);
  const auto mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
  const int exponent = binary_exponent - 53;
  BigDecimal exact(mantissa);
  if (exponent >= 0) {
    exact.multiply_power(2, exponent, 30);
  } else {
    exact.multiply_power(5, -exponent, 13);  // m / 2^e = m * 5^e / 10^e
  }
  std::string d = exact.digits();
  const int scale = exponent >= 0 ? 0 : exponent;
  int decimal_exponent = static_cast<int>(d.size()) - 1 + scale;  // of the first digit

  if (static_cast<int>(d.size()) > precision) {
    const char next = d[precision];
    const bool rest_nonzero = d.find_first_not_of('0', precision + 1) != std::string::npos;
    const bool odd = (d[precision - 1] - '0') % 2 == 1;
    d.resize(precision);
    if (next > '5' || (next == '5' && (rest_nonzero || odd))) {
      int i = precision - 1;
      while (i >= 0 && d[i] == '9') d[i--] = '0';
      if (i >= 0) {
        ++d[i];
      } else {
        d.insert(d.begin(), '1');
        d.pop_back();
        ++decimal_exponent;
      }
    }
  }
  while (d.size() > 1 && d.back() == '0') d.pop_back();

  std::string out = sign;
  if (decimal_exponent < -4 || decimal_exponent >= precision) {
    out += d[0];
    if (d.size() > 1) out.append(".").append(d, 1);
    const int magnitude = std::abs(decimal_exponent);
    out += decimal_exponent < 0 ? "e-" : "e+";
    if (magnitude < 10) out += '0';
    out += whole_number(magnitude);
  } else if (decimal_exponent < 0) {
    out += "0." + std::string(-decimal_exponent - 1, '0') + d;
  } else {
    const auto whole = static_cast<std::size_t>(decimal_exponent) + 1;
    if (d.size() <= whole) {
      out += d + std::string(whole - d.size(), '0');
    } else {
      out += d.substr(0, whole) + "." + d.substr(whole);
    }
  }
  return out;
}

std::string format_rate(double value) {
  if (!(value >= 100 && value < 1e15)) return format_significant(value, 3);
  std::string digits = whole_number(std::llround(value));
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

std::string whole_number(std::int64_t value) {
  // Digits from the unsigned magnitude, so the most negative value needs no special case.
  std::uint64_t magnitude =
      value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  char digits[20];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude != 0);
  std::string out = value < 0 ? "-" : "";
  while (n > 0) out += digits[--n];
  return out;
}

std::string counted(std::int64_t count, const std::string& noun) {
  return whole_number(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return format_significant(value, 15);
}

namespace {

std::string with_prefix(double value, const char* const* symbols, const double* factors,
                        int count) {
  if (value == 0 || !std::isfinite(value)) {
    return (std::isfinite(value) ? "0" : (std::isnan(value) ? "NaN" : "Infinity")) +
           std::string(" ") + symbols[0];
  }
  int pick = 0;
  for (int i = 0; i < count; ++i)
    if (std::fabs(value) >= factors[i] * 0.99995) pick = i;
  return format_significant(value / factors[pick], 4) + " " + symbols[pick];
}

}  // namespace

std::string format_quantity(double value, Dimension dimension) {
  switch (dimension) {
    case Dimension::Bytes: {
      static const char* const s[] = {"B", "KB", "MB", "GB", "TB"};
      static const double f[] = {1, 1e3, 1e6, 1e9, 1e12};
      return with_prefix(value, s, f, 5);
    }
    case Dimension::Bandwidth: {
      static const char* const s[] = {"B/s", "KB/s", "MB/s", "GB/s", "TB/s"};
      static const double f[] = {1, 1e3, 1e6, 1e9, 1e12};
      return with_prefix(value, s, f, 5);
    }
    case Dimension::Time: {
      if (value != 0 && std::fabs(value) < 1e-9) {
        return format_significant(value * 1e9, 4) + " ns";
      }
      static const char* const s[] = {"ns", "\xC2\xB5s", "ms", "s"};  // µs, MICRO SIGN
      static const double f[] = {1e-9, 1e-6, 1e-3, 1};
      return with_prefix(value, s, f, 4);
    }
    case Dimension::Compute: {
      static const char* const s[] = {"FLOP/s", "GFLOP/s", "TFLOP/s", "PFLOP/s"};
      static const double f[] = {1, 1e9, 1e12, 1e15};
      return with_prefix(value, s, f, 4);
    }
  }
  return format_number(value);
}

std::string format_binary_bytes(double bytes) {
  static const char* const s[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  static const double f[] = {1, 1024.0, 1048576.0, 1073741824.0, 1099511627776.0};
  return with_prefix(bytes, s, f, 5);
}

}  // namespace tplayer
