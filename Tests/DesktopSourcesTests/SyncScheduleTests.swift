#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import LimelightSupport
@testable import DesktopSources

/// `sync --watch` holds back a source's next sync until its minimum
/// interval has passed, and makes one sync of the changes in between.
@Suite struct SyncScheduleTests {
    @Test func changesWithinTheIntervalAreOneSyncAtItsEnd() {
        var s = SyncSchedule(minimumIntervals: [0: 10])
        s.synced([0, 1], at: 100)
        // A page load: places.sqlite, its WAL, the title a moment later.
        s.changed([0], at: 101)
        s.changed([0], at: 103)
        #expect(s.due(at: 103).isEmpty)
        #expect(s.wait(at: 103) == 7)
        s.changed([0], at: 108)
        #expect(s.due(at: 109.9).isEmpty)
        #expect(s.due(at: 110) == [0])
        #expect(s.wait(at: 110) == nil)
        #expect(s.due(at: 200).isEmpty, "synced once, and nothing changed since")
        // After a quiet while: at once.
        s.changed([0], at: 300)
        #expect(s.due(at: 300) == [0])
    }

    @Test func aSourceWithNoMinimumSyncsAtOnce() {
        var s = SyncSchedule(minimumIntervals: [0: DesktopSource.firefox.minimumSyncInterval, 1: DesktopSource.apps.minimumSyncInterval])
        s.synced([0, 1], at: 0)
        s.changed([0, 1], at: 1)
        #expect(s.due(at: 1) == [1])
        #expect(s.due(at: DesktopSource.firefox.minimumSyncInterval) == [0])
        #expect(DesktopSource.firefox.minimumSyncInterval > 1)
    }

    /// The wait for a held-back sync is counted on the clock: a running
    /// Firefox writes its profile directory (cookies, session) all the time,
    /// and those events, of names no group watches, put it off for as long
    /// as they came.
    @Test func theIdleWaitIsNotPutOffByEventsOfOtherNames() throws {
        let tree = FixtureTree()
        let directory = tree.directory("profile")
        let watcher = try DirectoryWatcher(groups: [[WatchedDirectory(directory, names: ["places.sqlite"])]])
        // Another name written every 50 ms, for 8 s at most.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "for i in $(seq 160); do echo $i > '\(directory)/cookies.sqlite'; sleep 0.05; done"]
        try writer.run()
        defer { writer.terminate(); writer.waitUntilExit() }
        usleep(200_000)
        let start = MonotonicClock.milliseconds()
        let result = watcher.next(debounceMilliseconds: 100, idleMilliseconds: 1_000) {
            MonotonicClock.milliseconds() - start > 6_000
        }
        let took = MonotonicClock.milliseconds() - start
        #expect(result == [], "\(String(describing: result))")
        #expect(took < 3_000, "waited \(took) ms")
    }
}
