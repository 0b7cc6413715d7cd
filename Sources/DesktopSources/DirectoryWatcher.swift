import Glibc

/// Watches groups of directories with inotify and says which groups changed,
/// once their changes have settled (a package manager writes many files; GTK
/// rewrites recently-used.xbel through a temporary file and a rename).
///
/// ```swift
/// let watcher = try DirectoryWatcher(groups: [["/usr/share/applications"], ["/home/me/.local/share"]])
/// while let changed = watcher.next(debounceMilliseconds: 300, shouldStop: { stop }) { … }
/// ```
/// Directories that do not exist yet are tried again on every wait, so a
/// browser installed later is picked up. Not thread safe: one thread.
public final class DirectoryWatcher {
    private let fd: Int32
    private let groups: [[String]]
    private var groupOfWatch: [Int32: Int] = [:]

    public init(groups: [[String]]) throws(DesktopSourceError) {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if fd < 0 { throw DesktopSourceError(file: "inotify", line: 0, problem: String(cString: strerror(errno))) }
        self.groups = groups
        addWatches()
    }

    deinit { close(fd) }

    private func addWatches() {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        for (index, directories) in groups.enumerated() {
            for directory in directories where FileSystem.isDirectory(directory) {
                let wd = inotify_add_watch(fd, directory, mask)
                if wd >= 0 { groupOfWatch[wd] = index }
            }
        }
    }

    /// Blocks until something in a group changed and then `debounceMilliseconds`
    /// passed with no further change; returns the groups that changed, or nil
    /// once `shouldStop` says so (checked every half second).
    public func next(debounceMilliseconds: Int32, shouldStop: () -> Bool) -> Set<Int>? {
        var changed = Set<Int>()
        while true {
            if shouldStop() { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, changed.isEmpty ? 500 : debounceMilliseconds)
            if ready > 0 {
                drain(into: &changed)
            } else if ready == 0 {
                if !changed.isEmpty { return changed }
                addWatches()
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
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                if let group = groupOfWatch[wd] { changed.insert(group) }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
}
