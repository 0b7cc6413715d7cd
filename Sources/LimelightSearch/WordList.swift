#if canImport(Glibc)
import Glibc
#endif
import LimelightSupport

/// The words of the person's language, lowercased: a typed word found here
/// is a word, not a typo, where the index does not have it. The system's
/// list (`/usr/share/dict/words`: Debian's `wamerican`, `wngerman` …, as
/// `select-default-wordlist` chose), or the file `$LIMELIGHT_WORDS` names;
/// none where there is neither.
package enum WordList {
    package static let defaultPath = "/usr/share/dict/words"

    /// Read once per process, at the first correction that asks.
    package static let words: Set<String> = read(Files.environment("LIMELIGHT_WORDS") ?? defaultPath)

    package static func contains(_ word: String) -> Bool { words.contains(word.lowercased()) }

    /// The largest list read: Debian's largest (`wbritish-insane`) is under 7 MB.
    static let maxBytes = 64 << 20

    /// One word a line (as the lists are written); a list that cannot be
    /// read, or is no regular file of at most `maxBytes`, is none
    /// (`LIMELIGHT_WORDS=/dev/zero` read without end).
    static func read(_ path: String) -> Set<String> {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= maxBytes,
              let bytes = try? Files.read(path) else { return [] }
        return Set(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.lowercased() })
    }
}
