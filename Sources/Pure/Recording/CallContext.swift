/// The use case call the current task works for: how a journal groups the state changes a call
/// made, including those of the tasks it started, under that call.
///
/// `MutableStore.recording(as:_:)` sets it for the length of a call; child tasks and `Task {}`
/// inherit it. Work that outlives the call (a task that follows changes for as long as a
/// screen is open) should not: carry the call that asked for each piece of its work instead.
///
/// ```swift
/// let asking = CallContext.sequence          // when the work is asked for
/// await CallContext.$sequence.withValue(asking) { await read() }   // when it is done
/// ```
public enum CallContext {
    /// The number of the call (``JournalCall/sequence``) the current task works for, if any.
    @TaskLocal public static var sequence: Int?
}
