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

    /// `YYYY-MM-DD` typed where a moment is asked (`--at`, `forget --from`):
    /// the start of that day where the person is, as `date -d` reads it.
    /// (Read as midnight UTC, `forget --from 2026-11-16` in California
    /// began at 16:00 the day before.) Nil for anything else, and for a
    /// day the zone skipped (Samoa's 30 December 2011).
    public init?(localDate text: String) {
        guard text.utf8.count == 10, let utc = Timestamp(iso8601: text) else { return nil }
        // The first second whose local date is that day, found by halving:
        // local midnight is within 15 hours of UTC midnight (offsets run
        // from −12 to +14). Not midnight itself where the clock skips it
        // (Santiago on 6 September 2026 goes from 00:00 −04 to 01:00 −03):
        // 00:00 read at the new offset was an hour of the day before.
        let target = Self.localDay(utc.seconds, utc: true)
        var before = utc.seconds.rounded(.down) - 15 * 3600, from = utc.seconds.rounded(.down) + 15 * 3600
        while from - before > 1 {
            let mid = ((before + from) / 2).rounded(.down)
            if Self.localDay(mid) < target { before = mid } else { from = mid }
        }
        guard Self.localDay(from) == target else { return nil }
        self.init(seconds: from, offset: Self.localOffset(at: from))
    }

    /// The calendar day at `seconds`, local (or UTC), as a number that
    /// orders days: year, month and day.
    private static func localDay(_ seconds: Double, utc: Bool = false) -> Int {
        tzset()
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        guard (utc ? gmtime_r(&t, &parts) : localtime_r(&t, &parts)) != nil else { return 0 }
        return (Int(parts.tm_year) * 100 + Int(parts.tm_mon)) * 100 + Int(parts.tm_mday)
    }
}
