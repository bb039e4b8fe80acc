/// What the web worker does for the service: downloads people from the directory.
///
/// Implementations retry what is worth retrying, skip and log records they cannot use, and
/// throw a ``Fizzle`` for everything else.
///
/// ```swift
/// let people = try await web.fetchPersons(count: 100)
/// ```
public protocol PersonWebWork: Sendable {
    /// Up to `count` people from the directory, in batches as they are decoded; each batch
    /// counts the records it left out (unreadable, without an id, with an invalid id).
    func downloadPersons(count: Int) -> PersonBatches
    /// The demo action's web half: "LEG" after reaching the directory, or ``Fizzle/walkFail``
    /// without legs.
    func walk(isLeg: Bool) async throws(Fizzle) -> String
}

extension PersonWebWork {
    /// Up to `count` people from the directory, all at once.
    ///
    /// ```swift
    /// let people = try await web.fetchPersons(count: 10)
    /// ```
    public func fetchPersons(count: Int) async throws(Fizzle) -> [Person] {
        try await downloadPersons(count: count).collected()
    }
}
