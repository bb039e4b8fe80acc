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

    /// `path` if it is a path on this site, else "/": never a redirect elsewhere.
    static func localPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"), !path.contains("\n")
        else { return "/" }
        return path
    }
}
