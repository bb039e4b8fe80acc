import NIOConcurrencyHelpers
import Persons

/// A web worker that records every call and answers with canned people, with failures on
/// demand.
public final class RecordingWeb: PersonWebWork {
    /// A call the worker received.
    public enum Call: Equatable, Sendable {
        case downloadPage(Int, count: Int)
        case downloadPhoto(String)
        case walk(isLeg: Bool)
    }

    private let state: NIOLockedValueBox<(calls: [Call], failure: Fizzle?, batches: [PersonBatch]?)>
    private let people: [Person]
    /// Where the people come from, as a sync remembers it.
    public let source = "recording"
    /// The most people one page asks for.
    public let largestPage: Int
    /// Whether the photos are downloaded too.
    public let hasPhotos: Bool

    /// Creates a worker that downloads `people`, at most `largestPage` a page, and their photos
    /// if `hasPhotos`.
    public init(people: [Person] = Samples.people, largestPage: Int = 5_000, hasPhotos: Bool = false) {
        state = NIOLockedValueBox(([], nil, nil))
        self.people = people
        self.largestPage = largestPage
        self.hasPhotos = hasPhotos
    }

    /// Makes every download answer `batches` instead of the canned people (`nil`: the people).
    public func answer(with batches: [PersonBatch]?) {
        state.withLockedValue { $0.batches = batches }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLockedValue { $0.calls } }

    /// Makes every download fail with `fizzle` (`nil`: succeed again).
    public func fail(with fizzle: Fizzle?) {
        state.withLockedValue { $0.failure = fizzle }
    }

    /// Recorded; answered with the canned people of that page, in one batch.
    public func downloadPage(
        _ page: Int, of plan: SyncPlan, waiting: @escaping @Sendable (Int) -> Void
    ) -> PersonBatches {
        let (failure, batches) = state.withLockedValue { state in
            state.calls.append(.downloadPage(page, count: plan.count))
            return (state.failure, state.batches)
        }
        guard failure != nil || batches != nil else {
            let start = min(people.count, (page - 1) * plan.pageSize)
            return PersonBatches(Array(people[start...].prefix(plan.people(onPage: page))))
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Result<PersonBatch, Fizzle>.self)
        for batch in batches ?? [] { continuation.yield(.success(batch)) }
        if let failure { continuation.yield(.failure(failure)) }
        continuation.finish()
        return PersonBatches(stream)
    }

    /// Recorded; answered with the sample photo, or the failure the worker was told to fail
    /// with.
    public func downloadPhoto(_ address: String) async throws(Fizzle) -> PhotoFile {
        let failure = state.withLockedValue { state in
            state.calls.append(.downloadPhoto(address))
            return state.failure
        }
        if let failure { throw failure }
        return Samples.photo
    }

    /// Recorded; answered with the canned people.
    public func walk(isLeg: Bool) async throws(Fizzle) -> String {
        state.withLockedValue { $0.calls.append(.walk(isLeg: isLeg)) }
        guard isLeg else { throw .walkFail }
        return "LEG"
    }
}
