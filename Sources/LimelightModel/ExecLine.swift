/// A Desktop Entry `Exec` line, split into arguments by the spec's quoting rules
/// and expanded into argv vectors. Nothing here ever goes through a shell: an
/// argument is a string handed to `execve`, whatever characters it holds.
///
/// ```swift
/// let line = try ExecLine.parse(#"gedit --new-window %U"#)
/// try line.argvs(for: .files(["/tmp/a b.txt"]), context: .init(name: "gedit"))
/// // [["gedit", "--new-window", "file:///tmp/a%20b.txt"]]
/// ```
/// The input is the value after the key file's escapes are undone
/// (`KeyFileGroup.string`): in the file, a literal `\` inside quotes is `\\\\`.
/// Spec: https://specifications.freedesktop.org/desktop-entry-spec/1.5/exec-variables.html
public struct ExecLine: Sendable, Equatable {
    /// The parts of one argument: literal text and field codes, in order.
    enum Piece: Sendable, Equatable {
        case text(String)
        case code(Character)
        /// A deprecated code (`%d %D %n %N %v %m`), which expands to nothing.
        case removed
        /// A code inside double quotes, which the spec leaves undefined:
        /// expanded as GLib expands it, quoted for a shell (`sh -c "kate %f"`).
        case quoted(Character)
    }

    let arguments: [[Piece]]

    /// What the application is asked to open.
    public enum Target: Sendable, Equatable {
        case nothing
        /// Local paths (absolute, so that none can pass for an option).
        case files([String])
        /// URIs; `file:` ones can also go to an application that takes only files.
        case urls([String])
    }

    /// What `%i`, `%c` and `%k` expand to.
    public struct Context: Sendable, Equatable {
        public var icon: String?
        /// The translated Name.
        public var name: String
        public var desktopFilePath: String?

        public init(icon: String? = nil, name: String, desktopFilePath: String? = nil) {
            self.icon = icon
            self.name = name
            self.desktopFilePath = desktopFilePath
        }
    }

    /// The program as written (a path, or a name to look up in `$PATH`).
    public var program: String {
        arguments.first.map { ExecLine.literal($0) } ?? ""
    }

    /// The name of the program the line runs in the end: past `env` and its
    /// `VAR=value` settings and options (snap's `env BAMF_…=… /snap/bin/firefox`
    /// runs firefox); nil where it is a sandbox's launcher (`flatpak run
    /// org.gnome.Maps`), which names no program of the app's own.
    public var launchedProgram: String? {
        var words = arguments.map(ExecLine.literal)
        while let first = words.first, first.split(separator: "/").last == "env" {
            words.removeFirst()
            while let w = words.first, w.contains("=") || w.hasPrefix("-") { words.removeFirst() }
        }
        guard let name = words.first?.split(separator: "/").last.map(String.init), !name.isEmpty,
              !["flatpak", "snap"].contains(name) else { return nil }
        return name
    }

    /// Which of `%f %F %u %U` the line has, if any (at most one).
    public var fileCode: Character? {
        for argument in arguments {
            for piece in argument {
                switch piece {
                case let .code(c) where "fFuU".contains(c), let .quoted(c) where "fFuU".contains(c): return c
                default: continue
                }
            }
        }
        return nil
    }

