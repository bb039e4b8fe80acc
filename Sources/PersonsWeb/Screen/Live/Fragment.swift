/// A re-rendered part of a page, to replace the element with the same id.
struct Fragment: Equatable, Sendable {
    let id: String
    let html: String
}
