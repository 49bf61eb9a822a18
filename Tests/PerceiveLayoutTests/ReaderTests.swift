import Foundation
import Perceive
import PerceiveLayout
import Testing

enum Column: Hashable { case first, second }

@MainActor
@Suite("Measurement readers")
struct ReaderTests {
    @Test func sizeReaderAppliesTheLargestHeight() {
        let node = layout(
            SizeReader { proxy in
                HStack(spacing: 10) {
                    box(20, 10).measure(proxy).frame(minHeight: proxy.maxHeight(), alignment: .top)
                    box(20, 40).measure(proxy).frame(minHeight: proxy.maxHeight())
                }
            })
        let stack = node
        #expect(stack.size == CGSize(width: 50, height: 40))
        #expect(stack.children.map(\.size) == [CGSize(width: 20, height: 40), CGSize(width: 20, height: 40)])
    }

    @Test func widthAndHeightAreMaximisedIndependentlyPerTag() {
        var seen: CGSize?
        _ = layout(
            MeasurementReader<Column> { proxy in
                VStack {
                    box(30, 5).measure(proxy, .first)
                    box(10, 25).measure(proxy, .first)
                    box(99, 99).measure(proxy, .second)
                    Space().frame(
                        minWidth: {
                            seen = proxy.maxSize(.first); return nil
                        }())
                }
            })
        #expect(seen == CGSize(width: 30, height: 25))
    }

    @Test func nestedReadersNeverSeeEachOthersMeasurements() {
        final class Reports { var values: [Int: CGFloat?] = [:] }
        let reports = Reports()
        final class Passes { var count = 0 }
        let passes = Passes()
        func nested(_ depth: Int) -> any Component {
            SizeReader(id: depth, onMeasure: { reports.values[depth] = $0?.width }) { proxy in
                VStack {
                    Space(width: CGFloat(depth), height: 1).measure(proxy)
                    Space().frame(
                        minWidth: {
                            passes.count += 1; return nil
                        }())
                    if depth < levels { nested(depth + 1) }
                }
            }
        }
        // Sanitizer builds have larger frames: fewer levels fit the default stack there.
        let levels = runningUnderSanitizer ? 200 : 1_000
        _ = layout(nested(1), width: 2_000)
        #expect(reports.values.count == levels)
        #expect((1...levels).allSatisfy { reports.values[$0] == CGFloat($0) })
        // Readers whose content reads no measurement settle in one pass: linear, not 2^1000.
        #expect(passes.count == levels)
    }

    @Test func mergeKeepsTagsThatDisappearUntilTheVersionChanges() {
        final class Model: Perceptible { @Perceived var showsSecond = true; @Perceived var version = 1 }
        final class Seen { var second: CGFloat?? = nil }
        let seen = Seen()
        struct Table: ComponentBuilder {
            let model: Model
            let seen: Seen
            func build() -> some Component {
                TableReader<Column>(maxWidth: 1_000, pads: false, version: model.version) { proxy in
                    VStack {
                        box(10, 10).measure(proxy, .first)
                        if model.showsSecond { box(70, 10).measure(proxy, .second) }
                        Space().frame(
                            minWidth: {
                                seen.second = proxy.columnWidth(.second); return nil
                            }())
                    }
                }
            }
        }
        let model = Model()
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.componentEngine.component = Table(model: model, seen: seen)
        view.componentEngine.flush()
        #expect(seen.second == 70)
        model.showsSecond = false
        view.componentEngine.flush()
        #expect(seen.second == 70) // merged history keeps the vanished column
        model.version = 2
        view.componentEngine.flush()
        #expect(seen.second == .some(nil)) // a new version starts from an empty proxy
    }

    @Test func replaceForgetsTagsThatDisappear() {
        final class Model: Perceptible { @Perceived var showsSecond = true }
        final class Seen { var second: CGFloat?? = nil }
        let seen = Seen()
        struct Reader: ComponentBuilder {
            let model: Model
            let seen: Seen
            func build() -> some Component {
                MeasurementReader<Column> { proxy in
                    VStack {
                        if model.showsSecond { box(70, 10).measure(proxy, .second) }
                        Space().frame(
                            minWidth: {
                                seen.second = proxy.maxWidth(.second); return nil
                            }())
                    }
                }
            }
        }
        let model = Model()
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        view.componentEngine.component = Reader(model: model, seen: seen)
        view.componentEngine.flush()
        #expect(seen.second == 70)
        model.showsSecond = false
        view.componentEngine.flush()
        #expect(seen.second == .some(nil))
    }

    @Test func readerThatNeverConvergesIsCutOffAndReported() {
        final class Passes {
            var count = 0
            /// Counts a layout pass; the frame it returns sets no minimum.
            func next() -> CGFloat? {
                count += 1
                return nil
            }
        }
        let passes = Passes()
        let line = #line + 1
        let reader = SizeReader { proxy in
            // Each pass measures one more than it saw: never stable.
            Space(width: (proxy.maxWidth() ?? 0) + 1, height: 1).measure(proxy)
            Space().frame(minWidth: passes.next())
        }
        let (node, messages) = Diagnostics.capture { layout(reader) }
        #expect(passes.count == MeasurementReaderLimits.passesPerReader)
        #expect(node.size.width == CGFloat(MeasurementReaderLimits.passesPerReader))
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: SizeReader at PerceiveLayoutTests/ReaderTests.swift:\(line):33 did not converge after 8 passes (its content keeps changing what it measures); the last layout is used."
            ])
    }

    @Test func tableReaderDistributesWidthsToColumns() {
        var widths: [CGFloat?] = []
        _ = layout(
            TableReader<Column>(maxWidth: 300) { proxy in
                VStack {
                    box(50, 10).measure(proxy, .first)
                    box(100, 10).measure(proxy, .second)
                    Space().frame(
                        minWidth: {
                            widths = [proxy.columnWidth(.first), proxy.columnWidth(.second)]; return nil
                        }())
                }
            })
        #expect(widths == [125, 175])
    }
}
