/// Makes randomuser.me-format JSON for any number of people, the same for the same options,
/// including the awkward variants the real API sends: postcodes as numbers or strings, missing
/// optional fields, `null` values.
///
/// ```swift
/// let generator = RandomUserGenerator(options: .init(seed: 7))
/// let json = generator.payload(count: 100)      // {"results":[...],"info":{...}}
/// generator.uuid(at: 0)                         // the first person's id
/// ```
public struct RandomUserGenerator: Sendable {
    /// What to generate.
    public struct Options: Hashable, Sendable {
        /// The same seed gives the same people.
        public var seed: UInt64
        /// Every n-th record has no `login.uuid` (the record a worker must skip).
        public var withoutIDEvery: Int?
        /// A first name for the first record instead of a generated one (for escaping tests).
        public var hostileName: String?
        /// A last name for the first record instead of a generated one.
        public var hostileLastName: String?
        /// Where the photos are: randomuser.me's portraits, or a test server's.
        public var photoBase: String
        /// What goes wrong with every photo (`broken`, `huge`, `missing`), added to its address.
        public var photoFault: String?

        /// Creates options.
        ///
        /// ```swift
        /// RandomUserGenerator.Options(seed: 2, withoutIDEvery: 10)
        /// ```
        public init(
            seed: UInt64 = 1, withoutIDEvery: Int? = nil, hostileName: String? = nil, hostileLastName: String? = nil,
            photoBase: String = "https://randomuser.me/api/portraits", photoFault: String? = nil
        ) {
            self.seed = seed
            self.withoutIDEvery = withoutIDEvery
            self.hostileName = hostileName
            self.hostileLastName = hostileLastName
            self.photoBase = photoBase
            self.photoFault = photoFault
        }
    }

    /// The year ages are counted from, fixed so that output never depends on the clock.
    public static let referenceYear = 2026

    /// What this generator makes.
    public let options: Options

    /// Creates a generator.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// An API answer with `count` people, starting at person number `start`, telling `seed`
    /// and `page` as the API does.
    ///
    /// ```swift
    /// let page2 = generator.payload(count: 50, start: 50, page: 2)
    /// ```
    public func payload(count: Int, start: Int = 0, seed: String? = nil, page: Int = 1) -> String {
        var json = "{\"results\":["
        json.reserveCapacity(count * 1_200 + 100)
        for index in start..<(start + max(0, count)) {
            if index > start { json += "," }
            json += record(at: index)
        }
        let seed = jsonString(seed ?? String(options.seed))
        json += "],\"info\":{\"seed\":\(seed),\"results\":\(max(0, count)),\"page\":\(page),\"version\":\"1.4\"}}"
        return json
    }

    /// The id of person number `index` (whether or not the record carries it).
    ///
    /// ```swift
    /// let id = generator.uuid(at: 3)
    /// ```
    public func uuid(at index: Int) -> String {
        var random = random(for: index, stream: 1)
        let high = random.next()
        let low = random.next()
        let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
        let chars = Array(hex)
        func part(_ range: Range<Int>) -> String { String(chars[range]) }
        return "\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-a\(part(17..<20))-\(part(20..<32))"
    }

