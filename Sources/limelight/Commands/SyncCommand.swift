#if canImport(Glibc)
import Glibc
#endif
import LimelightKit
import DesktopSources

struct SyncCommand: Command {
    static let name = "sync"
    static let abstract = "Import this desktop's applications, recent files and browser bookmarks, and keep them in step."
    static let discussion = """
        Each source owns the records it made: a re-sync deletes what vanished from
        its store (an app with its App Shortcuts), updates what changed, and keeps
        the id and usage of what stayed; records of other sources and of 'index'
        are untouched. A store that is not on this machine is skipped with a note;
        a broken file is reported as file:line: problem and skipped.

        The sources: apps, the Desktop Entry files of $XDG_DATA_HOME and
        $XDG_DATA_DIRS (each an app, each action an App Shortcut); recent,
        $XDG_DATA_HOME/recently-used.xbel (entities of app limelight.recent);
        firefox, the default profile's bookmarks and history (limelight.firefox);
        chromium, Chromium's and Google Chrome's bookmarks (limelight.chromium).
        """
    static let usage = ["sync [<source>...] [--watch] [--json]"]
    static let positionals = [Positional("source", .many, help: "apps, recent, firefox or chromium (default: all).")]
    static let options: [Option] = [
        .watch,
        .json.explained("Print one JSON object per source: added, updated, removed, interactions, problems."),
    ]

    static func validate(_ args: ParsedArguments) throws(CLIError) {
        _ = try sources(args)
    }

    static func sources(_ args: ParsedArguments) throws(CLIError) -> [DesktopSource] {
        if args.positionals.isEmpty { return DesktopSource.allCases }
        var out: [DesktopSource] = []
        for name in args.positionals {
            guard let s = DesktopSource(rawValue: name) else {
                throw CLIError.usage("unknown source '\(name)' (expected \(DesktopSource.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if !out.contains(s) { out.append(s) }
        }
        return out
    }

    static func run(_ args: ParsedArguments) throws {
        let chosen = try sources(args)
        let environment = DesktopEnvironment.current()
        try syncOnce(chosen, environment: environment, args: args)
        if args.has(.watch) {
            try DesktopWatch.run(chosen, environment: environment) { changed in
                try syncOnce(changed, environment: environment, args: args)
            }
        }
    }

    static func syncOnce(_ chosen: [DesktopSource], environment: DesktopEnvironment, args: ParsedArguments) throws {
        let json = args.has(.json)
        for source in chosen {
            // A long sync (a big history) shows what it is doing, on a terminal only.
            var progress = ProgressBar(label: "sync \(source.rawValue)", enabled: !json)
            let made = source.records(in: environment, now: .now()) { progress.count($0, "records made") }
            progress.clear()
            for p in made.problems { Output.err(p.description) }
            for w in made.warnings { Output.err("warning: " + w.description) }
            var o: JSONObject = ["source": .string(source.rawValue)]
            if let note = made.skippedNote {
                o["skipped"] = .string(note)
                if json { print(JSON.object(o).serialized) } else { print("\(source.rawValue): skipped: \(note)") }
                continue
            }
            let writer = try openWriter(args, self)
            let changes: SyncChanges
            do {
                changes = try writer.sync(source: source.rawValue, records: made.records, keeping: made.unreadable) {
                    progress.update($0, $1, keepsLine: false)
                }
            } catch {
                progress.clear()
                writer.close()
                throw error
            }
            progress.clear()
            writer.close()
            if json {
                o["added"] = .number(Double(changes.added))
                o["updated"] = .number(Double(changes.updated))
                o["removed"] = .number(Double(changes.removed))
                o["interactions"] = .number(Double(changes.interactions))
                o["problems"] = .array(made.problems.map { .string($0.description) })
                o["warnings"] = .array(made.warnings.map { .string($0.description) })
                print(JSON.object(o).serialized)
            } else {
                var line = "\(source.rawValue): \(changes.added) added, \(changes.updated) updated, \(changes.removed) removed"
                if changes.interactions > 0 { line += ", \(changes.interactions) new interaction\(changes.interactions == 1 ? "" : "s")" }
                if !made.problems.isEmpty { line += " (\(made.problems.count) file\(made.problems.count == 1 ? "" : "s") skipped)" }
                print(line)
            }
        }
        fflush(nil)  // --watch: each re-sync's line as it happens, into a pipe too
    }
}
