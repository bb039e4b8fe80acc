import NIOConcurrencyHelpers

/// The last thing rendered, and what it was rendered from: every open page shows the same state,
/// so one render per change serves them all.
final class RenderMemo<Input: Equatable & Sendable, Output: Sendable>: Sendable {
    private let last = NIOLockedValueBox<(input: Input, output: Output)?>(nil)

    /// The rendering of `input`: remembered if it is what was rendered last, else made by `render`.
    func output(for input: Input, render: (Input) -> Output) -> Output {
        if let last = last.withLockedValue({ $0 }), last.input == input {
            return last.output
        }
        let output = render(input)
        last.withLockedValue { $0 = (input, output) }
        return output
    }
}
