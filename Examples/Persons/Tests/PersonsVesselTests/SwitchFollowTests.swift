import Persons
import PersonsTestSupport
import PersonsWorker
import Testing

@testable import PersonsVessel

/// Following the file's switches while this process flips them: a read of the file is news only
/// if no switch action ran while it was made.
@Suite("Following the switches", .timeLimit(.minutes(10)))
struct SwitchFollowTests {
    /// A point a task waits at until the test lets it go, and says when it got there.
    final class Gate: Sendable {
        let (reached, arrive) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)

        func pass() async {
            arrive.yield()
            for await _ in released { return }
        }
    }

    @Test("a read begun before a flip and the flip back is not taken for news: the state stays as the actions left it")
    func noFlipFromAStaleRead() async throws {
        let db = try await PersonDBWorker.inMemory()
        let switches = RecordingSwitches(base: db)
        let vessel = Vessel(db: db, switches: switches, photos: RecordingPhotos(), web: { RecordingWeb() })
        try await vessel.applyRegionAction(false)
        let (before, after) = (Gate(), Gate())
        switches.holdReads { isRead in await (isRead ? after : before).pass() }

        // The follower notes the state (off), then waits to read the file.
        let following = Task { await vessel.followSwitches() }
        for await _ in before.reached { break }
        // A flip on: the follower then reads the file as it holds it (on) and waits again.
        try await vessel.applyRegionAction(true)
        before.release.yield()
        for await _ in after.reached { break }
        // A flip back off: the state is off, as the follower noted it, the file off too.
        try await vessel.applyRegionAction(false)
        after.release.yield()
        await following.value

        #expect(vessel.appState.value.field.isRegion == false, "a read of the file between two flips showed the first")
        #expect(vessel.knownSwitches.withLockedValue { $0.values.isRegion } == false)
    }
}
