/// Why the directory's people could not be had, with the detail for the log.
public enum RandomUserFailure: Error, Equatable, Sendable {
    /// The request failed (see ``HTTPFailure``).
    case http(HTTPFailure)
    /// The API answered `{"error": "..."}`.
    case errorBody(String)
    /// The body is not the API's JSON (malformed, truncated, another shape).
    case undecodable(detail: String)
    /// The bundled sample could not be found or read: the installation is broken.
    case bundledSampleMissing
}
