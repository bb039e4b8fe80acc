import CardDAVFixtures
import Foundation
import Persons
import PersonsGear
import PersonsTestSupport
import Testing

@testable import PersonsWorker

@Suite("A person as an address book card, and back")
struct PersonCardTests {
    let jane = Samples.people[0]

    @Test("every person comes back from their card as they were, but the photo, which a card does not carry")
    func roundTrip() throws {
        for person in Samples.people {
            let text = VCard(person).serialized
            var expected = person
            expected.photo = nil
            #expect(try VCard(parsing: text).person(currentYear: 2026) == .success(expected))
            #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
        }
    }

    @Test(
        "each field is its own property: changing one changes that property and nothing else",
        arguments: PersonField.allCases)
    func oneFieldOneProperty(_ field: PersonField) throws {
        let before = VCard(jane)
        var draft = PersonDraft(jane)
        draft[field] = field.samples.valid
        var after = before
        after.update(from: jane, to: try draft.person(id: jane.id, photo: nil).get())
        // A property changed in place, or added at the end.
        let changed = Set(
            after.properties.indices.filter {
                $0 >= before.properties.count || before.properties[$0] != after.properties[$0]
            }
            .map { after.properties[$0].name })
        #expect(changed == [field.cardProperty], "\(field)")
    }

