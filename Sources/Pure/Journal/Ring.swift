/// The newest `capacity` elements numbered 1, 2, 3... in the order they came: the oldest leave
/// first. How a ``Journal`` keeps its entries and its calls.
struct Ring<Element> {
    let capacity: Int
    private var elements: [Element] = []
    /// Where the oldest element is, once the ring is full.
    private var oldest = 0
    /// The number of the newest element; 0 before the first.
    private(set) var last = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The kept elements, oldest first.
    var ordered: [Element] {
        Array(elements[oldest...] + elements[..<oldest])
    }

    /// Adds `make(number)` as the newest element, numbered one more than the last.
    mutating func append(_ make: (Int) -> Element) -> Element {
        last += 1
        let element = make(last)
        if elements.count < capacity {
            elements.append(element)
        } else {
            elements[oldest] = element
            oldest = (oldest + 1) % capacity
        }
        return element
    }

    /// Where element `number` is kept, if it has not left.
    private func index(_ number: Int) -> Int? {
        let first = last - elements.count + 1
        guard number >= first, number <= last, !elements.isEmpty else { return nil }
        return (oldest + number - first) % elements.count
    }

    /// Element `number`, if it has not left.
    subscript(number: Int) -> Element? {
        index(number).map { elements[$0] }
    }

    /// Changes element `number` in place, if it has not left.
    mutating func modify(_ number: Int, _ change: (inout Element) -> Void) {
        guard let index = index(number) else { return }
        change(&elements[index])
    }
}
