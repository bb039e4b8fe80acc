import Pure

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONValue {
    /// Why a text is not JSON, as `JSONDecoder` says.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Reads one JSON value from `text`, which must hold nothing else but spaces (with
    /// `JSONDecoder`, which refuses text nested past its depth rather than following it).
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"search":"ad"}"#)
    /// value["search"]?.string   // "ad"
    /// ```
    public init(parsing text: String) throws(ParseError) {
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch let DecodingError.dataCorrupted(context) {
            throw ParseError(description: context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        } catch {
            throw ParseError(description: "\(error)")
        }
    }

    /// The member `key` of an object; `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The text of a string; `nil` for anything else.
    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value of a number that is a whole `Int`; `nil` for anything else.
    public var int: Int? {
        guard case .number(let number) = self, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// The value of a boolean; `nil` for anything else.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The rows of an array; `nil` for anything else.
    public var array: [JSONValue]? {
        if case .array(let rows) = self { rows } else { nil }
    }
}
