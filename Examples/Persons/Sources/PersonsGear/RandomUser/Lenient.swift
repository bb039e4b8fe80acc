/// Decodes one element of a list, keeping the failure instead of failing the whole list.
struct Lenient<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or `nil` when it is missing, `null` or of another type: one odd field
    /// does not cost the whole record.
    func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
