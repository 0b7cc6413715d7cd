import LimelightKit

/// Ids on the command line and in `resolve --stdin` get the record rules'
/// 200-byte limit before any work: a 2-million-character id once ran for
/// minutes.
let identifierOptions: [Option] = [.app, .type, .id, .intent, .shortcut, .kind]

func checkIdentifierArgument(_ s: String, _ what: String) throws(CLIError) {
    // No record has an empty id: `--app ""` matched nothing, silently.
    if s.isEmpty { throw CLIError.usage("\(what) is empty; give an identifier") }
    if s.utf8.count > RecordLimits.maxIdentifierBytes {
        throw CLIError.usage("\(what) is \(s.utf8.count) bytes long; identifiers are at most \(RecordLimits.maxIdentifierBytes)")
    }
}

func checkIdentifierArguments(_ args: ParsedArguments) throws(CLIError) {
    for option in identifierOptions {
        for v in args.all(option) { try checkIdentifierArgument(v, "--\(option.name)") }
    }
    for e in args.all(.entity) {
        let parts = e.split(separator: "/", maxSplits: 1)
        for p in parts { try checkIdentifierArgument(String(p), "--entity") }
    }
}

/// `resolve --stdin`: one id a line (blank lines skipped); a line over the
/// limit is bad input naming `<stdin>:LINE`.
func readIdentifierLines() throws(CLIError) -> [String] {
    var ids: [String] = []
    var n = 0
    while let line = readLine() {
        n += 1
        let id = line.trimmingSpaces
        if id.utf8.count > RecordLimits.maxIdentifierBytes {
            throw CLIError.rejected(["<stdin>:\(n): the id is \(id.utf8.count) bytes long; identifiers are at most \(RecordLimits.maxIdentifierBytes)"])
        }
        if !id.isEmpty { ids.append(id) }
    }
    return ids
}
