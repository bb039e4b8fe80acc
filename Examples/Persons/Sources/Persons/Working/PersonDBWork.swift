/// What the database worker does for the service, by concern: the people (``PeopleDBWork``),
/// the lists (``ListDBWork``), the switches (``SwitchDBWork``) and what is kept of the address
/// book (``AddressBookDBWork``).
///
/// Implementations map their own records to the model at their boundary, run every multi-row
/// write in one transaction, log the detail of any failure and throw a ``Fizzle``.
///
/// ```swift
/// let db: any PersonDBWork = try PersonDBWorker(path: "/tmp/persons.sqlite")
/// let page = try await db.readMetas(PageRequest(search: "ad"))
/// ```
public protocol PersonDBWork: PeopleDBWork, ListDBWork, SwitchDBWork, AddressBookDBWork {}
