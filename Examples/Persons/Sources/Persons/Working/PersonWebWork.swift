/// What the web worker does for the service: downloads people from the directory.
///
/// Implementations retry what is worth retrying, skip and log records they cannot use, and
/// throw a ``Fizzle`` for everything else.
///
/// ```swift
/// let people = try await web.fetchPersons(count: 100)
/// ```
public protocol PersonWebWork: Sendable {
    /// Where the people come from, as a sync remembers it: the directory's address, or
    /// "bundled".
    var source: String { get }
    /// The most people one page may ask for.
    var largestPage: Int { get }
    /// The people of page `page` of `plan`, in batches as they are decoded; each batch counts
    /// the records it left out (unreadable, without an id, with an invalid id). A page that
    /// brings fewer records than `plan` says it should ends with
    /// ``Fizzle/shortPage(page:got:asked:)``. `waiting` hears the seconds of each wait the
    /// directory asks for.
    func downloadPage(_ page: Int, of plan: SyncPlan, waiting: @escaping @Sendable (Int) -> Void) -> PersonBatches
    /// Whether the directory's photos can be downloaded (the bundled sample's are not: it is
    /// for working offline).
    var hasPhotos: Bool { get }
    /// The photo at `address`, checked: an image (JPEG, PNG, GIF or WebP) of at most
    /// ``PhotoFile/largest`` bytes, or ``Fizzle/unusablePhoto``.
    func downloadPhoto(_ address: String) async throws(Fizzle) -> PhotoFile
    /// The demo action's web half: "LEG" after reaching the directory, or ``Fizzle/walkFail``
    /// without legs.
    func walk(isLeg: Bool) async throws(Fizzle) -> String
}

extension PersonWebWork {
    /// Up to `count` people from the directory (at most one page), all at once, made from a
    /// fresh seed.
    ///
    /// ```swift
    /// let people = try await web.fetchPersons(count: 10)
    /// ```
    public func fetchPersons(count: Int) async throws(Fizzle) -> [Person] {
        let size = min(max(1, count), largestPage)
        let plan = SyncPlan(source: source, count: size, seed: SyncPlan.newSeed(), pageSize: size)
        return try await downloadPage(1, of: plan) { _ in }.collected()
    }
}
