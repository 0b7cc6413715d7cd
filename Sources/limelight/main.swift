#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

// limelight: the command-line face of LimelightKit. Kept thin: parse the
// arguments, call the engine, print, and map errors to sysexits codes.

let commands: [any Command.Type] = [
    IndexCommand.self, SearchCommand.self, SuggestCommand.self, GetCommand.self, ResolveCommand.self,
    ShortcutsCommand.self, DonateCommand.self, ForgetCommand.self, RelevantCommand.self, DeleteCommand.self,
    RebuildCommand.self, CompactCommand.self, StatsCommand.self, ExportCommand.self, ClientStateCommand.self,
]

let topHelp = """
    OVERVIEW: Limelight — Spotlight-style search and suggestions over app entities,
    App Shortcuts and apps, on Xapian.

    USAGE: limelight <subcommand> [options]

    OPTIONS:
      --index <dir>           The index directory (default: $LIMELIGHT_INDEX, else
                              $XDG_DATA_HOME/limelight/index).
      -h, --help              Show help information.

    SUBCOMMANDS:
    \(commands.map { "  " + Output.pad($0.name, 22) + $0.abstract }.joined(separator: "\n"))

      See 'limelight help <subcommand>' for detailed help.

    """

func usageError(_ message: String, command: (any Command.Type)?) -> Never {
    Output.err("Error: \(message)")
    if let command {
        Output.err("Usage: limelight \(command.usage)")
        Output.err("  See 'limelight \(command.name) --help' for more information.")
    } else {
        Output.err("Usage: limelight <subcommand> [options]")
        Output.err("  See 'limelight --help' for more information.")
    }
    exit(64)
}

// Index files are private: donations are personal history.
umask(0o077)

var args = Array(CommandLine.arguments.dropFirst())
// The subcommand is the first argument that is not a global option or its value.
var commandIndex = 0
while commandIndex < args.count, args[commandIndex].hasPrefix("--index") {
    commandIndex += args[commandIndex].contains("=") ? 1 : 2
}
let leading = Array(args[min(commandIndex, args.count)...])
if leading.isEmpty || leading == ["-h"] || leading == ["--help"] || leading == ["help"] {
    print(topHelp, terminator: "")
    exit(0)
}
if leading.first == "help" {
    guard leading.count == 2, let c = commands.first(where: { $0.name == leading[1] }) else {
        usageError("unknown subcommand '\(leading.dropFirst().joined(separator: " "))'", command: nil)
    }
    print(c.help, terminator: "")
    exit(0)
}
guard let command = commands.first(where: { $0.name == args[commandIndex] }) else {
    usageError("unknown subcommand '\(args[commandIndex])'", command: nil)
}
args.remove(at: commandIndex)
if args.contains("-h") || args.contains("--help") {
    print(command.help, terminator: "")
    exit(0)
}
do {
    let parsed = try ParsedArguments.parse(args, command.spec)
    try checkIdentifierArguments(parsed)
    try command.run(parsed)
    exit(0)
} catch {
    if error.kind == .usage { usageError(error.description, command: command) }
    for line in error.lines { Output.err(error.kind == .badInput ? line : "Error: \(line)") }
    if error.kind == .badInput { Output.err("Nothing was written: fix the lines above and run again.") }
    exit(error.exitCode)
}
