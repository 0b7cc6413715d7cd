#if canImport(Glibc)
import Glibc
#endif

/// Time that never goes back (CLOCK_MONOTONIC), for waits and intervals:
/// the wall clock can jump (NTP, a suspend) under a watch's schedule or a
/// progress bar's redraw limit.
package enum MonotonicClock {
    package static func milliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000 + Int64(ts.tv_nsec) / 1_000_000
    }

    package static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
