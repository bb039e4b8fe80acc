import OpenCombine
import Pure
import Synchronization

/// How each subscriber selects its field.
enum SelectorKind: String {
    /// Scenario (a): `stored(\.group.field)`.
    case keyPath = "key path"
    /// Scenario (b): each subscriber with its own closure.
    case closure = "closure"

    /// The scenario's letter in the issue: "a" or "b".
    var scenario: String { self == .keyPath ? "a" : "b" }
}

/// Counts subscriber calls, so both stores are seen doing the same work.
final class CallCounter: Sendable {
    private let calls = Atomic(0)

    func increment() {
        calls.add(1, ordering: .relaxed)
    }

    var value: Int { calls.load(ordering: .relaxed) }
}

/// A store under measurement: subscribe to a field and change a field, each by its index in
/// `BenchField.all`. Measured on the main actor, where the benchmark runs.
@MainActor protocol Contestant {
    init()
    func subscribe(to field: Int, by kind: SelectorKind, counter: CallCounter) -> AnyObject
    func update(_ field: Int, step: Int)
}

/// Our store.
class PureContestant: Contestant {
    private let storage: MutableStore<BenchState>

    required init() {
        storage = MutableStore(BenchState(), journal: Self.makeJournal())
    }

    /// The journal the store records into: none here.
    class func makeJournal() -> Journal<BenchState>? { nil }

    func subscribe(to field: Int, by kind: SelectorKind, counter: CallCounter) -> AnyObject {
        guard kind == .keyPath else {
            return storage.store.subscribeByClosure(field: field) { counter.increment() }
        }
        func tally<Value>(_ stored: Stored<Value>) -> StoreSubscription {
            stored.subscribe { _ in counter.increment() }
        }
        switch BenchField.all[field] {
        case .int(let keyPath): return tally(storage.store.stored(keyPath))
        case .bool(let keyPath): return tally(storage.store.stored(keyPath))
        case .string(let keyPath): return tally(storage.store.stored(keyPath))
        }
    }

    func update(_ field: Int, step: Int) {
        let field = BenchField.all[field]
        storage.update { field.change(&$0, step: step) }
    }
}

/// Our store with a journal of the default 1,000 entries.
final class JournaledContestant: PureContestant {
    override class func makeJournal() -> Journal<BenchState>? { Journal() }
}

/// The article's store on OpenCombine.
final class ArticleContestant: Contestant {
    private let store = ArticleStore(BenchState())

    func subscribe(to field: Int, by kind: SelectorKind, counter: CallCounter) -> AnyObject {
        guard kind == .keyPath else {
            return store.subscribeByClosure(field: field) { counter.increment() }
        }
        func tally<Value>(_ stored: AnyPublisher<Value, Never>) -> AnyCancellable {
            stored.sink { _ in counter.increment() }
        }
        switch BenchField.all[field] {
        case .int(let keyPath): return tally(store.stored(keyPath))
        case .bool(let keyPath): return tally(store.stored(keyPath))
        case .string(let keyPath): return tally(store.stored(keyPath))
        }
    }

    func update(_ field: Int, step: Int) {
        let field = BenchField.all[field]
        store.update { field.change(&$0, step: step) }
    }
}
