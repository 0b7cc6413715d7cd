/// Help text in swift-argument-parser's sections (OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, SUBCOMMANDS), rendered from the declarations.
enum Help {
    static let width = 80
    static let labelColumn = 26

    static func render(_ command: any Command.Type) -> String {
        var out = wrap("OVERVIEW: " + command.abstract, indent: 0) + "\n\n"
        if !command.discussion.isEmpty { out += wrap(command.discussion, indent: 0) + "\n\n" }
        out += "USAGE: " + command.usage.map { "limelight " + $0 }.joined(separator: "\n       ") + "\n\n"
        if !command.positionals.isEmpty {
            out += "ARGUMENTS:\n"
            for p in command.positionals { out += entry("<\(p.name)>", p.help) }
            out += "\n"
        }
        out += "OPTIONS:\n"
        for o in command.options + commonOptions(command) { out += entry(o.label, o.help) }
        return out + "\n"
    }

    /// What a command takes besides its own options: `--remote` only where
    /// it works, search and suggest (every other command refuses it, 64,
    /// saying so, but its help listed it).
    static func commonOptions(_ command: any Command.Type) -> [Option] {
        (command.readsRemote ? Option.globals : Option.globals.filter { $0.name != "remote" }) + [.helpFlag]
    }

    /// One `  label    help` entry, the help wrapped at `width`.
    static func entry(_ label: String, _ help: String) -> String {
        let head = "  " + label
        let text = wrap(help, indent: labelColumn)
        if head.count <= labelColumn - 2 {
            return head + String(repeating: " ", count: labelColumn - head.count) + text.dropFirst(labelColumn) + "\n"
        }
        return head + "\n" + text + "\n"
    }

    /// Wraps `text` into lines of at most `width` columns, each indented by `indent`.
    static func wrap(_ text: String, indent: Int) -> String {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, indent + line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        let pad = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }
}
