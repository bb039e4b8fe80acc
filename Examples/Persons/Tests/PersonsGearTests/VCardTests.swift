import PersonsGear
import Testing

@Suite("vCards: read as written, written back keeping what the app does not know")
struct VCardTests {
    static let apple = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
        N:Roe;Jane;;;\r
        FN:Jane Roe\r
        item1.EMAIL;type=INTERNET;type=pref:jane@example.com\r
        item1.X-ABLabel:_$!<Other>!$_\r
        TEL;type=CELL;type=VOICE;type=pref:+82 10 1234 5678\r
        NOTE:Met at the conference\\, in Seoul\\nSecond line\r
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMDBAUEBAMFBgUG\r
         BwcGBwcICQsJCAgKCAcHCg0KCgsMDAwMBwkODw0MDgsMDAz/2wBDAQMEBAUEBAUFBQU=\r
        X-SOCIALPROFILE;type=twitter;x-user="a:b":http://twitter.com/jane\r
        UID:0E4F-1\r
        END:VCARD\r

        """

    @Test("a card another client wrote reads property by property, folded lines joined")
    func reads() throws {
        let card = try VCard(parsing: Self.apple)
        #expect(card.text("FN") == "Jane Roe")
        #expect(card.text("NOTE") == "Met at the conference, in Seoul\nSecond line")
        #expect(card.first("EMAIL")?.group == "item1")
        #expect(card.first("TEL")?.hasType("cell") == true)
        #expect(card.first("PHOTO")?.value.hasSuffix("BQU=") == true)
        #expect(card.first("X-SOCIALPROFILE")?.parameters == #"type=twitter;x-user="a:b""#)
        #expect(card.first("X-SOCIALPROFILE")?.value == "http://twitter.com/jane")
    }

    @Test("written back, every property stays as it was, in its place; only what was set changes")
    func keepsUnknown() throws {
        var card = try VCard(parsing: Self.apple)
        card.setText("FN", "Ada Roe, Jr.")
        let again = try VCard(parsing: card.serialized)
        #expect(again.text("FN") == "Ada Roe, Jr.")
        #expect(again.first("FN")?.value == #"Ada Roe\, Jr."#)
        var expected = try VCard(parsing: Self.apple)
        expected.properties[expected.properties.firstIndex { $0.name == "FN" } ?? 0].value = #"Ada Roe\, Jr."#
        #expect(again == expected)
    }

    @Test("lines are folded at 75 octets, never inside a character, and read back whole")
    func folds() throws {
        var card = VCard()
        let long = String(repeating: "한글", count: 60) + String(repeating: "x", count: 100)
        card.setText("NOTE", long)
        let text = card.serialized
        for line in text.split(separator: "\r\n") { #expect(line.utf8.count <= 75) }
        #expect(try VCard(parsing: text).text("NOTE") == long)
    }

    @Test("an empty text removes the property; a new one is added at the end")
    func setsAndRemoves() throws {
        var card = try VCard(parsing: Self.apple)
        card.setText("NOTE", "")
        #expect(card.first("NOTE") == nil)
        card.setText("NICKNAME", "jroe")
        #expect(card.properties.last?.name == "NICKNAME")
    }

    @Test("vCard 2.1's quoted-printable values are read across their soft line breaks, and written back as they came")
    func quotedPrintable() throws {
        let outlook = """
            BEGIN:VCARD\r
            VERSION:2.1\r
            N;CHARSET=utf-8;ENCODING=QUOTED-PRINTABLE:=C3=98vergaard;=C3=85se\r
            FN;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:=C3=85se =\r
            =C3=98vergaard\r
            LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:One Microsoft Way=0D=0A=\r
            Redmond, WA 98052\r
            TEL;CELL;VOICE:+47 912 34 567\r
            END:VCARD\r

