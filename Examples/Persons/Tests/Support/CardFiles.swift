import Foundation
import Persons

/// The cards of `Tests/Cards`, each in the shape a real client writes (its README says which), and
/// what a person reading each sees in it.
public enum CardFiles {
    /// The folder of the cards.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Cards")

    /// The file names of the cards, in order.
    public static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".vcf") }
        .sorted()

    /// The card `name`, as its file holds it, octet for octet.
    public static func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    /// What Radicale changes in a card as it stores it, by card: it reads and writes cards through
    /// vobject, which drops vCard 2.1's bare types (`TEL;CELL;VOICE` becomes `TEL`), so the phone
    /// a card marked as mobile is no longer marked there, and the first is read.
    public static let changedByRadicale: [String: Set<String>] = [
        "outlook-21.vcf": ["phone"], "outlook-21-charset.vcf": ["phone"],
    ]

    /// What a person reading a card sees in it (see ``expected``).
    public struct Expected: Sendable {
        /// The name shown (`FN`, else the name's parts).
        public let name: String
        /// The first nickname.
        public var nick = ""
        /// The email the card prefers.
        public let email: String
        /// The phone the card prefers, else its mobile one, else its first.
        public let phone: String
        /// The age its birth year gives, in 2026; `nil` without one.
        public var age: Int? = nil
        /// The region, on a card of this app's.
        public var region: String? = nil
        /// The gender the card says.
        public var gender = Gender.unknown
        /// The family name (`N`'s first part).
        public let family: String
        /// The given name (`N`'s second part).
        public let given: String

        /// Whether `person` shows what the card holds, field by field, an age as read in `year`;
        /// the fields that differ, named, otherwise.
        public func differences(from person: Person, year: Int = 2026) -> [String] {
            var differences: [String] = []
            func check(_ label: String, _ shown: String, _ expected: String) {
                if shown != expected {
                    differences.append("\(label): \(shown.debugDescription) ≠ \(expected.debugDescription)")
                }
            }
            check("name", person.name, name)
            check("nick", person.username, nick)
            check("email", person.email, email)
            check("phone", person.cellphone ?? "", phone)
            check("age", person.age.map(String.init) ?? "–", age.map { String($0 + year - 2026) } ?? "–")
            check("region", person.country, region ?? Person.noRegion)
            check("gender", person.gender.rawValue, gender.rawValue)
            check("family name", person.parts.family, family)
            check("given name", person.parts.given, given)
            return differences
        }
    }

    /// What a person reading each card sees in it, written down by hand from the card (not from
    /// what the app reads): the name, nick, email and phone the card prefers, the age its birth
    /// year gives in 2026 (none without a year), the region (none but on a card of this app's),
    /// the gender it says, and its name's family and given parts.
    public static let expected: [String: Expected] = [
        "android-21-photo.vcf": Expected(
            name: "Kateřina Šimková", email: "katerina.simkova@example.cz", phone: "+420 601 234 567",
            family: "Šimková", given: "Kateřina"),
        "android-21-qp-note.vcf": Expected(
            name: "Jörg Müller", email: "joerg.mueller@example.de", phone: "+49 171 2345678", age: 48,
            family: "Müller", given: "Jörg"),
        "apple-birthday-no-year.vcf": Expected(
            name: "Haruto Tanaka", nick: "Haru", email: "haruto@example.jp", phone: "+81 90-1234-5678",
            family: "Tanaka", given: "Haruto"),
        "apple-company.vcf": Expected(
            name: "Blue Bottle Coffee", email: "hello@bluebottle.example", phone: "+1 510-653-3394", family: "",
            given: ""),
        "apple-iphone-basic.vcf": Expected(
            name: "Johnny Appleseed", email: "johnny@example.com", phone: "+1 (408) 555-0101", family: "Appleseed",
            given: "Johnny"),
        "apple-labels.vcf": Expected(
            name: "Dr. Chiamaka Ngozi Okafor", nick: "Chi", email: "chiamaka@example.com", phone: "+234 1 270 0000",
            family: "Okafor", given: "Chiamaka"),
        "apple-nfd-name.vcf": Expected(
            name: "Nguyễn Thị Minh Khai", email: "khai@example.vn", phone: "+84 90 123 45 67", family: "Nguyễn",
            given: "Thị Minh Khai"),
        "apple-photo.vcf": Expected(
            name: "Maja Lindqvist", email: "maja@example.se", phone: "+46 70 123 45 67", family: "Lindqvist",
            given: "Maja"),
        "blackberry-21.vcf": Expected(
            name: "Chidi Okafor", email: "chidi.okafor@example.ng", phone: "+234 803 123 4567", family: "Okafor",
            given: "Chidi"),
        "davx5-basic.vcf": Expected(
            name: "Mateo García", email: "mateo@example.es", phone: "+34 612 34 56 78", family: "García",
            given: "Mateo"),
        "davx5-emoji.vcf": Expected(
            name: "Dana 👩🏽‍💻 Cohen", nick: "🦄", email: "dana@example.il", phone: "+972 50-123-4567",
            family: "Cohen", given: "Dana"),
        "davx5-gender.vcf": Expected(
            name: "Kai Nakamura", email: "kai@example.jp", phone: "+81 80-9876-5432", family: "Nakamura",
            given: "Kai"),
        "davx5-long-phone.vcf": Expected(
            name: "Hotel Adlon Front Desk", email: "reception@adlon.example.de",
            phone: "+49 30 2261 0 ext. 4567 (front desk, ask for Ada)", family: "", given: ""),
        "davx5-pref-phone.vcf": Expected(
            name: "Aisha Bello", nick: "Ace", email: "aisha.bello@work.example", phone: "+234 1 555 0101",
            family: "Bello", given: "Aisha"),
        "empty-fn.vcf": Expected(
            name: "Mariya Petrovna Ivanova", email: "mariya@example.ru", phone: "+7 912 345-67-89",
            family: "Ivanova", given: "Mariya"),
        "evolution-30.vcf": Expected(
            name: "Marek Nowak", nick: "marek", email: "marek.nowak@example.pl", phone: "+48 601 234 567", age: 41,
            family: "Nowak", given: "Marek"),
        "google-basic.vcf": Expected(
            name: "Ada Lovelace", email: "ada@gmail.example", phone: "+44 20 7946 0018", family: "Lovelace",
            given: "Ada"),
        "google-birthday-year.vcf": Expected(
            name: "Lucas Martin", email: "lucas.martin@entreprise.example.fr", phone: "+33 6 12 34 56 78", age: 39,
            family: "Martin", given: "Lucas"),
        "google-birthday.vcf": Expected(
            name: "Sofia Rossi", email: "sofia.rossi@example.it", phone: "+39 347 123 4567", family: "Rossi",
            given: "Sofia"),
        "google-multi.vcf": Expected(
            name: "Rahul Mehta", nick: "Ra", email: "rahul@gmail.example", phone: "+91 98765 43210", family: "Mehta",
            given: "Rahul"),
        "google-rtl.vcf": Expected(
            name: "ليلى حداد", email: "layla@example.jo", phone: "+962 79 123 4567", family: "حداد", given: "ليلى"),
        "google-suffix.vcf": Expected(
            name: "Dr. Martin Luther Jones Jr.", email: "martin.jones@example.org", phone: "+1 404 555 0160",
            family: "Jones", given: "Martin"),
        "hebrew-rtl.vcf": Expected(
            name: "דנה כהן", email: "dana.cohen@example.co.il", phone: "+972 52-765-4321", family: "כהן",
            given: "דנה"),
        "iphone-ios17.vcf": Expected(
            name: "Sofía Isabel García Márquez", nick: "Sofi", email: "sofia@example.es", phone: "+34 612 34 56 78",
            family: "García Márquez", given: "Sofía"),
        "lf-line-ends.vcf": Expected(
            name: "Ingrid Berg", email: "ingrid@example.no", phone: "+47 412 34 567", family: "Berg",
            given: "Ingrid"),
        "lotus-notes-30.vcf": Expected(
            name: "Dr. Klaus Weber", email: "klaus.weber@example.ch", phone: "+41 79 555 01 01", family: "Weber",
            given: "Klaus"),
        "lowercase-begin.vcf": Expected(
            name: "Aino Virtanen", email: "aino.virtanen@example.fi", phone: "+358 40 555 0111", family: "Virtanen",
            given: "Aino"),
        "lowercase.vcf": Expected(
            name: "Thabo Tshabalala", email: "thabo@example.co.za", phone: "+27 82 123 4567", family: "Tshabalala",
            given: "Thabo"),
        "macos-contacts.vcf": Expected(
            name: "Piotr Kowalski", email: "piotr@example.pl", phone: "+48 601 234 567", family: "Kowalski",
            given: "Piotr"),
        "macos-mixed-line-ends.vcf": Expected(
            name: "Omar Haddad", email: "omar.haddad@example.jo", phone: "+962 79 555 0123", family: "Haddad",
            given: "Omar"),
        "nextcloud-basic.vcf": Expected(
            name: "Emma Schmidt", email: "emma@example.de", phone: "+49 170 1234567", family: "Schmidt",
            given: "Emma"),
        "nextcloud-photo-uri.vcf": Expected(
            name: "Zoë Visser", email: "zoe@example.nl", phone: "+31 6 12345678", age: 31, family: "Visser",
            given: "Zoë"),
        "nextcloud-quoted-types.vcf": Expected(
            name: "Olumide Adeyemi", email: "olumide@work.example", phone: "+234 809 876 5432", family: "Adeyemi",
            given: "Olumide"),
        "nickname-list.vcf": Expected(
            name: "Ada King", nick: "Ada", email: "ada.king@example.org", phone: "+44 7700 900123", family: "King",
            given: "Ada"),
        "no-final-line-end.vcf": Expected(
            name: "Ewa Kowalczyk", email: "ewa.k@example.pl", phone: "+48 500 600 700", family: "Kowalczyk",
            given: "Ewa"),
        "outlook-2003-photo.vcf": Expected(
            name: "Siobhan Fitzgerald", email: "siobhan.fitzgerald@contoso.example", phone: "+353 87 555 0143",
            family: "Fitzgerald", given: "Siobhan"),
        "outlook-2007-key-crcrlf.vcf": Expected(
            name: "Yuki Nakamura", email: "yuki.nakamura@fabrikam.example", phone: "+81 90 5555 0101",
            family: "Nakamura", given: "Yuki"),
        "outlook-21-charset.vcf": Expected(
            name: "Åse Øvergaard", email: "ase@example.no", phone: "+47 912 34 567", family: "Øvergaard",
            given: "Åse"),
        "outlook-21.vcf": Expected(
            name: "John Smith", email: "john.smith@contoso.example", phone: "(425) 555-0101", family: "Smith",
            given: "John"),
        "pure-then-other-client.vcf": Expected(
            name: "Noah Fischer", nick: "noahf", email: "noah@example.ch", phone: "+41 79 123 45 67", age: 41,
            region: "CH", gender: .male, family: "Fischer", given: "Noah"),
        "radicale-folded-nfd.vcf": Expected(
            name: "Đức Phước Lê Quý Đôn Phạm Ngọc Thạch Võ Nguyên", email: "huong@example.vn",
            phone: "+84 91 234 56 78", family: "Nguyên", given: "Đức Phước Lê Quý Đôn Phạm Ngọc Thạch Võ"),
        "thunderbird-115-lf.vcf": Expected(
            name: "Ingrid Johansson", email: "ingrid@example.se", phone: "+46 70 555 01 99", family: "Johansson",
            given: "Ingrid"),
        "thunderbird-basic.vcf": Expected(
            name: "Jürgen Müller", email: "juergen@example.de", phone: "+49 151 23456789", family: "Müller",
            given: "Jürgen"),
        "thunderbird-note.vcf": Expected(
            name: "Freja Andersen", email: "freja@example.dk", phone: "+45 20 12 34 56", family: "Andersen",
            given: "Freja"),
        "thunderbird-pref-second.vcf": Expected(
            name: "Camille Dubois", nick: "Cam", email: "camille.dubois@example.fr", phone: "+33 6 98 76 54 32",
            family: "Dubois", given: "Camille"),
        "vcard4-birthday-basic.vcf": Expected(
            name: "Tariq Al-Sayed", email: "tariq@example.ae", phone: "+971 50 555 0188", age: 36,
            family: "Al-Sayed", given: "Tariq"),
        "vcard4-tel-uri.vcf": Expected(
            name: "Simone Perrault", email: "simone.perrault@exemplaire.example", phone: "+1-418-555-0102;ext=102",
            gender: .female, family: "Perrault", given: "Simone"),
    ]
}
