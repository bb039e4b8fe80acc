/// A value read leniently: missing, `null` or of another type, it reads as `nil`, so one odd
/// field does not cost the whole record (`"phone": 42` is no phone), nor one odd record the
/// whole answer.
///
/// ```swift
/// struct Card: Decodable { @Lenient var phone: String? }
/// ```
@propertyWrapper
public struct Lenient<Value: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
    /// The value; `nil` when it could not be read.
    public let wrappedValue: Value?

    /// A value already read.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the value, or `nil` when it is of another shape.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// A lenient field that is missing reads as `nil` instead of failing its record.
    func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) throws -> Lenient<Value> {
        Lenient(wrappedValue: lenient(Value.self, key))
    }

    /// The value at `key`, or `nil` when it is missing, `null` or of another type.
    func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
