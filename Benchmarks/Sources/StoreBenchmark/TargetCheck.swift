/// The targets of the kit's issue, checked against measured figures.
struct TargetCheck {
    private(set) var lines: [String] = []
    private(set) var allMet = true
    private var subscribeCosts: [Double] = []

    mutating func checkRatio(_ ratio: Double?, kind: SelectorKind, subscribers: Int) {
        guard let ratio else { return }
        let goal: Double? =
            switch (kind, subscribers) {
            case (_, 1): 1
            case (.keyPath, 1_000): 100
            case (.keyPath, 10_000): 1_000
            case (.closure, 1_000): 20
            default: nil
            }
        guard let goal else { return }
        record(
            ratio >= goal,
            "\(kind.rawValue) selectors, \(subscribers) subscribers: ratio \(format(ratio, digits: 1)) >= \(format(goal))"
        )
    }

    /// The kit must be ahead of Observation at every subscriber count.
    mutating func checkAheadOfObservation(_ ratio: Double?, kind: SelectorKind, subscribers: Int) {
        guard let ratio else { return }
        record(
            ratio >= 1,
            "\(kind.rawValue) selectors, \(subscribers) subscribers: ahead of Observation, ratio "
                + "\(format(ratio, digits: 1)) >= 1")
    }

    mutating func checkSubscription(nanoseconds: Double, bytes: Double?, kind: SelectorKind, subscribers: Int) {
        guard kind == .keyPath else { return }
        subscribeCosts.append(nanoseconds)
        record(
            nanoseconds <= 1_000, "subscribe+cancel at \(subscribers) subscribers: \(format(nanoseconds)) ns <= 1000 ns"
        )
        if let bytes {
            record(bytes <= 300, "bytes per subscription at \(subscribers) subscribers: \(format(bytes)) <= 300")
        }
    }

    /// With a journal, an update costs at most twice as much at 1,000 subscribers, and the
    /// memory a full journal holds does not grow with more updates.
    mutating func checkJournal(ratio: Double, bytesPerUpdate: Double?, subscribers: Int) {
        if subscribers == 1_000 {
            record(ratio <= 2, "journal at 1000 subscribers: \(format(ratio, digits: 2))x the cost without, <= 2x")
        }
        if let bytesPerUpdate {
            record(
                bytesPerUpdate < 8,
                "journal at \(subscribers) subscribers: \(format(bytesPerUpdate, digits: 1)) bytes kept per update "
                    + "once full, < 8 (bounded)")
        }
    }

    private mutating func record(_ met: Bool, _ line: String) {
        allMet = allMet && met
        lines.append((met ? "met    " : "MISSED ") + line)
    }

    func report() {
        for line in lines { print("- " + line) }
        if let low = subscribeCosts.min(), let high = subscribeCosts.max() {
            print(
                "- subscribe+cancel spread over N = 1...10,000: \(format(low))-\(format(high)) ns (independent of N if close)"
            )
        }
        print(allMet ? "\nAll targets met." : "\nSome targets missed.")
    }
}

/// `value` rounded to `digits` decimals, or "n/a".
func format(_ value: Double?, digits: Int = 0) -> String {
    guard let value else { return "n/a" }
    let scale = (0..<digits).reduce(1) { product, _ in product * 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return String(scaled) }
    let fraction = String(abs(scaled % scale))
    return "\(scaled / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}
