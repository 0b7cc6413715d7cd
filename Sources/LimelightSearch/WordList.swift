#if canImport(Glibc)
import Glibc
#endif

/// The words of the person's language, lowercased: a typed word found here
/// is a word, not a typo, where the index does not have it. The system's
/// list (`/usr/share/dict/words`: Debian's `wamerican`, `wngerman` …, as
/// `select-default-wordlist` chose), or the file `$LIMELIGHT_WORDS` names;
/// none where there is neither.
package enum WordList {
    package static let defaultPath = "/usr/share/dict/words"

    /// Read once per process, at the first correction that asks.
    package static let words: Set<String> = {
        let named = getenv("LIMELIGHT_WORDS").map { String(cString: $0) }
        return read(named.flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath)
    }()

    package static func contains(_ word: String) -> Bool { words.contains(word.lowercased()) }

    /// The largest list read: Debian's largest (`wbritish-insane`) is under 7 MB.
    static let maxBytes = 64 << 20

    /// One word a line (as the lists are written); a list that cannot be
    /// read, or is no regular file of at most `maxBytes`, is none
    /// (`LIMELIGHT_WORDS=/dev/zero` read without end).
    static func read(_ path: String) -> Set<String> {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= maxBytes, let f = fopen(path, "r") else { return [] }
        defer { fclose(f) }
        var out = Set<String>()
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, f) > 0, let line {
            var w = String(cString: line)
            while w.last == "\n" || w.last == "\r" { w.removeLast() }
            if !w.isEmpty { out.insert(w.lowercased()) }
        }
        return out
    }
}
