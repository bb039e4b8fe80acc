import Pure

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A use case a journal records, declared once for what reads the journal back: its name, the
/// types of its arguments, and how to reach it on a container. An exported test
/// (``TestExport``) writes each recorded call's arguments from their values, decoded from the
/// journal's JSON to these types; a replay (PureTesting's `replay`) calls the use case with them.
/// A call whose use case is not declared, or whose arguments are not of its types, is refused
/// by name: nothing a journal file says is ever written out as code.
///
/// ```swift
/// let useCases: [RecordedUseCase<any Serving>] = [
///     RecordedUseCase("applyRegionAction") { $0.applyRegionAction },
///     RecordedUseCase("openListAction") { $0.openListAction },
/// ]
/// ```
public struct RecordedUseCase<Container: Sendable>: Sendable {
    /// How a call made again ended.
    public enum Outcome: Sendable {
        /// It returned this: what the caller holds as long as the recorded session held it (a
        /// scene's hold, say, which closes its scene when let go).
        case returned(any Sendable)
        /// It threw this error, described.
        case threw(String)
    }

    /// Why a recorded call's arguments cannot be used: what is wrong with them.
    public struct Unusable: Error, Sendable, CustomStringConvertible {
        /// What is wrong, for the person who asked.
        public let description: String
    }

    /// The name the journal records the use case under (the container's property).
    public let name: String
    private let write: @Sendable ([JSONValue]) throws(Unusable) -> [String]
    private let run: @Sendable (Container, [JSONValue]) async throws(Unusable) -> Outcome

    /// A use case that waits and may throw.
    public init<each Argument: Recordable & Decodable, Result: Sendable, Failure: Error>(
        _ name: String,
        _ useCase: @escaping @Sendable (Container) -> @Sendable (repeat each Argument) async throws(Failure) -> Result
    ) {
        self.name = name
        write = Self.writer((repeat (each Argument).self))
        run = { container, arguments throws(Unusable) in
            let values = try Self.decode((repeat (each Argument).self), from: arguments)
            do {
                return .returned(try await useCase(container)(repeat each values))
            } catch {
                return .threw(String(describing: error))
            }
        }
    }

    /// A use case that waits but cannot fail.
    public init<each Argument: Recordable & Decodable, Result: Sendable>(
        _ name: String, _ useCase: @escaping @Sendable (Container) -> @Sendable (repeat each Argument) async -> Result
    ) {
        self.name = name
        write = Self.writer((repeat (each Argument).self))
        run = { container, arguments throws(Unusable) in
            let values = try Self.decode((repeat (each Argument).self), from: arguments)
            return .returned(await useCase(container)(repeat each values))
        }
    }

    /// A use case that neither waits nor throws.
    public init<each Argument: Recordable & Decodable, Result: Sendable>(
        _ name: String, _ useCase: @escaping @Sendable (Container) -> @Sendable (repeat each Argument) -> Result
    ) {
        self.name = name
        write = Self.writer((repeat (each Argument).self))
        run = { container, arguments throws(Unusable) in
            let values = try Self.decode((repeat (each Argument).self), from: arguments)
            return .returned(useCase(container)(repeat each values))
        }
    }

    /// Writes arguments of `types` from their JSON: each decoded, then written as Swift.
    private static func writer<each Argument: Recordable & Decodable>(
        _ types: (repeat (each Argument).Type)
    ) -> @Sendable ([JSONValue]) throws(Unusable) -> [String] {
        { arguments throws(Unusable) in
            let values = try decode((repeat (each Argument).self), from: arguments)
            var sources: [String] = []
            for value in repeat each values { sources.append(value.recordedSource) }
            return sources
        }
    }

    /// The Swift of each argument in `arguments` (a recorded call's, as JSON): each decoded to
    /// the type the use case takes, and written from that value (`Recordable.recordedSource`).
    ///
    /// ```swift
    /// try useCase.sources(of: [.bool(false)])   // ["false"]
    /// ```
    public func sources(of arguments: [JSONValue]) throws(Unusable) -> [String] {
        try write(arguments)
    }

    /// Calls the use case on `container` with `arguments` (a recorded call's, as JSON), each
    /// decoded to the type the use case takes; how it ended, with what it returned.
    ///
    /// ```swift
    /// let outcome = try await useCase.call(on: raft, with: [.bool(false)])   // .returned(())
    /// ```
    public func call(on container: Container, with arguments: [JSONValue]) async throws(Unusable) -> Outcome {
        try await run(container, arguments)
    }

    /// The arguments as the use case takes them, each decoded from its JSON, in order.
    private static func decode<each Argument: Decodable>(
        _ types: (repeat (each Argument).Type), from arguments: [JSONValue]
    ) throws(Unusable) -> (repeat each Argument) {
        var index = 0
        func next<Value: Decodable>(_ type: Value.Type) throws(Unusable) -> Value {
            defer { index += 1 }
            guard index < arguments.count else {
                throw Unusable(description: "the journal gives \(arguments.count) arguments, the use case takes more")
            }
            do {
                return try JSONDecoder().decode(Value.self, from: Data(arguments[index].description.utf8))
            } catch {
                throw Unusable(description: "argument \(index + 1) is not a \(Value.self)")
            }
        }
        let values = (repeat try next(each types))
        guard index == arguments.count else {
            throw Unusable(description: "the journal gives \(arguments.count) arguments, the use case takes \(index)")
        }
        return values
    }
}
