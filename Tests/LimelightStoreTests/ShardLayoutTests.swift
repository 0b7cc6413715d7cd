import Glibc
import Testing
@testable import LimelightSupport
@testable import LimelightStore

@Suite struct ShardLayoutTests {
    /// Runs `body` in a fresh directory under /tmp, then removes it.
    private func withScratch(_ body: (String) throws -> Void) throws {
        var template = Array("/tmp/limelight-shards-XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        defer { Files.removeTree(dir) }
        try body(dir)
    }

    @Test func routingIsStableAndSpread() {
        // FNV-1a of "" is the offset basis; the figures pin the hash so that a
        // change of it (which would re-route every stored item) cannot pass unseen.
        #expect(ShardLayout.shard(for: "", count: 1_000_000_007) == Int(UInt64(0xcbf2_9ce4_8422_2325) % 1_000_000_007))
        #expect(ShardLayout.shard(for: "a", count: 1_000_000_007) == Int(UInt64(0xaf63_dc4c_8601_ec8c) % 1_000_000_007))
        var perShard = [0, 0, 0]
        for n in 0..<3000 { perShard[ShardLayout.shard(for: ItemKey.entity(app: "a", type: "T", id: "e\(n)").rawValue, count: 3)] += 1 }
        #expect(perShard.allSatisfy { (900...1100).contains($0) }, "\(perShard)")
    }

    @Test func aDirectoryWithoutMarkerIsNotSharded() throws {
        try withScratch { dir in
            let layout = try ShardLayout.read(at: dir)
            #expect(layout == nil)
        }
    }

    @Test func thePublishedMarkerReadsBack() throws {
        try withScratch { dir in
            try ShardLayout(path: dir + "/", count: 3).publish()
            let layout = try #require(try ShardLayout.read(at: dir))
            #expect(layout.count == 3 && layout.path == dir)
            #expect(layout.shards.map(\.path) == [dir + "/shard-0", dir + "/shard-1", dir + "/shard-2"])
        }
    }

    @Test func aDamagedMarkerIsAnErrorNamingIt() throws {
        try withScratch { dir in
            for text in ["limelight shards 0\n", "limelight shards 03\n", "shards 3\n", "limelight shards 9999\n"] {
                try Files.writeAtomically(dir + "/shards", Array(text.utf8))
                #expect { _ = try ShardLayout.read(at: dir) } throws: { ($0 as? StoreError)?.description.contains(dir + "/shards") == true }
            }
        }
    }
}
