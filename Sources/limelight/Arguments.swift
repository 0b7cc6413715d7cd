import LimelightKit

/// A small command-line parser in the spirit of swift-argument-parser: each
/// command declares its options; `--name value`, `--name=value`, flags, and
/// positionals; `--` ends options. Unknown options are usage errors.
struct ArgumentSpec {
    var options: Set<String> = []     // take a value
    var repeatable: Set<String> = []  // may be given more than once
    var flags: Set<String> = []
}

struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func int(_ name: String, min: Int = 0, max: Int = Int.max) throws(LimelightError) -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), n >= min, n <= max else {
            throw LimelightError(.usage, "--\(name) takes a whole number from \(min) to \(max == Int.max ? "any" : String(max)), got '\(v)'")
        }
        return n
    }

    static func parse(_ args: [String], _ spec: ArgumentSpec) throws(LimelightError) -> ParsedArguments {
        var out = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("--") || a == "-" {
                if !onlyPositionals, a.hasPrefix("-"), a != "-", a.count > 1, !a.dropFirst().allSatisfy({ $0.isNumber }) {
                    throw LimelightError(.usage, "unknown option '\(a)'")
                }
                out.positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name = String(a.dropFirst(2))
            var inline: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if spec.flags.contains(name) {
                if inline != nil { throw LimelightError(.usage, "--\(name) takes no value") }
                out.flags.insert(name)
            } else if spec.options.contains(name) {
                let v: String
                if let inline { v = inline } else {
                    guard i < args.count else { throw LimelightError(.usage, "--\(name) needs a value") }
                    v = args[i]
                    i += 1
                }
                if out.values[name] != nil, !spec.repeatable.contains(name) {
                    throw LimelightError(.usage, "--\(name) was given more than once")
                }
                out.values[name, default: []].append(v)
            } else {
                throw LimelightError(.usage, "unknown option '--\(name)'")
            }
        }
        return out
    }
}
