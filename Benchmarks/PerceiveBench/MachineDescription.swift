import Foundation

/// One line describing where the figures were measured.
enum MachineDescription {
    static var current: String {
        let info = ProcessInfo.processInfo
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        #if DEBUG
            let build = "debug build (figures are not representative; use -c release)"
        #else
            let build = "release build"
        #endif
        return "Machine: \(cpu.flatMap { $0 } ?? "unknown CPU"), \(info.activeProcessorCount) cores, "
            + "\(info.physicalMemory / 1_073_741_824) GiB, \(info.operatingSystemVersionString); \(build)."
    }
}
