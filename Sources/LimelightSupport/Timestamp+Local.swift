#if canImport(Glibc)
import Glibc
#endif

extension Timestamp {
    /// The local zone's UTC offset at `seconds` (TZ, else /etc/localtime), in
    /// whole minutes as ISO 8601 writes it. "Now" is a moment in the person's
    /// own day: the default `--at`, and donations without `--at`, carry it, so
    /// time-of-day and weekday are theirs rather than UTC's.
    static func localOffset(at seconds: Double) -> Int {
        tzset()
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        let offset = Int(parts.tm_gmtoff)
        return offset / 60 * 60
    }
}
