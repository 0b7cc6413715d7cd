extension Schema {
    /// The longest prefix of whole characters of `t` that fits in `maxBytes`
    /// of UTF-8 — what repeated `dropLast()` computed, in one pass over the
    /// prefix only (that loop recounted the UTF-8 of the rest each time: a
    /// 20,000-character word took seconds).
    static func termPrefix(_ t: String, maxBytes: Int) -> Substring {
        var end = t.startIndex
        var used = 0
        for ch in t {
            let n = ch.utf8.count
            if used + n > maxBytes { break }
            used += n
            end = t.index(after: end)
        }
        return t[..<end]
    }
}