    @Test("a card another client wrote keeps every property the app does not know, in its place")
    func keepsTheRest() throws {
        let theirs = try VCard(
            parsing: """
                BEGIN:VCARD\r
                VERSION:3.0\r
                UID:p1\r
                FN:Jane Roe\r
                N:Roe;Jane;Q;Dr.;\r
                item1.EMAIL;type=INTERNET;type=pref:jane@example.com\r
                EMAIL;type=WORK:jane@work.example\r
                TEL;type=HOME:+1 555 0100\r
                TEL;type=CELL:(010)-123-4567\r
                PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ\r
                NOTE:Keep me\r
                X-CUSTOM;x-param=1:value\r
                END:VCARD\r

                """)
        let base = try theirs.person(currentYear: 2026).get()
        var edited = base
        edited.email = "ada@example.org"
        edited.cellphone = "+82 10"
        var mine = theirs
        mine.update(from: base, to: edited)
        for name in ["PHOTO", "NOTE", "X-CUSTOM"] { #expect(mine.first(name) == theirs.first(name), "\(name)") }
        #expect(mine.first("N") == theirs.first("N"), "N stays while the name does not change")
        let emails = mine.properties.filter { $0.name == "EMAIL" }
        #expect(emails.map(\.value) == ["ada@example.org", "jane@work.example"])
        #expect(emails.first?.group == "item1" && emails.first?.parameters == "type=INTERNET;type=pref")
        #expect(mine.properties.filter { $0.name == "TEL" }.map(\.value) == ["+1 555 0100", "+82 10"])
        #expect(Array(mine.properties.prefix(theirs.properties.count)).map(\.name) == theirs.properties.map(\.name))
    }

    @Test("a card from outside comes in plain and bounded (as it came, longer than a user may type), its gaps filled")
    func fromOutside() throws {
        let card = try VCard(
            parsing: """
                BEGIN:VCARD\r
                VERSION:4.0\r
                UID: u-1 \r
                N:Park;Ada;;;\r
                NICKNAME:ada\\, the first\r
                GENDER:F\r
                BDAY:19900101\r
                EMAIL:ada@example.org\r
                NOTE:\(String(repeating: "x", count: 300))\r
                X-PURE-REGION:kr\r
                END:VCARD\r
                """)
        let person = try card.person(currentYear: 2026).get()
        #expect(person.id == "u-1" && person.name == "Ada Park" && person.username == "ada, the first")
        #expect(person.gender == .female && person.age == 36 && person.country == "KR" && person.cellphone == nil)
        let hostile = try VCard(
            parsing:
                "BEGIN:VCARD\r\nUID:h\r\nFN:A\\nB\u{1B}[31m\(String(repeating: "n", count: 1_500))\r\nX-PURE-AGE:9999\r\nX-PURE-REGION:KOR\r\nEND:VCARD"
        )
        let plain = try hostile.person(currentYear: 2026).get()
        #expect(!plain.name.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(plain.name.unicodeScalars.count == PersonField.outsideLimit)
        #expect(plain.age == nil && plain.country == Person.noRegion, "not known: neither an age nor a region")
        #expect(
            try VCard(parsing: "BEGIN:VCARD\r\nFN:No Id\r\nEND:VCARD").person(currentYear: 2026) == .failure(.missingID)
        )
        #expect(
            try VCard(parsing: "BEGIN:VCARD\r\nUID:a\u{0}b\r\nEND:VCARD").person(currentYear: 2026)
                == .failure(.invalidID))
    }

    @Test(
        "a name edit changes FN; N follows only where it was the app's split of the old name, honorifics read as such"
    )
    func nameEdits() throws {
        func edited(_ card: String, to name: String) throws -> VCard {
            var vcard = try VCard(parsing: card)
            let before = try vcard.person(currentYear: 2026).get()
            var draft = PersonDraft(before)
            draft[.name] = name
            vcard.update(from: before, to: try draft.person(id: before.id, photo: nil, over: before).get())
            return vcard
        }
        let made = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\r\nFN:John Doe\r\nN:Doe;John;;;\r\nEND:VCARD\r\n"
        let suffixed = try edited(made, to: "John Doe Jr.")
        #expect(suffixed.text("FN") == "John Doe Jr." && suffixed.first("N")?.value == "Doe;John;;;Jr.")
        let titled = try edited(made, to: "Dr. Jane Q. Public")
        #expect(titled.first("N")?.value == "Public;Jane Q.;;Dr.;")
        // An N of the card's own (given and family names that are not FN's words) stays.
        let own = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\r\nFN:Bob\r\nN:Smith;Robert;;;\r\nEND:VCARD\r\n"
        let bobby = try edited(own, to: "Bobby")
        #expect(bobby.text("FN") == "Bobby" && bobby.first("N")?.line == "N:Smith;Robert;;;\r\n")
        // An N an earlier version made by the last word alone follows the name too.
        let old = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\r\nFN:Al Roe Sr.\r\nN:Sr.;Al Roe;;;\r\nEND:VCARD\r\n"
        #expect(try edited(old, to: "Al Roe Jr.").first("N")?.value == "Roe;Al;;;Jr.")
    }

    @Test("a phone the card writes as a tel: URI is read as its number and written back as a URI")
    func telephoneURI() throws {
        var card = try VCard(
            parsing: """
                BEGIN:VCARD\r
                VERSION:4.0\r
                UID:u\r
                FN:Simone Perrault\r
                TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+1-418-555-0102;ext=102\r
                END:VCARD\r

                """)
        let before = try card.person(currentYear: 2026).get()
        #expect(before.cellphone == "+1-418-555-0102;ext=102")
        var after = before
        after.cellphone = "+1 418 555 0199"
        card.update(from: before, to: after)
        #expect(card.first("TEL")?.value == "tel:+1-418-555-0199")
        #expect(card.first("TEL")?.parameters == #"VALUE=uri;TYPE="work,voice";PREF=1"#)
    }

    @Test("the cards the app writes are read by vobject, a vCard library nobody here wrote")
    func vobjectReads() async throws {
        var hostile = jane
        hostile.name = "Roe, Jane; \"Q\" \\ 한글 " + String(repeating: "é", count: 60)
        let card = VCard(hostile).serialized
        let (status, data) = try await offThePool {
            let process = Process()
            process.executableURL = CardDAVServer.venv.appendingPathComponent("bin/python")
            process.arguments = [
                "-c",
                "import sys, json, vobject; c = vobject.readOne(sys.stdin.read()); "
                    + "print(json.dumps([c.uid.value, c.fn.value, c.email.value, c.tel.value, c.nickname.value]))",
            ]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(card.utf8))
            try input.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, data)
        }
        #expect(status == 0)
        let read = try JSONDecoder().decode([String].self, from: data)
        #expect(read == [hostile.id, hostile.name, hostile.email, hostile.cellphone ?? "", hostile.username])
    }
}
