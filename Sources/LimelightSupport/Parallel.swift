#if canImport(Glibc)
import Glibc
#endif

/// Runs independent jobs on threads of their own and waits for all of them:
/// the sharded writer builds each shard on its own thread (each shard is its
/// own Xapian database, and Xapian objects are safe on different threads as
/// long as no two threads share one).
package enum Parallel {
    /// Calls `body(k)` for every k in 0..<count, each on its own thread (k = 0
    /// on the calling thread), and returns when all have returned. `body` must
    /// not touch state another k touches; that is what makes the box below safe.
    package static func forEach(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = Job(body)
            var threads: [pthread_t] = []
            var inline: [Int] = []
            for k in 1..<count {
                let context = Unmanaged.passRetained(Slot(shared, k)).toOpaque()
                var thread = pthread_t()
                let status = pthread_create(&thread, nil, { context in
                    let slot = Unmanaged<Slot>.fromOpaque(context!).takeRetainedValue()
                    slot.job.body(slot.index)
                    return nil
                }, context)
                if status == 0 {
                    threads.append(thread)
                } else {
                    // No thread to be had: run it here, after the others started.
                    Unmanaged<Slot>.fromOpaque(context).release()
                    inline.append(k)
                }
            }
            body(0)
            for k in inline { body(k) }
            for t in threads { pthread_join(t, nil) }
        }
    }

    /// The closure crossing pthread_create's `void *`. @unchecked: every thread
    /// calls it with a different k, and `forEach` joins them all before the
    /// closure's captures can go.
    private final class Job: @unchecked Sendable {
        let body: (Int) -> Void
        init(_ body: @escaping (Int) -> Void) { self.body = body }
    }

    private final class Slot: @unchecked Sendable {
        let job: Job
        let index: Int
        init(_ job: Job, _ index: Int) {
            self.job = job
            self.index = index
        }
    }
}
