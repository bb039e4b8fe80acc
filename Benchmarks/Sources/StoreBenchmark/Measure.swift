import MallocCounter

/// Nanoseconds per call of `body`: the median of five timed runs, each repeated enough times to
/// last about 60 ms (at least `minimum` calls).
func nanosecondsPerCall(minimum: Int = 25, _ body: (Int) -> Void) -> Double {
    let clock = ContinuousClock()
    var repetitions = minimum
    while true {
        let elapsed = clock.measure { for step in 0..<repetitions { body(step) } }
        if elapsed >= .milliseconds(15) || repetitions >= 1 << 26 { break }
        repetitions *= 2
    }
    repetitions *= 4
    let runs = (0..<5).map { _ in
        let elapsed = clock.measure { for step in 0..<repetitions { body(step) } }
        return nanoseconds(elapsed) / Double(repetitions)
    }
    return runs.sorted()[2]
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// Bytes currently allocated by malloc, or `nil` where the C library does not tell.
func allocatedBytes() -> Int? {
    let bytes = malloc_counter_allocated_bytes()
    return bytes < 0 ? nil : Int(bytes)
}
