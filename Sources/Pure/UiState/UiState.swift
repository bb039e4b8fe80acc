/// What a screen shows for a piece of work: nothing yet, progress, a result, or a message.
///
/// ```swift
/// var people: UiState<[Person.Meta]> = .ready
/// people = .loading(permille: 250)          // a quarter done
/// people = .success(metas)
/// people = .failure("Check your internet connection.")
/// ```
public enum UiState<Value> {
    /// Nothing has started.
    case ready
    /// Under way; `permille` is the progress from 0 to 1000.
    case loading(permille: Int)
    /// Done, with its result.
    case success(Value)
    /// Failed, with the message a user should see.
    case failure(String)
}

extension UiState: Equatable where Value: Equatable {}
extension UiState: Hashable where Value: Hashable {}
extension UiState: Sendable where Value: Sendable {}
extension UiState: Codable where Value: Codable {}

extension UiState {
    /// The progress as a fraction from 0 to 1 while loading, clamped; otherwise `nil`.
    ///
    /// ```swift
    /// UiState<Int>.loading(permille: 250).progress   // 0.25
    /// ```
    public var progress: Double? {
        permille.map { Double($0) / 1000 }
    }

    /// The progress in per mille while loading, clamped to 0...1000; otherwise `nil`.
    ///
    /// ```swift
    /// UiState<Int>.loading(permille: 1_200).permille   // 1000
    /// ```
    public var permille: Int? {
        guard case .loading(let permille) = self else { return nil }
        return min(max(permille, 0), 1000)
    }

    /// The result once successful; otherwise `nil`.
    ///
    /// ```swift
    /// UiState.success(3).value   // 3
    /// ```
    public var value: Value? {
        guard case .success(let value) = self else { return nil }
        return value
    }

    /// The message once failed; otherwise `nil`.
    ///
    /// ```swift
    /// UiState<Int>.failure("Offline").message   // "Offline"
    /// ```
    public var message: String? {
        guard case .failure(let message) = self else { return nil }
        return message
    }

    /// The same state with its result transformed.
    ///
    /// ```swift
    /// let count: UiState<Int> = people.map(\.count)
    /// ```
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> UiState<Other> {
        switch self {
        case .ready: .ready
        case .loading(let permille): .loading(permille: permille)
        case .success(let value): .success(try transform(value))
        case .failure(let message): .failure(message)
        }
    }
}
