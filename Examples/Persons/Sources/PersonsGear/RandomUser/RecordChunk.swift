import Foundation

/// A run of consecutive records of an answer, still as JSON bytes: decoded on its own, so an
/// answer can be decoded a chunk at a time.
struct RecordChunk: Sendable {
    /// The records as a JSON array.
    let json: Data

    /// The chunks of `records` (ranges into `data`), `size` records each.
    static func chunks(of data: Data, records: ArraySlice<Range<Int>>, size: Int) -> [RecordChunk] {
        stride(from: records.startIndex, to: records.endIndex, by: max(1, size)).map { first in
            let last = min(first + max(1, size), records.endIndex) - 1
            var json = Data("[".utf8)
            json.append(
                data[(data.startIndex + records[first].lowerBound)..<(data.startIndex + records[last].upperBound)])
            json.append(contentsOf: Array("]".utf8))
            return RecordChunk(json: json)
        }
    }

    /// The users of this chunk; records that cannot be read are counted.
    func decode() throws(RandomUserFailure) -> RandomUserBatch {
        let records: [Lenient<RandomUser>]
        do {
            records = try JSONDecoder().decode([Lenient<RandomUser>].self, from: json)
        } catch {
            throw .undecodable(detail: String(describing: error))
        }
        let users = records.compactMap(\.wrappedValue)
        return RandomUserBatch(users: users, unreadable: records.count - users.count)
    }
}
