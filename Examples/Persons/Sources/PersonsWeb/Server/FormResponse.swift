import HTTPTypes
import Hummingbird

/// How a form post is answered: the page's script (which sends `X-Requested-With: fetch`) gets
/// a 204 and waits for the live update; a plain browser form goes back to a page (303).
enum FormResponse {
    static func isFetch(_ request: Request) -> Bool {
        HTTPField.Name.xRequestedWith.map { request.headers[$0] == "fetch" } ?? false
    }

    static func done(_ request: Request, back: String?) -> Response {
        isFetch(request) ? Response(status: .noContent) : Response.redirect(to: localPath(back), type: .normal)
    }

    /// `path` if it is a path on this site, else "/": never a redirect elsewhere. Tabs and
    /// newlines are removed first, as a browser removes them from an address (`/\t/evil.example`
    /// is `//evil.example` to it); a backslash (`/\\evil.example`), or any other control
    /// character, refuses the path. Looked at by byte: a slash with a mark after it is one
    /// character, and still a slash to a browser.
    static func localPath(_ path: String?) -> String {
        guard let path else { return "/" }
        let cleaned = path.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let bytes = cleaned.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.dropFirst().first != UInt8(ascii: "/"),
            !bytes.contains(UInt8(ascii: "\\")),
            !cleaned.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return "/" }
        return cleaned
    }
}
