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
        are untouched. A store that is not on this machine is skipped with a note,
        or, if an earlier sync imported it, synced as empty (what it made goes);
        a broken file is reported as file:line: problem and skipped (what it
        made is kept).

        The sources: apps, the Desktop Entry files of $XDG_DATA_HOME and
        $XDG_DATA_DIRS (each an app, each action an App Shortcut); recent,
        $XDG_DATA_HOME/recently-used.xbel (entities of app limelight.recent);
        firefox, the default profile's bookmarks and history (limelight.firefox);
        chromium, Chromium's and Google Chrome's bookmarks (limelight.chromium).
        """
    static let usage = ["sync [<source>...] [--watch] [--json]"]
    static let positionals = [Positional("source", .many, choices: ["apps", "recent", "firefox", "chromium"], help: "apps, recent, firefox or chromium (default: all).")]
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
        guard args.has(.watch) else { return try syncOnce(chosen, environment: environment, args: args) }
        try DesktopWatch.run(chosen, environment: environment) { changed in
            try syncOnce(changed, environment: environment, args: args)
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
            let writer: IndexWriter
            if let note = made.skippedNote {
                guard let w = try writerForGoneStore(source, made, args) else {
                    o["skipped"] = .string(note)
                    if json { print(JSON.object(o).serialized) } else { print("\(source.rawValue): skipped: \(note)") }
                    continue
                }
                writer = w
                o["gone"] = .string(note)
            } else {
                writer = try openWriter(args, self)
            }
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
            for key in changes.heldByOthers {
                Output.err("warning: \(source.rawValue): \(key) is held by limelight index or another source: left as it is, not synced over")
            }
            if json {
                o["added"] = .number(Double(changes.added))
                o["updated"] = .number(Double(changes.updated))
                o["removed"] = .number(Double(changes.removed))
                o["interactions"] = .number(Double(changes.interactions))
                o["problems"] = .array(made.problems.map { .string($0.description) })
                o["warnings"] = .array(made.warnings.map { .string($0.description) })
                if !changes.heldByOthers.isEmpty { o["heldByOthers"] = .array(changes.heldByOthers.map(JSON.string)) }
                print(JSON.object(o).serialized)
            } else {
                var line = "\(source.rawValue): \(changes.added) added, \(changes.updated) updated, \(changes.removed) removed"
                if changes.interactions > 0 { line += ", \(changes.interactions) new interaction\(changes.interactions == 1 ? "" : "s")" }
                // (A problem is a desktop file, or a record of a browser's database.)
                if !made.problems.isEmpty { line += " (\(made.problems.count) left out, each said above)" }
                if let note = made.skippedNote { line += " (store gone: \(note))" }
                print(line)
            }
        }
        fflush(nil)  // --watch: each re-sync's line as it happens, into a pipe too
    }

    /// The writer that empties `source` when its store is gone, or nil when
    /// it is only to be skipped. Gone: the index holds what an earlier sync
    /// made of the store, which should not stay searchable for ever. Not a
    /// store that is there but cannot be read (its owner app `unreadable`,
    /// whose items are kept), nor one never synced (a note, and no index
    /// made for it).
    static func writerForGoneStore(_ source: DesktopSource, _ made: SourceRecords, _ args: ParsedArguments) throws -> IndexWriter? {
        guard made.unreadable.isEmpty, access(try location(args).path, F_OK) == 0 else { return nil }
        let writer = try openWriter(args, self)
        let synced: Bool
        do { synced = try writer.holdsRecords(ofSource: source.rawValue) } catch {
            writer.close()
            throw error
        }
        if synced { return writer }
        writer.close()
        return nil
    }
}
