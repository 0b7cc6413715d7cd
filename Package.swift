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
        // In-process benchmark driver (make bench); not part of the product.
        .executableTarget(name: "limelight-bench", dependencies: ["LimelightKit"],
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
        .testTarget(name: "DBusServiceTests",
                    dependencies: ["DBusService", "DBusServiceFixtures", "dbus-service-fixture"]),
        .testTarget(name: "XapianTests", dependencies: ["Xapian"]),
        .testTarget(name: "LimelightKitTests", dependencies: ["LimelightKit", "Xapian"]),
        .testTarget(name: "CLITests", dependencies: ["limelight"]),
    ],
    cxxLanguageStandard: .cxx17
)
