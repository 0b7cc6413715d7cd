import Glibc
import LimelightSupport

/// A directory whose changes mean a source should sync again.
public struct WatchedDirectory: Sendable, Equatable {
    public var path: String
    /// Its subdirectories too, at any depth, including those made later
    /// (desktop file ids come from subdirectories: `applications/kde/…`).
    public var recursive: Bool
    /// Only changes to these names count (a browser's profile directory
    /// changes all the time; only its bookmarks and history matter). Nil: any.
    public var names: Set<String>?

    public init(_ path: String, recursive: Bool = false, names: Set<String>? = nil) {
        self.path = path
        self.recursive = recursive
        self.names = names
    }
}

/// Watches groups of directories with inotify and says which groups changed,
/// once their changes have settled (a package manager writes many files; GTK
/// rewrites recently-used.xbel through a temporary file and a rename).
///
/// ```swift
/// let watcher = try DirectoryWatcher(groups: [[WatchedDirectory("/usr/share/applications", recursive: true)],
///                                             [WatchedDirectory("/home/me/.local/share", names: ["recently-used.xbel"])]])
/// while let changed = watcher.next(debounceMilliseconds: 300, shouldStop: { stop }) { … }
/// ```
/// Directories that do not exist yet are tried again on every wait, so a
/// browser installed later is picked up. Not thread safe: one thread.
public final class DirectoryWatcher {
    private let fd: Int32
    private var groups: [[WatchedDirectory]]
    /// Groups newly watched by `regroup`, which `next` returns first.
    private var pending = Set<Int>()
    /// What each watch descriptor stands for. One directory named by two
    /// groups (or twice) has one descriptor: each of its watchers is kept.
    private var watches: [Int32: [(group: Int, watched: WatchedDirectory, path: String)]] = [:]

    public init(groups: [[WatchedDirectory]]) throws(DesktopSourceError) {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if fd < 0 { throw DesktopSourceError(file: "inotify", line: 0, problem: String(cString: strerror(errno))) }
        self.groups = groups
        var existing = Set<Int>()
        addWatches(changed: &existing)  // what is there now is synced by the caller
    }

    deinit { close(fd) }

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches every directory of the groups that exists; adds to `changed`
    /// the groups of those watched for the first time. A directory made
    /// after the watch began (a fresh account's ~/.local/share/applications,
    /// with the first launcher already in it) held files no event will tell.
    private func addWatches(changed: inout Set<Int>) {
        for (index, directories) in groups.enumerated() {
            for watched in directories where add(watched.path, watched, group: index) { changed.insert(index) }
        }
    }

    /// Watches `path` for `watched` (and, if it is recursive, every directory
    /// under it); true when one of them was not watched for it before.
    @discardableResult
    private func add(_ path: String, _ watched: WatchedDirectory, group: Int) -> Bool {
        guard FileSystem.isDirectory(path) else { return false }
        let wd = inotify_add_watch(fd, path, Self.mask)
        guard wd >= 0 else { return false }
        var added = false
        if !(watches[wd] ?? []).contains(where: { $0.group == group && $0.watched == watched && $0.path == path }) {
            watches[wd, default: []].append((group, watched, path))
            added = true
        }
        guard watched.recursive else { return added }
        for name in FileSystem.names(in: path) where FileSystem.isDirectory(path + "/" + name) {
            if add(path + "/" + name, watched, group: group) { added = true }
        }
        return added
    }

    /// Replaces what each group watches (same number of groups), for a
    /// source whose directories follow what a change said: Firefox's default
    /// profile, named by a profiles.ini written after the watch began (a
    /// first run, a "Refresh Firefox"), was never watched. Directories no
    /// group names any more are no longer watched; a group given a directory
    /// it did not watch is reported by the next `next`, as what is already
    /// in it came with no event.
    public func regroup(_ newGroups: [[WatchedDirectory]]) {
        precondition(newGroups.count == groups.count)
        groups = newGroups
        for (wd, watchers) in watches {
            let kept = watchers.filter { groups[$0.group].contains($0.watched) }
            if kept.isEmpty { inotify_rm_watch(fd, wd) }
            watches[wd] = kept.isEmpty ? nil : kept
        }
        addWatches(changed: &pending)
    }

    /// Blocks until something in a group changed and then `debounceMilliseconds`
    /// passed with no further change; returns the groups that changed, or nil
    /// once `shouldStop` says so (checked every half second). With
    /// `idleMilliseconds`, returns no groups when nothing changed in that
    /// long (a caller with something to do then): counted on the clock, so
    /// that events of names no group watches (a running Firefox writes its
    /// profile directory all the time) do not put it off.
    public func next(debounceMilliseconds: Int32, idleMilliseconds: Int32? = nil, shouldStop: () -> Bool) -> Set<Int>? {
        var changed = pending
        pending = []
        let start = MonotonicClock.milliseconds()
        while true {
            if shouldStop() { return nil }
            var timeout: Int32 = changed.isEmpty ? 500 : debounceMilliseconds
            if changed.isEmpty, let limit = idleMilliseconds {
                let left = Int64(limit) - (MonotonicClock.milliseconds() - start)
                if left <= 0 { return [] }
                timeout = Int32(min(Int64(timeout), left))
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, timeout)
            if ready > 0 {
                drain(into: &changed)
            } else if ready == 0 {
                if !changed.isEmpty { return changed }
                addWatches(changed: &changed)
            } else if errno != EINTR {
                return nil
            }
        }
    }

    private func drain(into changed: inout Set<Int>) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                // The name is NUL-padded to `len` bytes.
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, n)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_IGNORED) != 0 { watches[wd] = nil; continue }
                for w in watches[wd] ?? [] {
                    if let names = w.watched.names, !names.contains(name) { continue }
                    changed.insert(w.group)
                    // A new subdirectory of a recursive watch: watch it (and
                    // what is already in it) before its files arrive.
                    if w.watched.recursive, mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.isEmpty {
                        add(w.path + "/" + name, w.watched, group: w.group)
                    }
                }
            }
        }
    }
}
