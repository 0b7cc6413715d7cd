#if canImport(Glibc)
import Glibc
#endif

/// A moment with the UTC offset it was recorded in. Time-of-day and weekday are
/// read in that offset, so "07:30 at home" means the person's own morning.
public struct Timestamp: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Double
    /// The UTC offset the moment was written in, in seconds.
    public var offset: Int

    public init(seconds: Double, offset: Int = 0) {
        self.seconds = seconds
        self.offset = offset
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.seconds < b.seconds }
    public static func == (a: Timestamp, b: Timestamp) -> Bool { a.seconds == b.seconds }

    /// The current time, in the local zone's offset (see `localOffset`).
    public static func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let seconds = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return Timestamp(seconds: seconds, offset: localOffset(at: seconds))
    }

    /// Days since the epoch (fractional).
    public var days: Double { seconds / 86_400 }

    /// Local hour of day, fractional (07:30 → 7.5).
    public var hourOfDay: Double {
        let local = seconds + Double(offset)
        let s = local - (local / 86_400).rounded(.down) * 86_400
        return s / 3600
    }

    /// Local day number: days since 1970-01-01 in the stored offset.
    public var localDay: Int { Int(((seconds + Double(offset)) / 86_400).rounded(.down)) }

    /// Local weekday, 0 = Monday … 6 = Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (3).
        ((localDay % 7) + 7 + 3) % 7
    }

    public var isWeekend: Bool { weekday >= 5 }

    /// ISO 8601 with the stored offset, e.g. 2026-11-29T07:30:00-08:00.
    public var description: String {
        let local = Int((seconds + Double(offset)).rounded(.down))
        let dayNumber = Int((Double(local) / 86_400).rounded(.down))
        let secOfDay = local - dayNumber * 86_400
        let (y, m, d) = Timestamp.civil(fromDays: dayNumber)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        // Four digits, as ISO 8601 and the parser want: year 999 was written
        // "999-06-01…", which `donate --at 0999-06-01T00:00:00Z` then refused.
        let year = y >= 0 && y < 1000 ? String(repeating: "0", count: 4 - String(y).count) + String(y) : String(y)
        var s = "\(year)-\(two(m))-\(two(d))T\(two(secOfDay / 3600)):\(two(secOfDay / 60 % 60)):\(two(secOfDay % 60))"
        if offset == 0 {
            s += "Z"
        } else {
            let a = abs(offset)
            s += (offset < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60)
        }
        return s
    }

    /// `description` with the fraction of a second, to the microsecond, when
    /// there is one (2026-12-01T09:00:00.250000Z): for times a whole second
    /// would misplace, such as the ends of a history pause.
    public var preciseDescription: String {
        // To the nearest microsecond, so that what is read back writes the same.
        let total = Int((seconds * 1_000_000).rounded())
        let whole = total >= 0 ? total / 1_000_000 : -((-total + 999_999) / 1_000_000)
        let micros = total - whole * 1_000_000
        var s = Timestamp(seconds: Double(whole), offset: offset).description
        guard micros > 0 else { return s }
        let digits = String(micros)
        let fraction = "." + String(repeating: "0", count: 6 - digits.count) + digits
        s.insert(contentsOf: fraction, at: s.index(s.endIndex, offsetBy: offset == 0 ? -1 : -6))
        return s
    }

    /// Parses ISO 8601: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by
    /// `Z` or `±HH:MM` / `±HHMM`. A date alone means midnight UTC.
    public init?(iso8601 text: String) {
        let c = Array(text.utf8)
        var i = 0
        func num(_ n: Int) -> Int? {
            guard i + n <= c.count else { return nil }
            var v = 0
            for k in 0..<n {
                let ch = c[i + k]
                guard ch >= 0x30, ch <= 0x39 else { return nil }
                v = v * 10 + Int(ch - 0x30)
            }
            i += n
            return v
        }
        func expect(_ ch: Character) -> Bool {
            guard i < c.count, c[i] == ch.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let y = num(4), expect("-"), let mo = num(2), expect("-"), let d = num(2),
              (1...12).contains(mo), (1...Timestamp.daysIn(month: mo, year: y)).contains(d) else { return nil }
        var secs = 0.0
        var off = 0
        if i < c.count {
            guard expect("T") || expect("t") || expect(" "), let h = num(2), expect(":"), let mi = num(2),
                  h < 24, mi < 60 else { return nil }
            secs = Double(h * 3600 + mi * 60)
            if expect(":") {
                guard let s = num(2), s < 61 else { return nil }
                secs += Double(s)
                if expect(".") || expect(",") {
                    var scale = 0.1
                    var any = false
                    while i < c.count, c[i] >= 0x30, c[i] <= 0x39 {
                        secs += Double(c[i] - 0x30) * scale
                        scale /= 10
                        i += 1
                        any = true
                    }
                    guard any else { return nil }
                }
            }
            if expect("Z") || expect("z") {
                off = 0
            } else if i < c.count, c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") {
                let sign = c[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = num(2), oh <= 18 else { return nil }
                _ = expect(":")
                guard let om = num(2), om < 60 else { return nil }
                off = sign * (oh * 3600 + om * 60)
            } else {
                return nil  // a time needs an explicit offset: local time is ambiguous
            }
            guard i == c.count else { return nil }
        }
        let days = Timestamp.days(fromCivil: y, mo, d)
        self.init(seconds: Double(days) * 86_400 + secs - Double(off), offset: off)
    }

    static func daysIn(month m: Int, year y: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func days(fromCivil y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}
