/// One request for people to a randomuser.me-compatible API: page `number` (from 1) of
/// `results` people made from `seed`. The same seed, results and page always bring the same
/// people; of them, the first `keep` are taken.
///
/// ```swift
/// let third = RandomUserPage(number: 3, results: 5_000, seed: "k3x9", keep: 2_000)
/// ```
public struct RandomUserPage: Equatable, Sendable {
    /// The page, from 1.
    public let number: Int
    /// How many people it asks for: at most ``RandomUserAccess/largestPage``.
    public let results: Int
    /// The seed that makes the people.
    public let seed: String
    /// How many of the people to take, from the first.
    public let keep: Int

    /// A page (numbers and counts brought into the API's range).
    public init(number: Int, results: Int, seed: String, keep: Int) {
        self.number = min(max(1, number), RandomUserAccess.lastPage)
        self.results = min(max(1, results), RandomUserAccess.largestPage)
        self.seed = seed
        self.keep = min(max(0, keep), self.results)
    }
}
