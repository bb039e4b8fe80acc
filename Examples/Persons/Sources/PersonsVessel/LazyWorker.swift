import NIOConcurrencyHelpers
import Persons

/// A worker built the first time it is needed, then kept; a failed build is retried next time.
///
/// ```swift
/// let web = LazyWorker { () throws(Fizzle) -> any PersonWebWork in try PersonWebWorker(address: nil) }
/// let worker = try web.value()
/// ```
final class LazyWorker<Worker: Sendable>: Sendable {
    private let build: @Sendable () throws(Fizzle) -> Worker
    private let built = NIOLockedValueBox<Worker?>(nil)

    init(_ build: @escaping @Sendable () throws(Fizzle) -> Worker) {
        self.build = build
    }

    func value() throws(Fizzle) -> Worker {
        try built.withLockedValue { built -> Result<Worker, Fizzle> in
            if let worker = built { return .success(worker) }
            do throws(Fizzle) {
                let worker = try build()
                built = worker
                return .success(worker)
            } catch {
                return .failure(error)
            }
        }.get()
    }
}
