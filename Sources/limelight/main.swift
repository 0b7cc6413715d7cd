#if canImport(Glibc)
// (preconcurrency: `exitAfterWriting` reads the C global `stdout`, which
// Swift 6 otherwise refuses to name.)
@preconcurrency import Glibc
#endif
import LimelightKit
import DesktopLaunch

// limelight: the command-line face of LimelightKit. Kept thin: parse the
// arguments against the command's declarations, validate, call the engine,
// print, and map errors to sysexits codes (ExitStatus).

let topHelp = """
    OVERVIEW: Limelight — Spotlight-style search and suggestions over app entities,
    App Shortcuts and apps, on Xapian.

    USAGE: limelight <subcommand> [options]

    OPTIONS:
    \((Option.globals + [.version, .helpFlag]).map { Help.entry($0.label, $0.help) }.joined())
    SUBCOMMANDS:
    \(commands.map { Help.entry($0.name, $0.abstract) }.joined())
      See 'limelight help <subcommand>' for detailed help.

    """

/// Exits 0 once what was printed is written. A full disk or a closed pipe
/// must not pass for success: `export > backup.jsonl` on a full disk
/// printed nothing, silently, and exited 0. An output longer than stdio's
/// buffer was flushed before the end, and a failure then is only in the
/// stream's error flag (the buffer is dropped, so the last flush succeeds):
/// `manpage`, `completions`, `rofi` and `search --stdin` exited 0 on a
/// full disk with their output cut short (an audit).
func exitAfterWriting() -> Never {
    if fflush(nil) != 0 {
        Output.err("Error: cannot write the output: \(String(cString: strerror(errno)))")
        exit(1)
    }
    if ferror(stdout) != 0 {
        Output.err("Error: cannot write the output: a write of it failed")
        exit(1)
    }
    exit(0)
}

// Index files are private: donations are personal history. The apps it
// starts get the session's umask back (`Spawner.sessionUmask`).
Spawner.sessionUmask.store(UInt32(umask(0o077)), ordering: .relaxed)

var args = Array(CommandLine.arguments.dropFirst())
// The subcommand is the first argument that is not a global option or its value.
var commandIndex = 0
while commandIndex < args.count, Option.globals.contains(where: { args[commandIndex] == "--" + $0.name || args[commandIndex].hasPrefix("--" + $0.name + "=") }) {
    commandIndex += args[commandIndex].contains("=") ? 1 : 2
}
if commandIndex > args.count {
    // The last argument is a global option whose value is missing (`limelight --index`).
    ExitStatus.usage("\(args[args.count - 1]) needs a value", command: nil)
}
let leading = Array(args[commandIndex...])
if leading.isEmpty || leading == ["-h"] || leading == ["--help"] || leading == ["help"] {
    print(topHelp, terminator: "")
    exitAfterWriting()
}
if leading == ["-V"] || leading == ["--version"] {
    print("limelight \(version)")
    exitAfterWriting()
}
// `help X`, and `--help X` as git takes it.
if ["help", "-h", "--help"].contains(leading[0]) {
    guard leading.count == 2 else { ExitStatus.usage("help takes one subcommand, not \(leading.count - 1)", command: nil) }
    if leading[1] == "help" {
        print(topHelp, terminator: "")
        exitAfterWriting()
    }
    guard let c = commands.first(where: { $0.name == leading[1] }) else {
        ExitStatus.usage("unknown subcommand '\(leading[1])'", command: nil)
    }
    print(c.help, terminator: "")
    exitAfterWriting()
}
guard let command = commands.first(where: { $0.name == args[commandIndex] }) else {
    if args[commandIndex] == "-V" || args[commandIndex] == "--version" {
        ExitStatus.usage("\(args[commandIndex]) stands alone (limelight --version)", command: nil)
    }
    if args[commandIndex].hasPrefix("-") {
        ExitStatus.usage("unknown option '\(args[commandIndex])' before the subcommand (there only --index and --remote)", command: nil)
    }
    ExitStatus.usage("unknown subcommand '\(args[commandIndex])'", command: nil)
}
args.remove(at: commandIndex)
args = command.markingData(args)
// -h / --help anywhere before `--` (after it, "-h" is a query like any other).
if args.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
    print(command.help, terminator: "")
    exitAfterWriting()
}
do {
    let parsed = try command.parse(args)
    try command.run(parsed)
    // An app still starting over D-Bus is waited for: the bus hands it the
    // call only while this process is connected. Why one failed is printed.
    if !Spawner.finishStarting() {
        fflush(nil)
        exit(1)
    }
    exitAfterWriting()
} catch {
    ExitStatus.fail(error, command: command)
}
