import Foundation
import PersonsGear
import RandomUserFixtures
import Testing

@Suite("Decoding the directory's answers")
struct RandomUserDecodingTests {
    @Test("generated answers decode, whatever the postcode's type or the fields left out")
    func awkwardVariants() throws {
        let json = RandomUserGenerator(options: .init(seed: 3)).payload(count: 40)
        #expect(json.contains("\"postcode\":\""))
        #expect(json.contains(#""value":null"#))
        let batch = try RandomUserAccess.decode(Data(json.utf8))
        #expect(batch.users.count == 40)
        #expect(batch.users.contains { $0.cell == nil })
        #expect(batch.users.contains { $0.picture == nil })
        #expect(batch.users.contains { $0.dob?.age == nil && $0.dob?.date != nil })
    }

    @Test("unknown fields are ignored")
    func unknownFields() throws {
        let json = #"{"results":[{"login":{"uuid":"u1","flavour":"mint"},"extra":[1,2],"nat":"KR"}],"info":{}}"#
        let batch = try RandomUserAccess.decode(Data(json.utf8))
        #expect(batch.users.first?.login?.uuid == "u1")
    }

    @Test("a record that is not an object is counted and skipped, not fatal")
    func unreadableRecord() throws {
        let json = #"{"results":[42,{"login":{"uuid":"u2"}},"text",null]}"#
        let batch = try RandomUserAccess.decode(Data(json.utf8))
        #expect(batch.users.map { $0.login?.uuid } == ["u2"])
        #expect(batch.unreadable == 3)
    }

    @Test(
        "a field of an unexpected type reads as missing, and the record keeps the rest",
        arguments: [
            #"{"login":{"uuid":"u1"},"phone":42,"cell":"010","dob":{"age":"old"}}"#,
            #"{"login":{"uuid":"u1"},"phone":42,"cell":"010","dob":[1]}"#,
            #"{"login":{"uuid":"u1"},"phone":{"x":1},"cell":"010","name":"Ada","picture":7}"#,
        ])
    func oddField(record: String) throws {
        let batch = try RandomUserAccess.decode(Data(#"{"results":[\#(record)]}"#.utf8))
        #expect(batch.unreadable == 0)
        #expect(batch.users.first?.login?.uuid == "u1")
        #expect(batch.users.first?.phone == nil)
        #expect(batch.users.first?.cell == "010")
        #expect(batch.users.first?.dob?.age == nil)
    }

    @Test("the older shapes of the birth date are understood")
    func olderBirthDates() throws {
        let json = #"{"results":[{"dob":"1983-07-14 05:10:07"},{"dob":{"date":"1990-01-01","age":"30"}}]}"#
        let batch = try RandomUserAccess.decode(Data(json.utf8))
        #expect(batch.users.map(\.dob?.date) == ["1983-07-14 05:10:07", "1990-01-01"])
        #expect(batch.users.map(\.dob?.age) == [nil, 30])
    }

    @Test("a byte order mark before the answer is ignored")
    func byteOrderMark() throws {
        let batch = try RandomUserAccess.decode(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"results":[{}]}"#.utf8))
        #expect(batch.users.count == 1)
    }

    @Test("answers larger than a chunk decode whole, in order")
    func manyChunks() throws {
        let count = RandomUserAccess.chunkSize * 2 + 7
        let generator = RandomUserGenerator(options: .init(seed: 8, withoutIDEvery: 1_000))
        let batch = try RandomUserAccess.decode(Data(generator.payload(count: count).utf8))
        #expect(batch.users.count == count)
        #expect(
            batch.users.compactMap { $0.login?.uuid }
                == (0..<count).filter { ($0 + 1) % 1_000 != 0 }.map(generator.uuid(at:)))
    }

    @Test("strings with escaped quotes and brackets do not confuse the record splitter")
    func trickyStrings() throws {
        let json =
            #"{ "info": {"note": "a \"}] tricky\\ value"}, "results" : [ {"login":{"uuid":"q\"1"},"name":{"first":"[{"}} , {"login":{"uuid":"q2"}} ] }"#
        let batch = try RandomUserAccess.decode(Data(json.utf8))
        #expect(batch.users.map { $0.login?.uuid } == [#"q"1"#, "q2"])
        #expect(batch.users.first?.name?.first == "[{")
    }

    @Test("an error answer is reported with its message")
    func errorBody() {
        #expect(throws: RandomUserFailure.errorBody("Uh oh")) {
            try RandomUserAccess.decode(Data(#"{"error":"Uh oh"}"#.utf8))
        }
    }

    @Test(
        "malformed, truncated and foreign bodies are undecodable",
        arguments: [
            #"{"results":[{"gender":"#, "<html>busy</html>", #"{"people":[]}"#, "", #"{"results":[{}]} trailing"#,
            #"{"results":[{"a":1},]}"#,
        ])
    func undecodable(body: String) {
        #expect {
            try RandomUserAccess.decode(Data(body.utf8))
        } throws: { error in
            if case .undecodable = error as? RandomUserFailure { return true }
            return false
        }
    }

    @Test("a page's URL keeps the base's query and a seed the user gave, and sets results, seed and page")
    func requestURL() throws {
        let page = RandomUserPage(number: 3, results: 5_000, seed: "k3x9", keep: 2_000)
        let given = try #require(URL(string: "http://127.0.0.1:9/?seed=4&results=1&nat=fr"))
        #expect(
            RandomUserAccess.url(base: given, page: page).absoluteString
                == "http://127.0.0.1:9/?nat=fr&results=5000&seed=4&page=3")
        let plain = try #require(URL(string: "http://127.0.0.1:9/"))
        #expect(
            RandomUserAccess.url(base: plain, page: page).absoluteString
                == "http://127.0.0.1:9/?results=5000&seed=k3x9&page=3")
    }

    @Test("the API's root is asked for at its pinned version", arguments: ["/api", "/api/"])
    func pinnedVersion(path: String) throws {
        let base = try #require(URL(string: "https://randomuser.me\(path)"))
        let page = RandomUserPage(number: 1, results: 10, seed: "a", keep: 10)
        #expect(
            RandomUserAccess.url(base: base, page: page).absoluteString
                == "https://randomuser.me/api/1.4/?results=10&seed=a&page=1")
    }

    @Test("a page never asks for more than the API gives, nor a page it does not serve")
    func pageLimits() {
        let page = RandomUserPage(number: 20_000, results: 12_000, seed: "a", keep: 12_000)
        #expect(page.results == RandomUserAccess.largestPage)
        #expect(page.keep == RandomUserAccess.largestPage)
        #expect(page.number == RandomUserAccess.lastPage)
        #expect(
            RandomUserPage(number: 0, results: 0, seed: "a", keep: -1)
                == RandomUserPage(number: 1, results: 1, seed: "a", keep: 0))
    }

    @Test(
        "addresses a user types are checked", arguments: ["ftp://example.com", "example.com", "http://", "not a url"])
    func invalidAddresses(address: String) {
        #expect(throws: RandomUserFailure.http(.invalidURL(address))) {
            try RandomUserAccess.source(for: address)
        }
    }

    @Test("no address, an empty one or \"bundled\" means the bundled sample")
    func bundledAddresses() throws {
        #expect(try RandomUserAccess.source(for: nil) == .bundled)
        #expect(try RandomUserAccess.source(for: "") == .bundled)
        #expect(try RandomUserAccess.source(for: "bundled") == .bundled)
        #expect(try RandomUserAccess.source(for: "https://randomuser.me/api/") != .bundled)
    }
}
