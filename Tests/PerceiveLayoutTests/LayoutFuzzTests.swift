import Foundation
import Perceive
import PerceiveLayout
import Testing

/// Builds random component trees from hostile inputs and remembers which inputs were invalid.
@MainActor
struct HostileTreeMaker {
    var random: LayoutRandom
    /// Descriptions of the invalid inputs placed in the tree: each must appear in a report.
    var invalid: [String] = []

    static let lengths: [CGFloat] = [
        0, 5, 37.5, 200, 1e-300, 1e9, -1, -1e300, .nan, .infinity, -.infinity,
        1e300, .greatestFiniteMagnitude, 1e12
    ]
    static let counts: [Int] = [0, 1, 2, 3, 1_000, 1_001, -1, .min, .max]

    mutating func pick<T>(_ values: [T]) -> T { values[random.int(0..<values.count)] }

    /// A length; invalid ones (NaN, infinite, negative, above the largest length) are noted.
    mutating func length() -> CGFloat {
        let value = pick(Self.lengths)
        if !(value.isFinite && value >= 0 && value <= Constraint.maximumLength) { invalid.append("\(value)") }
        return value
    }

    /// A constraint bound: like `length()`, but infinity is valid there (an unbounded axis).
    mutating func bound() -> CGFloat {
        let value = pick(Self.lengths)
        if value != .infinity && !(value.isFinite && value >= 0 && value <= Constraint.maximumLength) { invalid.append("\(value)") }
        return value
    }

    /// A valid length (for places where an invalid one would not be used, so not reported).
    mutating func validLength() -> CGFloat { pick([0, 5, 37.5, 200, 1e-300, 1e9]) }

    mutating func count(_ valid: ClosedRange<Int>) -> Int {
        let value = pick(Self.counts)
        if !valid.contains(value) { invalid.append("\(value)") }
        return value
    }

    mutating func strategy(otherIsAspect: Bool) -> SizeStrategy {
        switch random.int(0..<5) {
        case 0: return .fill
        case 1: return .fit
        case 2: return .absolute(length())
        case 3: return .percentage(length())
        default: return otherIsAspect ? .fit : .aspectPercentage(length())
        }
    }

    mutating func children(_ depth: Int) -> [any Component] {
        (0..<random.int(0..<4)).map { _ in tree(depth - 1) }
    }

    mutating func tree(_ depth: Int) -> any Component {
        guard depth > 0 else { return leaf() }
        switch random.int(0..<13) {
        case 0:
            let (spacing, children) = (length(), children(depth))
            return VStack(
                spacing: spacing, justifyContent: pick([.start, .center, .spaceBetween, .spaceEvenly]),
                alignItems: pick([.start, .center, .end, .stretch])
            ) { children }
        case 1:
            let (spacing, children) = (length(), children(depth))
            return HStack(spacing: spacing, alignItems: pick([.start, .stretch])) { children }
        case 2:
            let children = children(depth)
            return ZStack(verticalAlignment: pick([.center, .stretch]), horizontalAlignment: pick([.start, .stretch])) { children }
        case 3:
            let (line, item, children) = (length(), length(), children(depth))
            return Flow(lineSpacing: line, interItemSpacing: item, justifyContent: pick([.start, .spaceAround])) { children }
        case 4:
            let (columns, column, item) = (count(1...Waterfall.maximumColumns), length(), length())
            let children = children(depth)
            return Waterfall(columns: columns, columnSpacing: column, interItemSpacing: item) { children }
        case 5:
            let (content, decoration) = (tree(depth - 1), tree(depth - 1))
            return AnyComponent(content).overlay { decoration }
        case 6:
            let content = tree(depth - 1)
            return AnyComponent(content).inset(EdgeInsets(top: length(), left: length(), bottom: length(), right: length()))
        case 7:
            let content = tree(depth - 1)
            if random.int(0..<2) == 0 {
                return AnyComponent(content).frame(width: length(), height: length())
            }
            return AnyComponent(content).frame(minWidth: length(), minHeight: length(), alignment: .bottom)
        case 8:
            let content = tree(depth - 1)
            let width = strategy(otherIsAspect: false)
            let height = strategy(otherIsAspect: { if case .aspectPercentage = width { return true } else { return false } }())
            return AnyComponent(content).size(width: width, height: height)
        case 9:
            let content = tree(depth - 1)
            switch random.int(0..<3) {
            case 0: return AnyComponent(content).flex(length())
            case 1: return AnyComponent(content).flexShrink(length())
            default: return AnyComponent(content).centered()
            }
        case 10:
            let inner = tree(depth - 1)
            return SizeReader { proxy in
                AnyComponent(inner).measure(proxy).frame(minHeight: proxy.maxHeight())
            }
        case 11:
            let (columnA, columnB) = (tree(depth - 1), tree(depth - 1))
            let maxWidth = length()
            return TableReader<Int>(maxWidth: maxWidth) { proxy in
                HStack {
                    AnyComponent(columnA).measure(proxy, 0).frame(width: proxy.columnWidth(0))
                    AnyComponent(columnB).measure(proxy, 1)
                }
            }
        default:
            let children = children(depth)
            return HStack { children }.tappableView {}
        }
    }

    mutating func leaf() -> any Component {
        switch random.int(0..<4) {
        case 0: return Space(width: length(), height: length())
        case 1:
            let font = Font(pointSize: length(), weight: pick([.regular, .bold]))
            return Text(pick(["", "a", "hello world", "wide 界 text", String(repeating: "x ", count: 40)]))
                .font(font).numberOfLines(count(0...Int.max))
        case 2: return Image(PlatformImage(name: "photo", size: CGSize(width: length(), height: length())))
        default: return Space(width: validLength(), height: validLength()).tappableView {}
        }
    }
}

@MainActor
@Suite("Layout fuzz")
struct LayoutFuzzTests {
    /// 10,000 random trees of every container and modifier, fed 0, negatives, NaN, ±∞, 1e-300, 1e300,
    /// the largest double and `Int.min`/`Int.max`: no crash, every frame finite, every clamp reported.
    @Test(arguments: 0..<10)
    func hostileInputsGiveFiniteFramesAndReports(batch: Int) {
        var maker = HostileTreeMaker(random: LayoutRandom(state: UInt64(batch) &* 7_919 &+ 1))
        for index in 0..<1_000 {
            maker.invalid = []
            // Inputs are checked where they are given (initializers) or used (layout): both count.
            let ((tree, node), messages) = Diagnostics.capture {
                let tree = maker.tree(maker.random.int(1..<5))
                let width = maker.bound()
                let height = maker.random.int(0..<2) == 0 ? CGFloat.infinity : maker.bound()
                return (tree, tree.layout(Constraint(maxSize: CGSize(width: width, height: height))))
            }
            let label = "batch \(batch), case \(index)"
            #expect(allFrames(node), "\(label): a frame is not finite")
            let reported = messages.map(\.text).joined(separator: "\n")
            for value in maker.invalid {
                #expect(reported.contains(value), "\(label): the invalid input \(value) was not reported")
            }
            if index % 50 == 0 {
                // Rendered too: views get finite frames and the dump prints them.
                let host = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                host.componentEngine.component = tree
                _ = Diagnostics.capture { host.componentEngine.flush() }
                #expect(
                    host.findViews(ofType: PlatformView.self).allSatisfy {
                        $0.frame.minX.isFinite && $0.frame.minY.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite
                    }, "\(label): a view frame is not finite")
                #expect(!host.dump().isEmpty)
            }
        }
    }
}
