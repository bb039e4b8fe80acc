import Pure
import PureReplay
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The values an exported test keeps in a file beside it, where a value is too large to read
/// in a step (the people a session needs, a list's rows): `Name.json` beside `Name.swift`, an
/// object with a member per value, as `TestExport` (PureReplay) writes it.
///
/// ```swift
/// let data = try RecordedData()              // FlipSearchOpenTests.json, beside this file
/// await changes.expect(step: "1. openListAction(ListCriteria())", scenes: data["1 scenes"])
/// ```
public struct RecordedData: Sendable {
    /// Why the file cannot be used: which file, and what is wrong with it.
    public struct Unreadable: Error, Sendable, CustomStringConvertible {
        /// The file and what is wrong with it.
        public let description: String
    }

    private let values: [String: JSONValue]
    private let file: String

    /// The values beside `testFile` (the test's own, by default): the same name, ending `.json`.
    public init(beside testFile: String = #filePath) throws(Unreadable) {
        let url = URL(fileURLWithPath: testFile).deletingPathExtension().appendingPathExtension("json")
        file = url.lastPathComponent
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Unreadable(description: "\(file), the data of this exported test, cannot be read: \(error)")
        }
        guard case .object(let values)? = try? JSONValue(parsing: text) else {
            throw Unreadable(description: "\(file) is not a JSON object of named values")
        }
        self.values = values
    }

    /// The value kept under `name`; `null`, and an issue, if the file has none.
    public subscript(name: String) -> JSONState {
        guard let value = values[name] else {
            Issue.record("\(file) has no value named \(name.recordedSource)")
            return nil
        }
        return JSONState(value)
    }
}
