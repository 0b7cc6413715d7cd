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
    /// began at 16:00 the day before.) Nil for anything else.
    public init?(localDate text: String) {
        guard text.utf8.count == 10, let utc = Timestamp(iso8601: text) else { return nil }
        // The offset at local midnight: guessed from UTC midnight's, then
        // read again at the guess, which settles it unless a clock change
        // falls between them.
        var offset = Self.localOffset(at: utc.seconds)
        offset = Self.localOffset(at: utc.seconds - Double(offset))
        self.init(seconds: utc.seconds - Double(offset), offset: offset)
    }
}