            """
        var card = try VCard(parsing: outlook)
        #expect(card.text("FN") == "Åse Øvergaard")
        #expect(card.text("LABEL") == "One Microsoft Way\r\nRedmond, WA 98052")
        #expect(card.serialized == outlook)
        card.setText("FN", "Åse Berg")
        #expect(card.first("FN")?.parameters == "", "written plain, its encoding gone")
        #expect(try VCard(parsing: card.serialized).text("FN") == "Åse Berg")
    }

    @Test("vCard 2.1's base64 values run to the blank line that ends them, their lines indented or not")
    func base64Blocks() throws {
        for indent in ["", " "] {
            let text = """
                BEGIN:VCARD\r
                VERSION:2.1\r
                N:Okafor;Chidi\r
                PHOTO;ENCODING=BASE64;TYPE=JPEG:\r
                \(indent)AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEy\r
                \(indent)MzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiY2Rl\r
                \r
                TEL;CELL;PREF:+234 803 123 4567\r
                KEY;X509;ENCODING=BASE64:MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\r
                \(indent)u1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0\r
                \r
                \r
                END:VCARD\r

                """
            let card = try VCard(parsing: text)
            #expect(card.properties.map(\.name) == ["VERSION", "N", "PHOTO", "TEL", "KEY"], "indent: \(indent.count)")
            #expect(card.first("PHOTO")?.value.hasSuffix("YGFiY2Rl") == true)
            #expect(card.first("TEL")?.hasType("CELL") == true && card.first("TEL")?.hasType("pref") == true)
            #expect(card.first("PHOTO")?.parameter("ENCODING") == ["BASE64"])
            #expect(card.serialized == text, "the blank lines go back where they were")
        }
    }

    @Test("every line's own line end is kept (CR LF, LF, CR CR LF, none at the end); a line written takes the card's")
    func lineEnds() throws {
        let cases: [(text: String, end: String)] = [
            ("BEGIN:VCARD\nVERSION:3.0\nFN:Ada\nUID:u\nEND:VCARD\n", "\n"),
            ("BEGIN:VCARD\r\r\nVERSION:2.1\r\r\nFN:Ada\r\r\nUID:u\r\r\nEND:VCARD\r\r\n", "\r\r\n"),
            ("BEGIN:vCard\r\nVERSION:3.0\r\nFN:Ada\r\nUID:u\r\nEND:vCard", "\r\n"),
            ("BEGIN:VCARD\r\nVERSION:3.0\r\nPHOTO;ENCODING=b:AAAA\n BBBB\r\nFN:Ada\r\nUID:u\r\nEND:VCARD\r\n", "\r\n"),
        ]
        for (text, end) in cases {
            var card = try VCard(parsing: text)
            #expect(card.serialized == text)
            card.setText("FN", "Ada Lovelace")
            #expect(card.serialized == text.replacingOccurrences(of: "FN:Ada" + end, with: "FN:Ada Lovelace" + end))
            card.setText("NOTE", "new")
            #expect(card.serialized.contains("UID:u" + end + "NOTE:new" + end))
        }
    }

    @Test(
        "what is not one vCard is refused, saying why",
        arguments: [
            ("", VCard.Problem.notAVCard), ("hello", .notAVCard), ("BEGIN:VCARD\r\nFN:x\r\n", .notAVCard),
            ("BEGIN:VCARD\r\nno colon here\r\nEND:VCARD", .badLine(2)),
            ("BEGIN:VCARD\r\n:empty name\r\nEND:VCARD", .badLine(2)),
            ("BEGIN:VCARD\r\nBEGIN:VCARD\r\nEND:VCARD\r\nEND:VCARD", .nested),
            ("BEGIN:VCARD\r\nFN:a\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:b\r\nEND:VCARD", .nested),
            ("BEGIN:VEVENT\r\nEND:VEVENT", .notAVCard),
        ])
    func refuses(_ text: String, _ problem: VCard.Problem) {
        #expect(throws: problem) { try VCard(parsing: text) }
    }
}
