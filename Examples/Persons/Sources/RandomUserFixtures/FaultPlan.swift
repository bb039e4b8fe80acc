import Hummingbird

/// What a request asks the test server to do wrong, read from its query: `status=500` (and
/// `times=2`, `key=k` to fail only the first two requests of key `k`), `delay=ms`, `truncate=1`,
/// `malformed=1`, `error=text`.
struct FaultPlan: Sendable {
    var status: Int?
    var times: Int?
    var key: String
    var delay: Duration?
    var truncate: Bool
    var malformed: Bool
    var errorMessage: String?

    init(_ query: [String: String]) {
        status = query["status"].flatMap { Int($0) }
        times = query["times"].flatMap { Int($0) }
        key = query["key"] ?? "default"
        delay = query["delay"].flatMap { Int($0) }.map { .milliseconds($0) }
        truncate = query["truncate"] == "1"
        malformed = query["malformed"] == "1"
        errorMessage = query["error"]
    }
}

/// What a request asks the test server for: how many people, from where, made how.
struct PeopleRequest: Sendable, Hashable {
    var count: Int
    var start: Int
    var options: RandomUserGenerator.Options

    init(_ query: [String: String]) {
        count = min(max(query["results"].flatMap { Int($0) } ?? 1, 0), 2_000_000)
        start = max(query["start"].flatMap { Int($0) } ?? 0, 0)
        options = RandomUserGenerator.Options(
            seed: query["seed"].flatMap { UInt64($0) } ?? 1,
            withoutIDEvery: query["noid"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            hostileName: query["name0"]
        )
    }
}
