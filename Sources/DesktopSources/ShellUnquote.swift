/// Undoes `g_shell_quote`, which GLib applies to the `exec` attribute it writes
/// into recently-used.xbel (`exec="&apos;soffice %u&apos;"`). Follows
/// `g_shell_unquote`: single quotes are literal, double quotes honour
/// `\" \\ \` \$` and a backslash-newline, and outside quotes a backslash takes
/// the next character literally. The result is text, never run by a shell.
///
/// GLib: https://docs.gtk.org/glib/func.shell_unquote.html
enum ShellUnquote {
    struct Unterminated: Error {}

    static func unquote(_ text: String) throws(Unterminated) -> String {
        var out = ""
        var characters = text.makeIterator()
        while let c = characters.next() {
            switch c {
            case "'":
                while true {
                    guard let next = characters.next() else { throw Unterminated() }
                    if next == "'" { break }
                    out.append(next)
                }
            case "\"":
                while true {
                    guard let next = characters.next() else { throw Unterminated() }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw Unterminated() }
                        switch escaped {
                        case "\"", "\\", "`", "$": out.append(escaped)
                        case "\n": break
                        default: out.append("\\"); out.append(escaped)
                        }
                    } else {
                        out.append(next)
                    }
                }
            case "\\":
                guard let next = characters.next() else { out.append("\\"); break }
                if next != "\n" { out.append(next) }
            default:
                out.append(c)
            }
        }
        return out
    }
}
