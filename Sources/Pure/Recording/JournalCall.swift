/// One call of a use case, as a ``Journal`` records it: its name, its arguments, the state it
/// started from and how it ended. The state changes it made, including those of the tasks it
/// started, are the entries whose ``JournalEntry/call`` is its ``sequence``.
///
/// ```swift
/// for call in journal.calls {
///     print(call.sequence, call.source)   // 1 applyRegionAction(false)
/// }
/// ```
public struct JournalCall<State: Sendable>: Sendable, Identifiable {
    /// How a call ended, once it has.
    public enum Outcome: Sendable, Equatable {
        /// Still running.
        case running
        /// Returned: what it returned, as JSON, when that is encodable and not `Void`.
        case returned(JSONValue?)
        /// Threw: the error, as `String(describing:)` gives it.
        case threw(String)
    }

    /// What kind of function the use case is: how a test must call it.
    public struct Signature: Sendable, Equatable {
        /// It is `async`: a test calls it with `await`.
        public let isAsync: Bool
        /// It can throw: a test calls it with `try`.
        public let canThrow: Bool
        /// It returns something other than `Void`.
        public let returnsValue: Bool

        /// A signature.
        public init(isAsync: Bool, canThrow: Bool, returnsValue: Bool) {
            self.isAsync = isAsync
            self.canThrow = canThrow
            self.returnsValue = returnsValue
        }
    }

    /// One argument: Swift that rebuilds it, and the value as JSON.
    public struct Argument: Sendable, Equatable {
        /// The value as Swift source (``Recordable/recordedSource``).
        public let source: String
        /// The value as JSON; `null` if encoding it failed.
        public let json: JSONValue

        /// Records `value`.
        public init(_ value: some Recordable) {
            source = value.recordedSource
            json = (try? JSONValue(encoding: value)) ?? .null
        }

        /// An argument as a journal file has it (for PureReplay, which reads journal files).
        @_spi(Replay) public init(source: String, json: JSONValue) {
            self.source = source
            self.json = json
        }
    }

    /// The call's number: 1 for the journal's first call, one more for each call after it.
    public let sequence: Int
    /// The use case: the name the container hands it out by (`applyRegionAction`).
    public let useCase: String
    /// What it was given, in order.
    public let arguments: [Argument]
    /// What kind of function it is.
    public let signature: Signature
    /// The wall-clock time the call started, in seconds since 1970.
    public let time: Double
    /// The state when the call started.
    public let before: State
    /// How it ended, or that it has not yet.
    public internal(set) var outcome: Outcome
    /// The state when it ended; `nil` while it runs (and in a journal file written before calls
    /// kept it).
    public internal(set) var after: State?

    /// A call as a journal file has it (for PureReplay, which reads journal files).
    @_spi(Replay) public init(
        sequence: Int, useCase: String, arguments: [Argument], signature: Signature, time: Double, before: State,
        outcome: Outcome, after: State?
    ) {
        self.sequence = sequence
        self.useCase = useCase
        self.arguments = arguments
        self.signature = signature
        self.time = time
        self.before = before
        self.outcome = outcome
        self.after = after
    }

    /// The ``sequence`` number.
    public var id: Int { sequence }

    /// The call as Swift: `applyRegionAction(false)`.
    public var source: String {
        "\(useCase)(\(arguments.map(\.source).joined(separator: ", ")))"
    }
}
