import Dispatch
import Pure
import Synchronization

/// A small two-level state in the shape apps use: groups, then fields.
struct AppModel: Equatable, Sendable {
    struct Sys: Equatable, Sendable {
        var count = 0
        var label = ""
    }
    struct Field: Equatable, Sendable {
        var isRegion = true
        var isUsername = true
    }
    var sys = Sys()
    var field = Field()
    var list = [Int](repeating: 0, count: 100)
}

/// Runs `work` on a thread outside the test's executor and tells whether it finished within
/// `seconds`: a deadlock shows up as `false` instead of a hung test run.
func finishes(within seconds: Double = 10, _ work: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
}

/// Values a callback collects from any thread.
final class Collected<Element: Sendable>: Sendable {
    private let elements = Locked<[Element]>([])

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    var all: [Element] {
        elements.withLock { $0 }
    }
}

/// An object whose release a test can observe through a weak reference.
final class Marker: Sendable {}

/// An integer shared between tasks and callbacks.
final class SharedInt: Sendable {
    private let storage: Atomic<Int>

    init(_ value: Int = 0) {
        storage = Atomic(value)
    }

    var value: Int {
        get { storage.load(ordering: .acquiring) }
        set { storage.store(newValue, ordering: .releasing) }
    }

    func increment() {
        storage.add(1, ordering: .relaxed)
    }
}
