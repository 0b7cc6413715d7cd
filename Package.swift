// swift-tools-version: 6.0
// Limelight: a Spotlight-style search and suggestion engine on Xapian.
//
// Layout: CXapian (C header + C++, the only code that includes <xapian.h>)
// -> Xapian (Swift wrapper) -> LimelightKit (the engine) -> limelight (CLI).
import PackageDescription

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
        .target(name: "Xapian", dependencies: ["CXapian"]),
        .target(name: "LimelightKit", dependencies: ["Xapian"]),
        .executableTarget(name: "limelight", dependencies: ["LimelightKit"]),
        // The SQLite C library (Debian libsqlite3-dev), for Firefox's places.sqlite.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        // Readers of this desktop's stores (issue 12): Desktop Entry files,
        // recently-used.xbel, Firefox and Chromium. Uses JSON and Timestamp from
        // LimelightKit (after the layer split: Model and Support).
        .target(name: "DesktopSources", dependencies: ["LimelightKit", "CSQLite"]),
        // In-process benchmark driver (make bench); not part of the product.
        .executableTarget(name: "limelight-bench", dependencies: ["LimelightKit"],
                          path: "Benchmarks/LimelightBench"),
        // Ranking evaluation on corpus/eval (make eval → EVAL.md).
        .executableTarget(name: "limelight-eval", dependencies: ["LimelightKit"],
                          path: "Benchmarks/LimelightEval"),
        .testTarget(name: "XapianTests", dependencies: ["Xapian"]),
        .testTarget(name: "LimelightKitTests", dependencies: ["LimelightKit", "Xapian"]),
        .testTarget(name: "CLITests", dependencies: ["limelight"]),
        .testTarget(name: "DesktopSourcesTests", dependencies: ["DesktopSources"]),
    ],
    cxxLanguageStandard: .cxx17
)
