import Observation
import Perceive

/// The operations `core` measures, implemented once per tracking system with identical shapes.
protocol CoreShapes {
    func untrackedReads(_ iterations: Int)
    func trackedReadCost(repetitions: Int, reads: Int, tracks: Int) -> Double
    func trackCycles(_ iterations: Int, distinctReads: Int)
    func writesNoObserver(_ iterations: Int)
    func writesOtherKey(repetitions: Int, iterations: Int) -> Double
    func writeFire(repetitions: Int, iterations: Int) -> Double
    func fanout(repetitions: Int, scopes: Int, iterations: Int) -> Double
}

extension CoreShapes {
    /// Median ns of one timed write after `prepare` ran untimed, less the clock's own cost.
    func timedWrites(repetitions: Int, iterations: Int, prepare: (Int) -> Void, write: (Int) -> Void) -> Double {
        let overhead = Measure.clockOverhead
        var samples: [Double] = []
        for repetition in 0...repetitions {
            var total: UInt64 = 0
            for index in 0..<iterations {
                prepare(index)
                let start = Measure.now()
                write(index)
                total += Measure.now() - start
            }
            // The first repetition warms up.
            if repetition > 0 { samples.append(max(0, Double(total) / Double(iterations) - overhead)) }
        }
        return Measure.median(samples)
    }
}

extension Measure {
    /// The cost of one `now()` pair, subtracted from per-write timings.
    static let clockOverhead: Double = {
        var samples: [Double] = []
        for _ in 0..<5 {
            var total: UInt64 = 0
            for _ in 0..<100_000 {
                let start = now()
                total += now() - start
            }
            samples.append(Double(total) / 100_000)
        }
        return median(samples)
    }()
}

struct PerceiveShapes: CoreShapes {
    let models: [CoreSuite.PerceiveModel]

    func untrackedReads(_ iterations: Int) {
        // One model held in a local: indexing an array in the loop would add a retain and a
        // release per read to both variants and hide the accessor's own cost.
        let model = models[0]
        var sum = 0
        for _ in 0..<iterations { sum &+= model.count }
        blackHole(sum)
    }

    func trackedReadCost(repetitions: Int, reads: Int, tracks: Int) -> Double {
        let scope = TrackingScope(bridgesObservation: false) { _ in }
        let models = self.models
        let (first, second) = (models[0], models[1])
        // Alternating two objects defeats any "same as the last read" shortcut: every read counts.
        let withReads = Measure.nsPerOp(repetitions: repetitions, iterations: tracks) { count in
            var sum = 0
            for _ in 0..<count {
                scope.track { for _ in 0..<reads / 2 { sum &+= first.count &+ second.count } }
            }
            blackHole(sum)
        }
        let empty = Measure.nsPerOp(repetitions: repetitions, iterations: tracks) { count in
            var sum = 0
            for _ in 0..<count { scope.track { for index in 0..<reads / 2 { sum &+= index } } }
            blackHole(sum)
        }
        return max(0, withReads - empty) / Double(reads)
    }

    func trackCycles(_ iterations: Int, distinctReads: Int) {
        let models = self.models
        for _ in 0..<iterations {
            let sum = withPerceptionTracking {
                var sum = 0
                for index in 0..<distinctReads { sum &+= models[index].count }
                return sum
            } onChange: {
            }
            models[0].count = sum &+ 1
        }
    }

    func writesNoObserver(_ iterations: Int) {
        let model = models[2]
        for index in 0..<iterations { model.count = index }
    }

    func writesOtherKey(repetitions: Int, iterations: Int) -> Double {
        let scopes = models.prefix(16).map { model in
            let scope = TrackingScope(bridgesObservation: false) { _ in }
            scope.track { _ = model.title }
            return scope
        }
        defer { blackHole(scopes) }
        let model = models[0]
        return Measure.nsPerOp(repetitions: repetitions, iterations: iterations) { count in
            for index in 0..<count { model.count = index }
        }
    }

    func writeFire(repetitions: Int, iterations: Int) -> Double {
        let model = models[0]
        let scope = TrackingScope(bridgesObservation: false) { _ in }
        return timedWrites(repetitions: repetitions, iterations: iterations) { _ in
            scope.track { _ = model.count }
        } write: { index in
            model.count = index &+ 1_000_000
        }
    }

    func fanout(repetitions: Int, scopes count: Int, iterations: Int) -> Double {
        let model = models[0]
        let scopes = (0..<count).map { _ in TrackingScope(bridgesObservation: false) { _ in } }
        return timedWrites(repetitions: repetitions, iterations: iterations) { _ in
            for scope in scopes { scope.track { _ = model.count } }
        } write: { index in
            model.count = index &+ 2_000_000
        }
    }
}

struct ObservationShapes: CoreShapes {
    let models: [CoreSuite.ObservationModel]

    func untrackedReads(_ iterations: Int) {
        // One model held in a local: indexing an array in the loop would add a retain and a
        // release per read to both variants and hide the accessor's own cost.
        let model = models[0]
        var sum = 0
        for _ in 0..<iterations { sum &+= model.count }
        blackHole(sum)
    }

    func trackedReadCost(repetitions: Int, reads: Int, tracks: Int) -> Double {
        let models = self.models
        let (first, second) = (models[0], models[1])
        let withReads = Measure.nsPerOp(repetitions: repetitions, iterations: tracks) { count in
            var sum = 0
            for _ in 0..<count {
                withObservationTracking {
                    for _ in 0..<reads / 2 { sum &+= first.count &+ second.count }
                } onChange: {
                }
            }
            blackHole(sum)
        }
        let empty = Measure.nsPerOp(repetitions: repetitions, iterations: tracks) { count in
            var sum = 0
            for _ in 0..<count {
                withObservationTracking {
                    for index in 0..<reads / 2 { sum &+= index }
                } onChange: {
                }
            }
            blackHole(sum)
        }
        // Release the observations installed above so later shapes start clean.
        for model in models.prefix(16) { model.count &+= 1 }
        return max(0, withReads - empty) / Double(reads)
    }

    func trackCycles(_ iterations: Int, distinctReads: Int) {
        let models = self.models
        for _ in 0..<iterations {
            let sum = withObservationTracking {
                var sum = 0
                for index in 0..<distinctReads { sum &+= models[index].count }
                return sum
            } onChange: {
            }
            models[0].count = sum &+ 1
        }
    }

    func writesNoObserver(_ iterations: Int) {
        let model = models[2]
        for index in 0..<iterations { model.count = index }
    }

    func writesOtherKey(repetitions: Int, iterations: Int) -> Double {
        for model in models.prefix(16) {
            withObservationTracking {
                _ = model.title
            } onChange: {
            }
        }
        let model = models[0]
        let result = Measure.nsPerOp(repetitions: repetitions, iterations: iterations) { count in
            for index in 0..<count { model.count = index }
        }
        for model in models.prefix(16) { model.title += "!" }
        return result
    }

    func writeFire(repetitions: Int, iterations: Int) -> Double {
        let model = models[0]
        return timedWrites(repetitions: repetitions, iterations: iterations) { _ in
            withObservationTracking {
                _ = model.count
            } onChange: {
            }
        } write: { index in
            model.count = index &+ 1_000_000
        }
    }

    func fanout(repetitions: Int, scopes count: Int, iterations: Int) -> Double {
        let model = models[0]
        return timedWrites(repetitions: repetitions, iterations: iterations) { _ in
            for _ in 0..<count {
                withObservationTracking {
                    _ = model.count
                } onChange: {
                }
            }
        } write: { index in
            model.count = index &+ 2_000_000
        }
    }
}
