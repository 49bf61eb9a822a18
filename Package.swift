// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Perceive",
    // Synchronization's Mutex and Atomic set the floor on Apple platforms; Linux has no minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Perceive", targets: ["Perceive"]),
        .library(name: "PerceiveLayout", targets: ["PerceiveLayout"]),
        .library(name: "PerceiveTerminal", targets: ["PerceiveTerminal"]),
        .executable(name: "perceive-bench", targets: ["PerceiveBench"]),
        .executable(name: "perceive-probe", targets: ["PerceiveProbe"]),
        .executable(name: "perceive-gallery", targets: ["PerceiveGallery"]),
    ],
    targets: [
        .target(name: "Perceive"),
        .target(name: "PerceiveLayout", dependencies: ["Perceive"]),
        // Draws a view tree in a terminal and feeds it keyboard and mouse input (termios and ioctl
        // from the C library; no package).
        .target(name: "PerceiveTerminal", dependencies: ["Perceive", "PerceiveLayout"]),
        .executableTarget(
            name: "PerceiveGallery",
            dependencies: ["Perceive", "PerceiveLayout", "PerceiveTerminal"],
            path: "Examples/PerceiveGallery"
        ),
        .executableTarget(
            name: "PerceiveBench",
            dependencies: ["Perceive", "PerceiveLayout", "PerceiveTerminal", "HeapStatistics"],
            path: "Benchmarks/PerceiveBench"
        ),
        // One operation at a time, for valgrind's instruction counts (see its main.swift).
        .executableTarget(
            name: "PerceiveProbe",
            dependencies: ["Perceive", "PerceiveLayout", "PerceiveTerminal"],
            path: "Benchmarks/PerceiveProbe"
        ),
        // The allocator's in-use byte count for the benchmark's memory scenario (C: Swift's Glibc
        // module does not import malloc.h). Not a dependency of the libraries.
        .target(name: "HeapStatistics", path: "Benchmarks/HeapStatistics"),
        .testTarget(name: "PerceiveTests", dependencies: ["Perceive", "PerceiveLayout"]),
        .testTarget(name: "PerceiveLayoutTests", dependencies: ["Perceive", "PerceiveLayout"]),
        // The gallery example is a dependency: its screen is tested, and its binary is run in tmux.
        .testTarget(name: "PerceiveTerminalTests", dependencies: ["Perceive", "PerceiveLayout", "PerceiveTerminal", "PerceiveGallery"]),
    ],
    swiftLanguageModes: [.v6]
)
