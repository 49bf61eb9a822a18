import Dispatch

/// Timing helpers: monotonic clock, warm-up, repetitions, medians and p95.
enum Measure {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body(iterations)` once to warm up, then `repetitions` times, and returns the median
    /// nanoseconds per iteration.
    static func nsPerOp(repetitions: Int, iterations: Int, _ body: (Int) -> Void) -> Double {
        body(max(1, iterations / 10))
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            let start = now()
            body(iterations)
            samples.append(Double(now() - start) / Double(iterations))
        }
        return median(samples)
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    /// The nearest-rank percentile of `values` (`fraction` in 0…1).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
