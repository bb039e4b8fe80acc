import Persons

/// The distinct list addresses of the many-addresses run, which the server's benchmark and the
/// pages' client both make from their count: half are pages of everyone at a position (a jump to
/// a two-letter name), half searches, each for a word of its own; and the people each update
/// stores, so that every one of those lists changes (the count of everyone, and each search's).
enum ListAddresses {
    /// `count` addresses, page `i` of the clients opening address `i % count`.
    static func paths(_ count: Int) -> [String] {
        (0..<count).map { index in
            index.isMultiple(of: 2) ? "/?at=from%3A" + letters(index / 2).capitalized : "/?q=" + word(index / 2)
        }
    }

    /// The people update `update` stores: one for each search, found by it alone.
    static func people(update: Int, addresses count: Int) -> [Person] {
        (0..<(count + 1) / 2).map { index in
            Person(
                id: "bench-\(update)-\(index)", name: "\(word(index).capitalized) Bench", nameParts: nil,
                username: "b\(update)x\(index)", gender: .female, email: "b\(update)x\(index)@example.com", age: 30,
                country: "KR", cellphone: nil, photo: nil)
        }
    }

    /// A word no generated person has: `qz` and two letters of `index`.
    private static func word(_ index: Int) -> String { "qz" + letters(index) }

    /// Two letters for `index`, `aa` to `zz`.
    private static func letters(_ index: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return String([alphabet[index / 26 % 26], alphabet[index % 26]])
    }
}
