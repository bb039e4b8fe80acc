import NIOConcurrencyHelpers

/// The last things rendered, and what each was rendered from: every open page of an address
/// shows the same state, so one render per change serves them all; a part shared by several
/// addresses keeps one rendering for each input they show.
final class RenderMemo<Input: Equatable & Sendable, Output: Sendable>: Sendable {
    private let kept: Int
    /// The renderings kept, the newest first.
    private let last = NIOLockedValueBox<[(input: Input, output: Output)]>([])

    /// A memo of the last `kept` renderings (at least one).
    init(keeping kept: Int = 1) {
        self.kept = max(1, kept)
    }

    /// The rendering of `input`: remembered if it is one of those rendered last, else made by
    /// `render`.
    func output(for input: Input, render: (Input) -> Output) -> Output {
        let found = last.withLockedValue { last -> Output? in
            guard let index = last.firstIndex(where: { $0.input == input }) else { return nil }
            if index > 0 { last.insert(last.remove(at: index), at: 0) }
            return last[0].output
        }
        if let found { return found }
        let output = render(input)
        last.withLockedValue { last in
            if last.count >= kept { last.removeLast(last.count - kept + 1) }
            last.insert((input, output), at: 0)
        }
        return output
    }
}
