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
        .target(name: "LimelightKit", dependencies: ["Xapian"], path: "Sources",
                sources: ["LimelightSupport", "LimelightModel", "LimelightText", "LimelightRanking",
                          "LimelightStore", "LimelightIndex", "LimelightSearch"]),
        .executableTarget(name: "limelight", dependencies: ["LimelightKit"]),
        // In-process benchmark driver (make bench); not part of the product.
        .executableTarget(name: "limelight-bench", dependencies: ["LimelightKit"],
                          path: "Benchmarks/LimelightBench"),
        // Ranking evaluation on corpus/eval (make eval → EVAL.md).
        .executableTarget(name: "limelight-eval", dependencies: ["LimelightKit"],
                          path: "Benchmarks/LimelightEval"),
        .testTarget(name: "XapianTests", dependencies: ["Xapian"]),
        .testTarget(name: "LimelightKitTests", dependencies: ["LimelightKit", "Xapian"]),
        .testTarget(name: "CLITests", dependencies: ["limelight"]),
    ],
    cxxLanguageStandard: .cxx17
)
