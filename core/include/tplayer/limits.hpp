// The limits on what a scenario may hold, named once. Messages print these values, and the
// doors (the facade, the page) read them from catalog_value()'s "limits" instead of restating
// them. With counts up to kMaxCount and positive reals within [kMinPositive, kMaxReal], no
// product or quotient of the model leaves the range of a double.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tplayer {

inline constexpr std::int64_t kMaxCount = 1'000'000'000'000;  // 1e12
inline constexpr double kMinPositive = 1e-30;
inline constexpr double kMaxReal = 1e30;

// Most links one scenario may list (beyond any real comparison; it bounds the work per solve).
inline constexpr std::size_t kMaxLinks = 64;

// Most protocol branches one link may list (NCCL has 3 protocols x a few algorithms).
inline constexpr std::size_t kMaxProtocols = 8;

// Longest member or link name that a field path spells out; longer ones are named by position.
inline constexpr std::size_t kMaxNameBytes = 64;

// Most values one sweep takes, on every door (a sweep's results are held at once: 500k values
// exhausted Node's heap). Far beyond a chart's points (the page draws 64).
inline constexpr std::size_t kMaxSweepValues = 1024;

// Most errors one outcome lists; past it, one last entry on the scenario says how many more.
inline constexpr std::size_t kMaxErrors = 100;

// The JSON reader's limits (a scenario is a few hundred bytes; these bound hostile input).
inline constexpr std::size_t kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxJsonBytes = 1 << 20;

}  // namespace tplayer
