import Synchronization

/// The last thing rendered, and what it was rendered from: every open page shows the same state,
/// so one render per change serves them all.
final class RenderMemo<Input: Equatable & Sendable, Output: Sendable>: Sendable {
    private let last = Mutex<(input: Input, output: Output)?>(nil)

    /// The rendering of `input`: remembered if it is what was rendered last, else made by `render`.
    func output(for input: Input, render: (Input) -> Output) -> Output {
        if let last = last.withLock({ $0 }), last.input == input {
            return last.output
        }
        let output = render(input)
        last.withLock { $0 = (input, output) }
        return output
    }
}
