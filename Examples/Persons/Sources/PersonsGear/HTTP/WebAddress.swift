import Foundation

/// The one check of a web address from outside (typed by a user, or sent by the directory):
/// an absolute `http` or `https` URL with a host.
public enum WebAddress {
    /// `text` as a URL if it is an absolute http(s) address with a host, `nil` otherwise.
    ///
    /// ```swift
    /// WebAddress.url("https://example.com/a.jpg")   // the URL
    /// WebAddress.url("javascript:alert(1)")         // nil
    /// ```
    public static func url(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
