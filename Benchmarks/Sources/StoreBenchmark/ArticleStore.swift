import Foundation
import OpenCombine
import Pure

/// The article's store design, rebuilt on OpenCombine as the baseline: a `CurrentValueSubject`
/// behind a lock, `update` sends the whole state while holding the lock, and each selection is
/// its own `map` + `removeDuplicates` chain per subscriber. The lock is Foundation's `NSLock`,
/// a pthread mutex on Linux, like the kit's own lock.
final class ArticleStore {
    private let lock = NSLock()
    private let subject: CurrentValueSubject<BenchState, Never>

    init(_ state: BenchState) {
        subject = CurrentValueSubject(state)
    }

    func update(_ action: (inout BenchState) -> Void) {
        lock.withLock {
            var value = subject.value
            action(&value)
            if subject.value != value {
                subject.send(value)
            }
        }
    }

    /// `stored(keyPath:)` of the article: `map(keyPath).removeDuplicates()`.
    func stored<Value: Equatable>(_ keyPath: KeyPath<BenchState, Value>) -> AnyPublisher<Value, Never> {
        subject.map(keyPath).removeDuplicates().eraseToAnyPublisher()
    }

    /// `stored(_:)` of the article: `map(transform).removeDuplicates()`.
    func stored<Value: Equatable>(_ transform: @escaping (BenchState) -> Value) -> AnyPublisher<Value, Never> {
        subject.map(transform).removeDuplicates().eraseToAnyPublisher()
    }
}
