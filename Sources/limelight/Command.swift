import LimelightKit

/// One subcommand: what it is, what it takes, and what it does. Its options
/// and positionals are declarations (see `Option`); help, parsing and
/// validation are derived from them.
protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    /// More about the command, shown under OVERVIEW (not inside OPTIONS).
    static var discussion: String { get }
    /// The USAGE synopsis, one entry per form, after "limelight ".
    static var usage: [String] { get }
    static var positionals: [Positional] { get }
    /// Its own options; `--index` and `--help` are added to every command.
    static var options: [Option] { get }
    /// Checks what the declarations cannot (combinations of options) before
    /// anything is opened or written.
    static func validate(_ args: ParsedArguments) throws(CLIError)
    static func run(_ args: ParsedArguments) throws
    /// The arguments to parse, from those the command was given: a command
    /// that another program calls with text of its own marks that text as
    /// data (after `--`), so that no option or help flag is read from it.
    static func markingData(_ args: [String]) -> [String]
    /// Whether it reads remote shards (`--remote`) as well as a local index.
    static var readsRemote: Bool { get }
}

extension Command {
    static var discussion: String { "" }
    static var positionals: [Positional] { [] }
    static func validate(_ args: ParsedArguments) throws(CLIError) {}
    static func markingData(_ args: [String]) -> [String] { args }
    static var readsRemote: Bool { false }

    static var help: String { Help.render(self) }

    /// Parses and validates `args` against this command's declarations.
    static func parse(_ args: [String]) throws(CLIError) -> ParsedArguments {
        let parsed = try ParsedArguments.parse(args, options: options + Option.globals, positionals: positionals)
        // Refused whether or not the command opens an index (manpage and
        // completions took it and said nothing).
        if !readsRemote, !parsed.all(.remote).isEmpty { throw remoteRefused }
        try checkIdentifierArguments(parsed)
        try validate(parsed)
        return parsed
    }

    static func location(_ args: ParsedArguments) throws -> IndexLocation {
        if !args.all(.remote).isEmpty { throw remoteRefused }
        return try IndexLocation.resolve(args.value(.index))
    }

    static var remoteRefused: CLIError {
        .usage("--remote works with search and suggest only, not with '\(name)'")
    }

    /// A searcher that follows the index: the local one (`--index`, an
    /// ordinary or a sharded directory), or the remote shards (`--remote`).
    static func liveSearcher(_ args: ParsedArguments) throws -> LiveSearcher {
        let remote = args.all(.remote)
        if remote.isEmpty { return try LiveSearcher(location: location(args)) }
        if args.value(.index) != nil { throw CLIError.usage("give --index or --remote, not both") }
        // One shard twice listed every hit of it twice.
        if let twice = remote.first(where: { r in remote.filter { $0 == r }.count > 1 }) {
            throw CLIError.usage("--remote \(twice) is given twice: give each shard's server once")
        }
        return try LiveSearcher(remote: try RemoteShards(remote))
    }
}
