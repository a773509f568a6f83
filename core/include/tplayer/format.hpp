// Number formatting for people and messages, in one place: the same text natively and in
// WebAssembly (no printf, which would add 2.4 KB gzip to the module).
#pragma once

#include <cstdint>
#include <string>

namespace tplayer {

enum class Dimension { Bytes, Bandwidth, Time, Compute };

// Formats a double like printf's "%.<digits>g" (exact decimal expansion, ties to even), without
// printf: the same text natively and in WebAssembly, where printf would add 2.4 KB gzip.
std::string format_significant(double value, int digits);

// A whole number in decimal ("-12", "4096"), as std::to_string does it but without printf, which
// libc++'s std::to_string calls.
std::string whole_number(std::int64_t value);

// A count and its noun, the noun singular for one: "1 rank", "8 ranks", "0 rows".
std::string counted(std::int64_t count, const std::string& noun);

// Formats a double for messages: up to 15 significant digits, NaN and Infinity spelled out.
std::string format_number(double value);

// Formats for people with 4 significant digits and a unit picked by size:
// "1.887 ms", "450 GB/s", "50.33 MB", "989 TFLOP/s". Bytes use decimal prefixes.
std::string format_quantity(double value, Dimension dimension);

// A rate such as tokens per second for people: whole and grouped by thousands from 100 ("9,304"),
// 3 significant digits below ("42.5").
std::string format_rate(double value);

// Binary form of a byte count for people: "80 GiB", "48 MiB".
std::string format_binary_bytes(double bytes);

}  // namespace tplayer
