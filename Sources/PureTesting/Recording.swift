import Pure

/// A list that subscription callbacks append to from any thread while a test reads it.
final class Recording<Element: Sendable>: Sendable {
    private let elements = Locked<[Element]>([])

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    var all: [Element] {
        elements.withLock { $0 }
    }

    var count: Int {
        elements.withLock { $0.count }
    }
}
