import Foundation
import Pure

/// A use case a replay (``replay(_:on:appState:useCases:sourceLocation:)``) can call: the name
/// the journal records it under, and how to reach it on the test container. Its arguments are
/// decoded from the journal's JSON.
///
/// ```swift
/// let useCases: [ReplayedUseCase<Raft>] = [
///     ReplayedUseCase("applyRegionAction") { $0.applyRegionAction },
///     ReplayedUseCase("openListAction") { $0.openListAction },
/// ]
/// ```
public struct ReplayedUseCase<Container: Sendable>: Sendable {
    /// How a replayed call ended.
    public enum Outcome: Sendable, Equatable {
        /// It returned.
        case returned
        /// It threw this error, described.
        case threw(String)
    }

    /// Why a recorded call could not be made again.
    public struct Unreplayable: Error, Sendable, CustomStringConvertible {
        /// What is wrong with the recorded arguments.
        public let description: String
    }

    /// The name the journal records the use case under (the container's property).
    public let name: String
    let run: @Sendable (Container, [JSONValue]) async throws(Unreplayable) -> Outcome

    /// A use case that waits and may throw.
    public init<each Argument: Decodable, Result, Failure: Error>(
        _ name: String,
        _ useCase: @escaping @Sendable (Container) -> @Sendable (repeat each Argument) async throws(Failure) -> Result
    ) {
        self.name = name
        run = { container, arguments throws(Unreplayable) in
            let values = try Self.decode((repeat (each Argument).self), from: arguments)
            do {
                _ = try await useCase(container)(repeat each values)
                return .returned
            } catch {
                return .threw(String(describing: error))
            }
        }
    }

    /// A use case that waits but cannot fail.
    public init<each Argument: Decodable, Result>(
        _ name: String, _ useCase: @escaping @Sendable (Container) -> @Sendable (repeat each Argument) async -> Result
    ) {
        self.name = name
        run = { container, arguments throws(Unreplayable) in
            let values = try Self.decode((repeat (each Argument).self), from: arguments)
            _ = await useCase(container)(repeat each values)
            return .returned
        }
    }

    /// A use case that neither waits nor throws.
    public init<each Argument: Decodable, Result>(
        _ name: String, _ useCase: @escaping @Sendable (Container) -> @Sendable (repeat each Argument) -> Result
    ) {
        self.name = name
        run = { container, arguments throws(Unreplayable) in
            let values = try Self.decode((repeat (each Argument).self), from: arguments)
            _ = useCase(container)(repeat each values)
            return .returned
        }
    }

    /// The arguments as the use case takes them, each decoded from its JSON, in order.
    private static func decode<each Argument: Decodable>(
        _ types: (repeat (each Argument).Type), from arguments: [JSONValue]
    ) throws(Unreplayable) -> (repeat each Argument) {
        var index = 0
        func next<Value: Decodable>(_ type: Value.Type) throws(Unreplayable) -> Value {
            defer { index += 1 }
            guard index < arguments.count else {
                throw Unreplayable(
                    description: "the journal gives \(arguments.count) arguments, the use case takes more")
            }
            do {
                return try JSONDecoder().decode(Value.self, from: Data(arguments[index].description.utf8))
            } catch {
                throw Unreplayable(description: "argument \(index + 1) is not a \(Value.self): \(error)")
            }
        }
        let values = (repeat try next(each types))
        guard index == arguments.count else {
            throw Unreplayable(
                description: "the journal gives \(arguments.count) arguments, the use case takes \(index)")
        }
        return values
    }
}
