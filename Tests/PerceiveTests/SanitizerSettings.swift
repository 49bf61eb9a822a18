/// Leak-sanitizer suppressions for `swift test --sanitize=address`.
///
/// The toolchain's XCTest runner (which `swift test` starts before Swift Testing, with no tests of
/// ours) keeps a few objects of its own alive until exit, and the leak sanitizer reports them; the
/// sanitizer reads this function's answer (a C symbol it looks up by name) and ignores leaks from
/// that library only. Leaks anywhere else still fail the run.
@_cdecl("__lsan_default_suppressions")
public func leakSanitizerSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let suppressions: StaticString = "leak:libXCTest.so\n"
