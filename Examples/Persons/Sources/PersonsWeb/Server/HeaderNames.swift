import HTTPTypes

extension HTTPField.Name {
    // Header names the server uses that HTTPTypes does not name. `HTTPField.Name(_:)` only fails
    // for invalid names, which these are not; users unwrap them with `if let`.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")
    static let xRequestedWith = HTTPField.Name("X-Requested-With")
}