    /// The JSON object of person number `index`.
    public func record(at index: Int) -> String {
        var random = random(for: index, stream: 0)
        let isFemale = Bool.random(using: &random)
        var first = (isFemale ? Vocabulary.femaleNames : Vocabulary.maleNames).randomElement(using: &random) ?? "Sam"
        if index == 0, let hostile = options.hostileName { first = hostile }
        var last = Vocabulary.lastNames.randomElement(using: &random) ?? "Doe"
        if index == 0, let hostile = options.hostileLastName { last = hostile }
        let country = Vocabulary.countries[Int.random(in: 0..<Vocabulary.countries.count, using: &random)]
        let city = country.cities.randomElement(using: &random) ?? country.name
        let age = Int.random(in: 1...95, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...28, using: &random)
        let username =
            (Vocabulary.usernameWords.randomElement(using: &random) ?? "blue")
            + (Vocabulary.usernameAnimals.randomElement(using: &random) ?? "bird")
            + String(Int.random(in: 100...999, using: &random))
        let portrait = Int.random(in: 0...99, using: &random)
        let phone = Self.phone(using: &random)
        let cell = Self.phone(using: &random)
        let postcode =
            index.isMultiple(of: 2)
            ? String(Int.random(in: 10_000...99_999, using: &random))
            : jsonString(
                "\(Character(UnicodeScalar(UInt8(65 + index % 26))))\(Int.random(in: 1...9, using: &random)) 4RT")
        let hash = String(random.next(), radix: 16).leftPadded(to: 16)
        let birth = "\(Self.referenceYear - age)-\(month.twoDigits)-\(day.twoDigits)T10:20:30.000Z"
        let folder = isFemale ? "women" : "men"

        var fields: [String] = []
        fields.append("\"gender\":\(jsonString(isFemale ? "female" : "male"))")
        fields.append(
            "\"name\":{\"title\":\(jsonString(isFemale ? "Ms" : "Mr")),\"first\":\(jsonString(first)),"
                + "\"last\":\(jsonString(last))}")
        fields.append(
            "\"location\":{\"street\":{\"number\":\(Int.random(in: 1...9_999, using: &random)),"
                + "\"name\":\(jsonString(Vocabulary.streets.randomElement(using: &random) ?? "Main Street"))},"
                + "\"city\":\(jsonString(city)),\"state\":\(jsonString(city)),\"country\":\(jsonString(country.name)),"
                + "\"postcode\":\(postcode),\"coordinates\":{\"latitude\":\"-12.4517\",\"longitude\":\"81.6732\"},"
                + "\"timezone\":{\"offset\":\"+9:00\",\"description\":\"Tokyo, Seoul, Osaka\"}}")
        fields.append("\"email\":\(jsonString("\(first).\(last)@example.com".lowercased()))")
        let uuidField =
            options.withoutIDEvery.map { (index + 1).isMultiple(of: $0) } == true
            ? "" : "\"uuid\":\(jsonString(uuid(at: index))),"
        fields.append(
            "\"login\":{\(uuidField)\"username\":\(jsonString(username)),\"password\":\"hunter2\","
                + "\"salt\":\"xdI4QYtC\",\"md5\":\"\(hash)\",\"sha1\":\"\(hash)\",\"sha256\":\"\(hash)\"}")
        let ageField = index % 13 == 6 ? "" : ",\"age\":\(age)"
        fields.append("\"dob\":{\"date\":\(jsonString(birth))\(ageField)}")
        fields.append("\"registered\":{\"date\":\"2015-06-01T08:00:00.000Z\",\"age\":11}")
        fields.append("\"phone\":\(jsonString(phone))")
        if index % 7 != 3 { fields.append("\"cell\":\(jsonString(cell))") }
        fields.append(
            index % 17 == 8
                ? "\"id\":{\"name\":\"\",\"value\":null}" : "\"id\":{\"name\":\"SSN\",\"value\":\"\(hash.prefix(9))\"}")
        if index % 11 != 5 {
            let base = options.photoBase
            let fault = options.photoFault.map { "?fault=\($0)" } ?? ""
            fields.append(
                "\"picture\":{\"large\":\(jsonString("\(base)/\(folder)/\(portrait).jpg\(fault)")),"
                    + "\"medium\":\(jsonString("\(base)/med/\(folder)/\(portrait).jpg\(fault)")),"
                    + "\"thumbnail\":\(jsonString("\(base)/thumb/\(folder)/\(portrait).jpg\(fault)"))}")
        }
        fields.append("\"nat\":\(jsonString(country.code))")
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func random(for index: Int, stream: UInt64) -> SplitMix64 {
        SplitMix64(
            seed: options.seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9 ^ stream)
    }

    private static func phone(using random: inout SplitMix64) -> String {
        let area = Int.random(in: 100...999, using: &random)
        let middle = Int.random(in: 100...999, using: &random)
        let end = Int.random(in: 1_000...9_999, using: &random)
        return "(\(area))-\(middle)-\(end)"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}

extension Int {
    fileprivate var twoDigits: String { self < 10 ? "0\(self)" : String(self) }
}
