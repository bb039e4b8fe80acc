import Persons
import Testing

@testable import PersonsWeb

/// A list's address: written once for every link and form, read back as the same criteria.
@Suite("A list's address")
struct ListAddressTests {
    @Test(
        "every criteria reads back from its address as themselves",
        arguments: [
            ListCriteria(),
            ListCriteria(search: "ad"),
            ListCriteria(search: "a&b=c+d %25 é 한", filters: [.region: "KR", .gender: "female"]),
            ListCriteria(filters: [.gender: "male"], position: .from("M")),
            ListCriteria(search: "x", position: .after(ListKey(["Ann, Lee", "50%", "id-1"]))),
            ListCriteria(position: .before(ListKey(["KR", "Bo"]))),
        ])
    func roundTrip(criteria: ListCriteria) throws {
        let path = ListAddress.path(criteria)
        #expect(path.hasPrefix("/"))
        #expect(!path.contains(" ") && !path.contains("+"), "\(path)")
        let query = path.contains("?") ? String(path.drop { $0 != "?" }.dropFirst()) : nil
        #expect(try ListAddress.criteria(query: query) == criteria, "\(path)")
    }

    @Test("every declared order reads back from its address, the default left out", arguments: ListOrder.allCases)
    func orders(order: ListOrder) throws {
        let criteria = ListCriteria(search: "ad", order: order, position: .from("M"))
        let path = ListAddress.path(criteria)
        #expect(path.contains("order=") == (order != ListCriteria().order), "\(path)")
        #expect(try ListAddress.criteria(query: String(path.drop { $0 != "?" }.dropFirst())) == criteria, "\(path)")
        #expect(try ListAddress.criteria(query: "order=\(order.rawValue)").order == order)
    }

    @Test("everyone from the start is the bare home page; a form's address reads as it was typed")
    func forms() throws {
        #expect(ListAddress.path(ListCriteria()) == "/")
        #expect(ListAddress.path(ListCriteria(search: "ad", filters: [.region: "KR"])) == "/?q=ad&region=KR")
        #expect(try ListAddress.criteria(query: "q=ada+p&region=&gender=&order=") == ListCriteria(search: "ada p"))
        #expect(try ListAddress.criteria(query: "q=a%2Bb&utm_source=x") == ListCriteria(search: "a+b"))
    }
}
