#if canImport(Glibc)
import Glibc
#endif
import LimelightKit

struct DmenuCommand: Command {
    static let name = "dmenu"
    static let abstract = "Every item as lines to a dmenu-like menu; the chosen line is opened."
    static let discussion = """
        Writes one line per item (title — subtitle, best first) to the menu's
        standard input, reads the chosen line from its standard output and opens
        that item as 'limelight open' does, recording the use. The menu is run
        as argv, never through a shell: --menu fuzzel --dmenu, --menu wofi
        --dmenu, --menu rofi -dmenu -i -p Limelight. A line that is no item's
        (typed text) opens Limelight's top hit for it. Exits 1, opening nothing,
        when the menu is dismissed or spaces alone are typed.
        """
    static let usage = ["dmenu [--limit <n>] [--context <name>]... [--menu <program> [<argument>...]]"]
    static let options: [Option] = [
        .limit.range(0...1_000_000).explained("At most n lines (default 0: every item)."),
        .context,
        .menu,
    ]

    static func run(_ args: ParsedArguments) throws {
        let location = try location(args)
        let live = try LiveSearcher(location: location)
        var request = SearchRequest(query: "")
        request.explained = false
        request.limit = args.int(.limit) ?? 0
        request.contexts = try validateContexts(args.all(.context))
        let hits = try live.searcher.search(request).hits
        let lines = Self.distinctLines(hits)
        let argv = args.all(.menu).isEmpty ? ["dmenu"] : args.all(.menu)
        let (status, output) = try Menu.run(argv, input: lines.map { $0 + "\n" }.joined())
        // The first line, if it printed several; a line may end in CR LF,
        // which Swift reads as one character, not "\n" (the row was not
        // found, and its text opened the top hit: another item).
        let chosen = output.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? ""
        guard !chosen.isEmpty else {
            if status != 0 { exit(1) }  // dismissed
            throw CLIError.failed("\(argv[0]) chose nothing")
        }
        // Spaces alone typed: nothing to open, as when dismissed (it opened the top suggestion).
        if chosen.isBlank, !lines.contains(String(chosen)) { exit(1) }
        if let i = lines.firstIndex(of: String(chosen)) {
            try Activation.open(HitID(hits[i]), lookup: live.lookup, location: location)
        } else {
            try Launcher.openTopHit(String(chosen), like: request, location: location)
        }
    }

    /// Each hit's menu line; a line two hits share ends with each one's id,
    /// so that every row opens its own item (the menu returns only the line:
    /// of two apps named Files, a deb's and a Flatpak's, the second could not
    /// be opened).
    /// Until none is shared: a title may be another hit's line with its id
    /// ("Same Title (entity/…/n2)"), and choosing it opened that other hit.
    static func distinctLines(_ hits: [SearchHit]) -> [String] {
        var lines = hits.map(HitFormat.line)
        var withID = [Bool](repeating: false, count: hits.count)
        while true {
            let shown = Dictionary(lines.map { ($0, 1) }, uniquingKeysWith: +)
            let shared = lines.indices.filter { shown[lines[$0]]! > 1 && !withID[$0] }
            if shared.isEmpty { break }
            for i in shared {
                lines[i] += " (\(HitID(hits[i]).text))"
                withID[i] = true
            }
        }
        return lines
    }
}

/// Runs a menu program as argv (posix_spawnp, no shell): `input` on its
/// stdin, its stdout read back; stderr and the terminal stay its own.
enum Menu {
    static func run(_ argv: [String], input: String) throws(CLIError) -> (status: Int32, output: String) {
        signal(SIGPIPE, SIG_IGN)  // a menu may exit before reading every line
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw CLIError.failed("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let cArgv = argv.map { strdup($0) } + [nil]
        defer { cArgv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, cArgv, environ)
        close(toChild[0]); close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw CLIError.failed("cannot run \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        // Write and read together (poll), so neither side can fill a pipe and wait on the other.
        var pending = Array(input.utf8)[...]
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var writeFD: Int32 = toChild[1], readFD: Int32 = fromChild[0]
        if pending.isEmpty { close(writeFD); writeFD = -1 }
        while readFD >= 0 {
            var fds = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
            if writeFD >= 0 { fds.append(pollfd(fd: writeFD, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { if errno == EINTR { continue }; break }
            if fds[0].revents != 0 {
                let n = read(readFD, &buffer, buffer.count)
                if n > 0 { output += buffer[0..<n] } else if n == 0 || errno != EINTR { close(readFD); readFD = -1 }
            }
            if writeFD >= 0, fds.count > 1, fds[1].revents != 0 {
                let n = pending.withUnsafeBytes { write(writeFD, $0.baseAddress!, min($0.count, 65536)) }
                if n > 0 { pending = pending.dropFirst(n) }
                if n < 0 && errno != EINTR || pending.isEmpty { close(writeFD); writeFD = -1 }
            }
        }
        if writeFD >= 0 { close(writeFD) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        return (status, String(decoding: output, as: UTF8.self))
    }
}
