import Testing

/// Reductions of what the optimizer got wrong in the release build, which the debug build gets
/// right: each keeps the shape that failed beside the shape the app uses instead. The test
/// command runs the app's tests on the release build, so these run where they can fail.
@Suite struct ReleaseBuildTests {
    @inline(never) static func echo(_ value: Int) async throws -> Int { value }

    /// Swift 6.3.1 with `-O`: in a closure, `do { return (a, try await f()) } catch { … }`
    /// returns garbage for `a` (`scripts/lint` refuses the shape). The release server crashed on
    /// every person's page because of it, in `ReadPeopleQuery`; the app binds each awaited value
    /// to a name first. When the known issue is no longer seen, the compiler is fixed: the test
    /// then fails, to say so.
    @Test func aPairBuiltAroundAnAwaitInsideDo() async {
        var (lost, lostWhenBound) = (0, 0)
        for round in 0..<100 {
            let pair = Task { () async -> (Int, Int) in
                do { return (round, try await Self.echo(round)) } catch { return (round, 0) }
            }
            if await pair.value.0 != round { lost += 1 }
            let bound = Task { () async -> (Int, Int) in
                do {
                    let value = try await Self.echo(round)
                    return (round, value)
                } catch {
                    return (round, 0)
                }
            }
            if await bound.value.0 != round { lostWhenBound += 1 }
        }
        #expect(lostWhenBound == 0, "the shape the app uses")
        #if DEBUG
            #expect(lost == 0)
        #else
            withKnownIssue("Swift 6.3.1 -O loses the first element of the pair") { #expect(lost == 0) }
        #endif
    }
}
