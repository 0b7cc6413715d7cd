import LimelightKit

/// A command line parsed against one command's declarations: `--name value`,
/// `--name=value`, flags, positionals; `--` ends the options (what follows is
/// positional even if it starts with a dash). Anything undeclared, a missing
/// value, a repeated option that is not repeatable, a number out of range and
/// a positional too many are usage errors, found before the command runs.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    func value(_ option: Option) -> String? { values[option.name]?.last }
    func all(_ option: Option) -> [String] { values[option.name] ?? [] }
    func has(_ flag: Option) -> Bool { flags.contains(flag.name) }

    /// A whole-number option (its range was checked by `parse`).
    func int(_ option: Option) -> Int? { value(option).flatMap { Int($0) } }

    static func parse(_ args: [String], options: [Option], positionals declared: [Positional]) throws(CLIError) -> ParsedArguments {
        var out = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" || isNegativeNumber(a) {
                out.positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            let option: Option
            var inline: String? = nil
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let o = options.first(where: { $0.name == name }) else { throw CLIError.usage("unknown option '--\(name)'") }
                option = o
            } else {
                guard a.count == 2, let o = options.first(where: { $0.short == a.last }) else { throw CLIError.usage("unknown option '\(a)'") }
                option = o
            }
            if option.isFlag {
                if inline != nil { throw CLIError.usage("--\(option.name) takes no value") }
                out.flags.insert(option.name)
                continue
            }
            if option.takesRest {
                // `--menu rofi -dmenu -i`: the program and its own arguments, as argv.
                let rest = (inline.map { [$0] } ?? []) + args[i...]
                guard !rest.isEmpty else { throw CLIError.usage("--\(option.name) needs a program") }
                out.values[option.name] = Array(rest)
                break
            }
            let v: String
            if let inline { v = inline } else {
                guard i < args.count else { throw CLIError.usage("--\(option.name) needs a value") }
                v = args[i]
                i += 1
            }
            if out.values[option.name] != nil, !option.repeatable {
                throw CLIError.usage("--\(option.name) was given more than once")
            }
            if let r = option.range {
                guard let n = Int(v), r.contains(n) else {
                    throw CLIError.usage("--\(option.name) takes a whole number from \(r.lowerBound) to \(r.upperBound == Int.max ? "any" : String(r.upperBound)), got '\(v)'")
                }
            }
            out.values[option.name, default: []].append(v)
        }
        try out.checkCount(declared)
        return out
    }

    /// Too many positionals is a usage error (too few is the command's to say,
    /// in words that fit it).
    private func checkCount(_ declared: [Positional]) throws(CLIError) {
        if declared.contains(where: { $0.count == .many || $0.count == .oneOrMore }) { return }
        let most = declared.count
        if positionals.count > most {
            let extra = positionals[most...].map { "'\($0)'" }.joined(separator: " ")
            throw CLIError.usage("unexpected argument\(positionals.count - most == 1 ? "" : "s") \(extra)")
        }
    }

    private static func isNegativeNumber(_ a: String) -> Bool {
        a.count > 1 && a.hasPrefix("-") && a.dropFirst().allSatisfy { $0.isNumber }
    }
}
