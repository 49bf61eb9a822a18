import Foundation
import PerceiveLayout
import Testing

@MainActor
@Suite("Bad input")
struct BadInputTests {
    func allFinite(_ node: any RenderNode) -> Bool {
        let own =
            node.size.width.isFinite && node.size.height.isFinite
            && node.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }
        return own && node.children.allSatisfy(allFinite)
    }

    @Test func constraintsSanitizeNaNNegativeAndInvertedBounds() {
        let (constraint, messages) = Diagnostics.capture {
            Constraint(minSize: CGSize(width: CGFloat.nan, height: -5), maxSize: CGSize(width: CGFloat.nan, height: 10))
        }
        #expect(
            messages.map(\.text) == [
                "Perceive: a constraint maximum of nan was replaced by inf.",
                "Perceive: a constraint minimum of nan was replaced by 0.",
                "Perceive: a constraint minimum of -5.0 was replaced by 0."
            ])
        #expect(constraint.minSize == .zero)
        #expect(constraint.maxSize.width == .infinity)
        #expect(constraint.maxSize.height == 10)
        let inverted = Constraint(minSize: CGSize(width: 50, height: 50), maxSize: CGSize(width: 20, height: 20))
        #expect(inverted.minSize == CGSize(width: 20, height: 20))
        #expect(inverted.clamp(CGSize(width: CGFloat.nan, height: 100)) == CGSize(width: 20, height: 20))
    }

    @Test func constraintsKeepValidBoundsAndLowerHugeOnesToTheMaximumLength() {
        let limit = Constraint.maximumLength
        // At the limit, infinite maxima and negative zero are valid: kept as they are, unreported.
        let (valid, quiet) = Diagnostics.capture {
            Constraint(minSize: CGSize(width: limit, height: -0.0), maxSize: CGSize(width: limit, height: .infinity))
        }
        #expect(quiet.isEmpty)
        #expect(valid.minSize == CGSize(width: limit, height: 0) && valid.maxSize == CGSize(width: limit, height: .infinity))
        // Above it: a finite maximum is lowered to it (the bounds otherwise in order)...
        let (lowered, messages) = Diagnostics.capture {
            Constraint(minSize: .zero, maxSize: CGSize(width: 2e9, height: .infinity))
        }
        #expect(messages.map(\.text) == ["Perceive: a constraint maximum of 2000000000.0 was replaced by 1000000000."])
        #expect(lowered.minSize == .zero && lowered.maxSize == CGSize(width: limit, height: .infinity))
        // ...and a finite minimum too; an infinite minimum becomes 0.
        let (raised, more) = Diagnostics.capture {
            Constraint(minSize: CGSize(width: 3e9, height: .infinity), maxSize: CGSize(width: CGFloat.infinity, height: .infinity))
        }
        #expect(
            more.map(\.text) == [
                "Perceive: a constraint minimum of 3000000000.0 was replaced by 1000000000.",
                "Perceive: a constraint minimum of inf was replaced by 0."
            ])
        #expect(raised.minSize == CGSize(width: limit, height: 0))
    }

    @Test func invalidSizesAndSpacingsBecomeZeroAndAreReported() {
        let line = #line + 5
        let (node, messages) = Diagnostics.capture {
            layout(
                VStack(spacing: .nan) {
                    box(-10, .infinity)
                    Space().size(width: .absolute(.nan), height: .percentage(-1))
                })
        }
        #expect(allFinite(node))
        #expect(node.size == .zero)
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: VStack at \(#fileID):\(line - 2): invalid spacing nan was replaced by 0.",
                "PerceiveLayout: Space at PerceiveLayoutTests/LayoutSupport.swift:18: invalid width -10.0 was replaced by 0.",
                "PerceiveLayout: Space at PerceiveLayoutTests/LayoutSupport.swift:18: invalid height inf was replaced by 0.",
                "Perceive: .size(…) on Space at PerceiveLayoutTests/BadInputTests.swift:\(line): invalid absolute size nan was replaced by 0.",
                "Perceive: .size(…) on Space at PerceiveLayoutTests/BadInputTests.swift:\(line): .percentage on an unbounded axis resolves to 0; give that axis a finite size.",
                "Perceive: .size(…) on Space at PerceiveLayoutTests/BadInputTests.swift:\(line): invalid percentage -1.0 was replaced by 0."
            ])
    }

    /// Sizes at the largest length are valid and kept silently; past it they are lowered and
    /// reported, the products of a percentage and of an aspect ratio and the factors themselves
    /// included.
    @Test func sizesAtTheMaximumLengthAreKeptAndPastItLoweredAndReported() {
        let limit = Constraint.maximumLength
        let (kept, quiet) = Diagnostics.capture {
            [
                layout(Space().size(width: .absolute(limit), height: .percentage(2)), width: 100, height: 40).size,
                layout(Space().size(width: .fill, height: .percentage(0)), width: limit, height: 40).size,
                layout(Space().size(width: .absolute(1_000), height: .aspectPercentage(limit / 1_000)), width: 100, height: 40).size,
                layout(Space().size(width: .aspectPercentage(2), height: .fill), width: 100, height: 40).size
            ]
        }
        #expect(
            kept == [
                CGSize(width: limit, height: 80), CGSize(width: limit, height: 0), CGSize(width: 1_000, height: limit),
                CGSize(width: 80, height: 40)
            ])
        #expect(quiet.isEmpty)
        // Each axis past it beside a valid one; a factor past it lowered before it multiplies.
        let line = #line + 3
        let (lowered, messages) = Diagnostics.capture {
            [
                layout(Space().size(width: .absolute(limit * 2), height: .absolute(10)), width: 100, height: 40).size,
                layout(Space().size(width: .absolute(10), height: .percentage(limit)), width: 100, height: 40).size,
                layout(Space().size(width: .absolute(1_000), height: .aspectPercentage(limit)), width: 100, height: 40).size,
                layout(Space().size(width: .aspectPercentage(limit), height: .absolute(1_000)), width: 100, height: 40).size,
                layout(Space().size(width: .absolute(0.25), height: .aspectPercentage(limit * 2)), width: 100, height: 40).size,
                layout(Space().size(width: .percentage(limit * 2), height: .absolute(10)), width: 0.25, height: 40).size
            ]
        }
        #expect(
            lowered == [
                CGSize(width: limit, height: 10), CGSize(width: 10, height: limit), CGSize(width: 1_000, height: limit),
                CGSize(width: limit, height: 1_000), CGSize(width: 0.25, height: limit / 4), CGSize(width: limit / 4, height: 10)
            ])
        let at = { (offset: Int) in "Perceive: .size(…) on Space at \(#fileID):\(line + offset):" }
        #expect(
            messages.map(\.text) == [
                "\(at(0)) absolute size 2000000000.0 exceeds the largest length (1000000000) and was lowered to it.",
                "\(at(1)) percentage size 40000000000.0 exceeds the largest length (1000000000) and was lowered to it.",
                "\(at(2)) aspect size 1000000000000.0 exceeds the largest length (1000000000) and was lowered to it.",
                "\(at(3)) aspect size 1000000000000.0 exceeds the largest length (1000000000) and was lowered to it.",
                "\(at(4)) aspect ratio 2000000000.0 exceeds the largest length (1000000000) and was lowered to it.",
                "\(at(5)) percentage 2000000000.0 exceeds the largest length (1000000000) and was lowered to it."
            ])
    }

    /// A spacing at the largest length is kept silently; past it, it is lowered and reported.
    @Test func spacingsAtTheMaximumLengthAreKeptAndPastItLoweredAndReported() {
        let limit = Constraint.maximumLength
        let (kept, quiet) = Diagnostics.capture { VStack(spacing: limit) {}.spacing }
        #expect(kept == limit)
        #expect(quiet.isEmpty)
        let line = #line + 1
        let (lowered, messages) = Diagnostics.capture { HStack(spacing: limit * 2) {}.spacing }
        #expect(lowered == limit)
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: HStack at \(#fileID):\(line): spacing 2000000000.0 exceeds the largest length (1000000000) and was lowered to it."
            ])
    }

    @Test func fillUnderAnUnboundedAxisIsZeroAndReported() {
        let line = #line + 1
        let (node, messages) = Diagnostics.capture { layout(Space().fill(), width: 100) }
        #expect(node.size == CGSize(width: 100, height: 0))
        #expect(
            messages.map(\.text) == [
                "Perceive: .size(…) on Space at \(#fileID):\(line): .fill on an unbounded axis resolves to 0; give that axis a finite size."
            ])
    }

    @Test func zeroColumnsBecomeOneAndUnboundedWidthIsZero() {
        let line = #line + 2
        let (node, messages) = Diagnostics.capture {
            layout(Waterfall(columns: 0, spacing: -3) { Space().size(width: .fill, height: 10) }, width: 80)
        }
        #expect(node.size == CGSize(width: 80, height: 10))
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: Waterfall at \(#fileID):\(line): column count 0 is outside 1…1000; 1 is used.",
                "PerceiveLayout: Waterfall at \(#fileID):\(line): invalid column spacing -3.0 was replaced by 0.",
                "PerceiveLayout: Waterfall at \(#fileID):\(line): invalid item spacing -3.0 was replaced by 0."
            ])
        let (unbounded, more) = Diagnostics.capture {
            layout(Waterfall(columns: 2) { Space().size(width: .fill, height: 10) }, width: .infinity)
        }
        #expect(allFinite(unbounded))
        #expect(unbounded.size == CGSize(width: 0, height: 10))
        #expect(
            more.map(\.text).contains(
                "PerceiveLayout: Waterfall at \(#fileID):\(line + 10) needs a bounded width; it was laid out at width 0."))
    }

    @Test func textWithInvalidFontOrWidthStaysFinite() {
        let (node, messages) = Diagnostics.capture { layout(Text("abc").font(.systemFont(ofSize: .nan)), width: .nan) }
        #expect(allFinite(node))
        #expect(node.size == .zero)
        #expect(
            messages.map(\.text) == [
                "Perceive: invalid font size nan was replaced by 0.",
                "Perceive: a constraint maximum of nan was replaced by inf."
            ])
        let (narrow, more) = Diagnostics.capture { layout(Text("abc def"), width: -20) }
        #expect(allFinite(narrow))
        #expect(more.map(\.text) == ["Perceive: a constraint maximum of -20.0 was replaced by 0."])
    }

    @Test func modifiersNameTheCallThatMadeTheBadValue() {
        let line = #line + 4
        let (_, messages) = Diagnostics.capture {
            layout(
                HStack {
                    Flow(spacing: -1) { Space(width: 1, height: 1) }
                    Text("t").numberOfLines(-2)
                    Space(width: 1).flex(.nan)
                }, width: 100)
        }
        let site = { (offset: Int) in "PerceiveLayoutTests/BadInputTests.swift:\(line + offset)" }
        #expect(
            messages.map(\.text) == [
                "PerceiveLayout: Flow at \(site(0)): invalid line spacing -1.0 was replaced by 0.",
                "PerceiveLayout: Flow at \(site(0)): invalid item spacing -1.0 was replaced by 0.",
                "PerceiveLayout: .numberOfLines(…) on Text at \(site(1)): line count -2 is outside 0…9223372036854775807; 0 is used.",
                "PerceiveLayout: .flex(…) at \(site(2)): invalid grow factor nan was replaced by 0."
            ])
    }
}
