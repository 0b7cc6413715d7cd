// swift-tools-version: 6.0
// Limelight: a Spotlight-style search and suggestion engine on Xapian.
//
// Layers, each a target, so the compiler enforces the direction (a target
// imports only what is below it; Index and Search are siblings and never
// import each other):
//
//   CXapian (C header + C++, the only code that includes <xapian.h>)
//     ← Xapian (the Swift wrapper)
//   LimelightSupport (errors, time, files, binary coding)
//     ← LimelightModel (JSON, records and their rules, reading JSON Lines)
//     ← LimelightText (tokenizer, folding, edge prefixes)
//     ← LimelightRanking (RankingWeights, usage, the scoring function)
//     ← LimelightStore (schema, cards, hot lists, property schema, index
//                       location, generations and locks, stored records by
//                       item key)
//     ← LimelightIndex (writing)   LimelightSearch (reading and ranking)
//       (Store, Index and Search build Xapian documents and queries, so each
//       declares Xapian; nothing above them sees it)
//     ← LimelightKit (re-exports both; no code of its own)
//     ← limelight (the CLI: options, help, output, sysexits)
import PackageDescription

// Query paths call small functions across layers (card decoding, the scorer,
// the tokenizer); cross-module optimisation keeps them inlined as they were
// in one module (make bench-smoke measures it).
let layer: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "Limelight",
    products: [
        .executable(name: "limelight", targets: ["limelight"]),
        .library(name: "LimelightKit", targets: ["LimelightKit"]),
    ],
    targets: [
        .target(
            name: "CXapian",
            linkerSettings: [.linkedLibrary("xapian")]
        ),
        .target(name: "Xapian", dependencies: ["CXapian"], swiftSettings: layer),
        .target(name: "LimelightSupport", swiftSettings: layer),
        .target(name: "LimelightModel", dependencies: ["LimelightSupport"], swiftSettings: layer),
        .target(name: "LimelightText", dependencies: ["LimelightModel"], swiftSettings: layer),
        .target(name: "LimelightRanking", dependencies: ["LimelightText"], swiftSettings: layer),
        .target(name: "LimelightStore", dependencies: ["LimelightRanking", "Xapian"], swiftSettings: layer),
        .target(name: "LimelightIndex", dependencies: ["LimelightStore", "Xapian"], swiftSettings: layer),
        .target(name: "LimelightSearch", dependencies: ["LimelightStore", "Xapian"], swiftSettings: layer),
        .target(name: "LimelightKit", dependencies: ["LimelightIndex", "LimelightSearch"]),
        .executableTarget(name: "limelight", dependencies: ["LimelightKit", "DesktopSources", "DesktopLaunch", "DBusService"]),
        // The SQLite C library (Debian libsqlite3-dev), for Firefox's places.sqlite.
        // Its header only: the library is loaded with dlopen when a Firefox
        // profile is read, so that search does not pay for loading it.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Readers of this desktop's stores (issue 12): Desktop Entry files,
        // recently-used.xbel, Firefox and Chromium, and the records made of them.
        // Needs only JSON and records (Model), Timestamp (Support) and
        // Xapian's word rule (Text: the words a web address hides).
        .target(name: "DesktopSources", dependencies: ["LimelightModel", "LimelightSupport", "LimelightText", "CSQLite"], swiftSettings: layer),
        // Opening a hit: Exec lines and URIs as argv, started with posix_spawn.
        .target(name: "DesktopLaunch", dependencies: ["DesktopSources", "LimelightModel", "LimelightSupport", "CSDBus"], swiftSettings: layer),
        // In-process benchmark driver (make bench); not part of the product.
        .executableTarget(name: "limelight-bench", dependencies: ["LimelightKit", "Xapian"],
                          path: "Benchmarks/LimelightBench"),
        // Ranking evaluation on corpus/eval (make eval → EVAL.md).
        .executableTarget(name: "limelight-eval", dependencies: ["LimelightKit"],
                          path: "Benchmarks/LimelightEval"),
        // Session-bus service (issue 13): sd-bus shim, its Swift face, and a
        // fixture service the tests run on a private bus.
        .target(
            name: "CSDBus",
            linkerSettings: [.linkedLibrary("systemd")]
        ),
        .target(name: "DBusService", dependencies: ["CSDBus"]),
        .target(name: "DBusServiceFixtures", dependencies: ["DBusService"],
                path: "Tests/DBusServiceFixtures"),
        .executableTarget(name: "dbus-service-fixture", dependencies: ["DBusServiceFixtures", "DBusService"],
                          path: "Tests/DBusServiceFixture"),
        // A fake DBusActivatable app (C on sd-bus), slow to take its name.
        .executableTarget(name: "dbus-application-fixture", path: "Tests/DBusApplicationFixture",
                          linkerSettings: [.linkedLibrary("systemd")]),
        .testTarget(name: "DBusServiceTests",
                    dependencies: ["DBusService", "DBusServiceFixtures", "dbus-service-fixture", "dbus-application-fixture",
                                   "limelight", "DesktopSources", "LimelightModel"]),
        // Tests mirror the targets: one test target per layer that has unit
        // tests of its own; LimelightKitTests index and search end to end
        // (Index and Search together, as LimelightKit offers them).
        .testTarget(name: "XapianTests", dependencies: ["Xapian"]),
        .testTarget(name: "LimelightSupportTests", dependencies: ["LimelightSupport"]),
        .testTarget(name: "LimelightModelTests", dependencies: ["LimelightModel"]),
        .testTarget(name: "LimelightTextTests", dependencies: ["LimelightText"]),
        .testTarget(name: "LimelightRankingTests", dependencies: ["LimelightRanking"]),
        .testTarget(name: "LimelightStoreTests", dependencies: ["LimelightStore", "Xapian"]),
        .testTarget(name: "LimelightIndexTests", dependencies: ["LimelightIndex", "Xapian"]),
        .testTarget(name: "LimelightSearchTests", dependencies: ["LimelightSearch", "LimelightStore", "LimelightRanking"]),
        .testTarget(name: "LimelightKitTests", dependencies: ["LimelightKit", "Xapian", "TestProcesses"]),
        .testTarget(name: "CLITests", dependencies: ["limelight", "TestProcesses"], exclude: ["Help"]),
        // Servers the tests start on 127.0.0.1 (xapian-tcpsrv, xapian-replicate-server).
        .target(name: "TestProcesses", path: "Tests/TestProcesses"),
        .testTarget(name: "DesktopSourcesTests", dependencies: ["DesktopSources", "LimelightModel", "LimelightSupport", "TestProcesses"]),
    ],
    cxxLanguageStandard: .cxx17
)