    /// Splits `exec` into arguments. Outside quotes, space, tab and newline
    /// separate arguments; inside `"…"`, `\"` `` \` `` `\$` `\\` stand for the
    /// character. `%F`, `%U` and `%i` must be arguments of their own, and an
    /// unknown code makes the line invalid, as the spec requires. A code in
    /// double quotes, which the spec leaves undefined, is expanded as GLib
    /// expands it (`Piece.quoted`): refusing it left out an app GNOME shows
    /// and runs. `%%` is a `%` anywhere, in single quotes too, as in GLib,
    /// which expands the codes before it splits the line. Other codes in
    /// single quotes are kept as written: GLib fills them in there too, but
    /// its quoted value then closes the single quotes, so a value with a
    /// space is split into several arguments (undefined by the spec).
    ///
    /// Read by Unicode scalar, not Character: a space or a quote followed by
    /// a combining mark is still a separator or a quote.
    ///
    /// The spec wants every other reserved character quoted, but desktops run
    /// lines that do not (Wine writes `wine C:\\…\\Start\ Menu\\…`, many a
    /// file `sh -c 'echo hi'`), and refusing them left those apps out of the
    /// index. So they are read as GLib reads them (`g_shell_parse_argv`, which
    /// GNOME launches with, checked against `gio launch`): outside quotes a
    /// `\` takes the next character as it is, `'…'` is literal, a `#` that
    /// starts an argument comments out the rest, and `> < ~ | & ; $ * ? ( )`
    /// and a backquote are plain characters: no shell ever sees them.
    public static func parse(_ exec: String) throws(ExecLineError) -> ExecLine {
        var arguments: [[Piece]] = []
        var current: [Piece]?
        var text = ""
        var inQuotes = false
        func flushText() {
            if !text.isEmpty { current = (current ?? []) + [.text(text)]; text = "" }
        }
        func endArgument() {
            flushText()
            if let argument = current { arguments.append(argument) }
            current = nil
        }
        var characters = exec.unicodeScalars.makeIterator()
        while let c = characters.next() {
            if inQuotes {
                switch c {
                case "\"": inQuotes = false
                case "\\":
                    guard let next = characters.next() else { throw ExecLineError("a \\ ends the line inside quotes", exec) }
                    if !"\"`$\\".unicodeScalars.contains(next) { text.unicodeScalars.append("\\") }
                    text.unicodeScalars.append(next)
                case "%":
                    guard let code = characters.next() else { throw ExecLineError("a % ends the line (write %% for a literal %)", exec) }
                    switch code {
                    case "%": text.append("%")
                    case "f", "F", "u", "U", "i", "c", "k":
                        flushText()
                        current!.append(.quoted(Character(code)))
                    case "d", "D", "n", "N", "v", "m": break
                    default: throw ExecLineError("%\(code) is not a field code of the Desktop Entry spec", exec)
                    }
                default: text.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case " ", "\t", "\n": endArgument()
            case "\"":
                inQuotes = true
                if current == nil { current = [] }
            case "\\":
                guard let next = characters.next() else { throw ExecLineError("a \\ ends the line", exec) }
                if current == nil { current = [] }
                if next != "\n" { text.unicodeScalars.append(next) }  // a \ before a newline joins the lines, as in a shell
            case "'":
                if current == nil { current = [] }
                var closed = false, percent = false
                while let q = characters.next() {
                    if q == "'" { closed = true; break }
                    if q == "%" && !percent { percent = true; continue }
                    if percent && q != "%" { text.append("%") }
                    percent = false
                    text.unicodeScalars.append(q)
                }
                if percent { text.append("%") }
                if !closed { throw ExecLineError("a single quote is not closed", exec) }
            case "#" where current == nil:
                endArgument()
                while characters.next() != nil {}
            case "%":
                guard let code = characters.next() else { throw ExecLineError("a % ends the line (write %% for a literal %)", exec) }
                if current == nil { current = [] }
                switch code {
                case "%": text.append("%")
                case "f", "F", "u", "U", "i", "c", "k":
                    flushText()
                    current!.append(.code(Character(code)))
                case "d", "D", "n", "N", "v", "m":
                    flushText()
                    current!.append(.removed)
                default:
                    throw ExecLineError("%\(code) is not a field code of the Desktop Entry spec", exec)
                }
            default:
                if current == nil { current = [] }
                text.unicodeScalars.append(c)
            }
        }
        if inQuotes { throw ExecLineError("a quote is not closed", exec) }
        endArgument()
        let line = ExecLine(arguments: arguments)
        try line.validate(exec)
        return line
    }

    private func validate(_ exec: String) throws(ExecLineError) {
        guard let first = arguments.first else { throw ExecLineError("there is no program", exec) }
        guard first.allSatisfy({ if case .text = $0 { true } else { false } }), !program.isEmpty else {
            throw ExecLineError("the program must be named before any field code", exec)
        }
        var fileCodes = 0
        for argument in arguments {
            for piece in argument {
                switch piece {
                case let .code(c):
                    if "fFuU".contains(c) { fileCodes += 1 }
                    if "FUi".contains(c) && argument.count != 1 {
                        throw ExecLineError("%\(c) must be an argument of its own", exec)
                    }
                case let .quoted(c) where "fFuU".contains(c): fileCodes += 1
                default: continue
                }
            }
        }
        if fileCodes > 1 { throw ExecLineError("at most one of %f %F %u %U may appear", exec) }
    }

    /// The argv vectors that open `target`: one vector, or with `%f`/`%u` and
    /// several files, one vector per file (the spec: the application takes one).
    /// A line with no file code opens the application alone, whatever the target.
    /// An argument that is only a code with nothing to expand is dropped.
    public func argvs(for target: Target, context: Context) throws(ExecLineError) -> [[String]] {
        let code = fileCode
        let wantsPaths = code == "f" || code == "F"
        var items: [String]
        switch target {
        case .nothing: items = []
        case let .files(paths): items = wantsPaths ? paths : paths.map(FileURI.uri(fromPath:))
        case let .urls(urls):
            if wantsPaths {
                items = []
                for url in urls {
                    if let path = FileURI.path(from: url) {
                        items.append(path)
                    } else if url.hasPrefix("/") {
                        items.append(url)
                    } else {
                        throw ExecLineError("\(program) opens only local files, not \(url)", "")
                    }
                }
            } else {
                items = urls
            }
        }
        if code == "f" || code == "u", items.count > 1 {
            return items.map { argv(items: [$0], context: context) }
        }
        return [argv(items: items, context: context)]
    }

    private func argv(items: [String], context: Context) -> [String] {
        var out: [String] = []
        for argument in arguments {
            if argument == [.code("F")] || argument == [.code("U")] { out += items; continue }
            if argument == [.code("i")] {
                if let icon = context.icon, !icon.isEmpty { out += ["--icon", icon] }
                continue
            }
            if !argument.isEmpty && argument.allSatisfy({ $0 == .removed }) { continue }
            if (argument == [.code("f")] || argument == [.code("u")]) && items.isEmpty { continue }
            if argument == [.code("k")] && context.desktopFilePath == nil { continue }
            var value = ""
            for piece in argument {
                switch piece {
                case let .text(text): value += text
                case .code("f"), .code("u"): value += items.first ?? ""
                case .code("c"): value += context.name
                case .code("k"): value += context.desktopFilePath ?? ""
                case let .quoted(c): value += Self.quotedExpansion(c, items: items, context: context)
                case .code, .removed: break
                }
            }
            out.append(value)
        }
        return out
    }

    /// What GLib puts in place of a code inside quotes
    /// (`expand_application_parameters`): each value quoted as
    /// `g_shell_quote` quotes it, for the shell such a line runs (`sh -c
    /// "kate %f"` opens the file in kate, whatever its name).
    private static func quotedExpansion(_ code: Character, items: [String], context: Context) -> String {
        switch code {
        case "f", "u": items.first.map(shellQuoted) ?? ""
        case "F", "U": items.map(shellQuoted).joined(separator: " ")
        case "i": context.icon.flatMap { $0.isEmpty ? nil : "--icon " + shellQuoted($0) } ?? ""
        case "c": shellQuoted(context.name)
        case "k": context.desktopFilePath.map(shellQuoted) ?? ""
        default: ""
        }
    }

    /// `'…'`, each `'` written `'\''`: one word to a POSIX shell, whatever it holds.
    static func shellQuoted(_ text: String) -> String {
        var quoted = "'"
        for c in text.unicodeScalars {
            if c == "'" { quoted += #"'\''"# } else { quoted.unicodeScalars.append(c) }
        }
        return quoted + "'"
    }

    private static func literal(_ pieces: [Piece]) -> String {
        pieces.reduce(into: "") { if case let .text(t) = $1 { $0 += t } }
    }
}

/// Why an Exec line cannot be run, with the line itself.
public struct ExecLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public let problem: String
    public let exec: String

    package init(_ problem: String, _ exec: String) {
        self.problem = problem
        self.exec = exec
    }

    public var description: String { exec.isEmpty ? problem : "Exec=\(exec): \(problem)" }
}
