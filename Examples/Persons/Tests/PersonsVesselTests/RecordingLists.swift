import NIOConcurrencyHelpers
import Persons

/// The real worker's list pages, each request recorded, and a failure on demand: for a test that
/// counts the reads a change caused, or shows a read that fails.
///
/// ```swift
/// let lists = RecordingLists(base: db)
/// let vessel = Vessel(db: db, lists: lists, photos: RecordingPhotos(), web: { RecordingWeb() })
/// lists.requests   // every page the vessel read
/// ```
final class RecordingLists: ListDBWork {
    private struct Memory {
        var requests: [PageRequest] = []
        var failure: Fizzle?
    }

    private let base: any ListDBWork
    private let memory = NIOLockedValueBox(Memory())

    init(base: any ListDBWork) {
        self.base = base
    }

    /// Every page read since ``forget()``, in order.
    var requests: [PageRequest] { memory.withLockedValue { $0.requests } }

    /// Starts ``requests`` afresh.
    func forget() { memory.withLockedValue { $0.requests = [] } }

    /// Makes every read from now on throw `failure` (none when `nil`).
    func fail(with failure: Fizzle?) { memory.withLockedValue { $0.failure = failure } }

    /// Recorded; read from the real worker unless a failure is planned.
    func readMetas(_ request: PageRequest) async throws(Fizzle) -> MetaPage {
        let failure = memory.withLockedValue { memory in
            memory.requests.append(request)
            return memory.failure
        }
        if let failure { throw failure }
        return try await base.readMetas(request)
    }

    /// Read from the real worker unless a failure is planned; not recorded.
    func countPeople() async throws(Fizzle) -> [ListFilter: [String: Int]] {
        if let failure = memory.withLockedValue({ $0.failure }) { throw failure }
        return try await base.countPeople()
    }
}
