/// What a request asks the test server to do wrong, read from its query: `status=500` (and
/// `times=2`, `key=k` to fail only the first two requests of key `k`; `retryAfter=3` to send
/// `Retry-After: 3` with it), `delay=ms`, `truncate=1`,
/// `malformed=1`, `error=text`, `empty=1` (an empty `results`, as the live service has been seen
/// to send); with `onPage=N`, only page N goes wrong. `photos=broken|huge|missing` makes every
/// photo of the answer go wrong.
struct FaultPlan: Sendable {
    var status: Int?
    var times: Int?
    var retryAfter: Int?
    var key: String
    var delay: Duration?
    var truncate: Bool
    var malformed: Bool
    var empty: Bool
    var errorMessage: String?
    var photos: String?

    init(_ query: [String: String], page: Int) {
        let applies = query["onPage"].flatMap { Int($0) }.map { $0 == page } ?? true
        status = applies ? query["status"].flatMap { Int($0) } : nil
        times = query["times"].flatMap { Int($0) }
        retryAfter = query["retryAfter"].flatMap { Int($0) }
        key = query["key"] ?? "default"
        delay = applies ? query["delay"].flatMap { Int($0) }.map { .milliseconds($0) } : nil
        truncate = applies && query["truncate"] == "1"
        malformed = applies && query["malformed"] == "1"
        empty = applies && query["empty"] == "1"
        errorMessage = applies ? query["error"] : nil
        photos = query["photos"]
    }
}

/// What a request asks the test server for, by randomuser.me's rules: `results` people (1 to
/// 5,000; anything else, zero and words included, gives one person), made from `seed` (a fresh
/// random one without it, so that two such requests never line up), page `page` of them (1 to
/// 10,000; anything else gives page 1). For tests, not the service: `noid=N` leaves the id out
/// of every N-th record, and `name0`, `last0` name the first person.
struct PeopleRequest: Sendable, Hashable {
    var count: Int
    var page: Int
    var seed: String
    /// Whether the request named its seed (else it is a fresh random one).
    var isSeeded: Bool
    var options: RandomUserGenerator.Options

    /// The most people one answer holds.
    static let largestPage = 5_000
    /// The highest page served.
    static let lastPage = 10_000

    init(_ query: [String: String], photoBase: String) {
        let results = query["results"].flatMap { Int($0) } ?? 0
        count = (1...Self.largestPage).contains(results) ? results : 1
        let asked = query["page"].flatMap { Int($0) } ?? 1
        page = (1...Self.lastPage).contains(asked) ? asked : 1
        let named = query["seed"].flatMap { $0.isEmpty ? nil : $0 }
        isSeeded = named != nil
        seed = named ?? String(UInt64.random(in: .min ... .max), radix: 36)
        options = RandomUserGenerator.Options(
            seed: Self.number(of: seed),
            withoutIDEvery: query["noid"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            hostileName: query["name0"], hostileLastName: query["last0"], photoBase: photoBase,
            photoFault: query["photos"])
    }

    /// The first person of the page.
    var start: Int { (page - 1) * count }

    /// The generator's seed for a seed string: the number it is, or a hash of its text.
    static func number(of seed: String) -> UInt64 {
        if let number = UInt64(seed) { return number }
        // FNV-1a, 64 bits.
        return seed.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
