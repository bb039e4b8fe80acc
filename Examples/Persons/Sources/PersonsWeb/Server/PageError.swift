import Hummingbird
import Persons
import PersonsShow

/// A failure shown to the user as a page with a status: never a stack trace, never an empty body.
struct PageError: HTTPResponseError {
    let status: HTTPResponse.Status
    let title: String
    let message: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try HTMLResponse(status: status, html: Shows.render(MessagePage(title: title, message: message)))
            .response(from: request, context: context)
    }

    static let badRequest = PageError(
        status: .badRequest, title: "Bad request", message: "That request could not be understood.")
    static let notFound = PageError(status: .notFound, title: "Not found", message: "There is no such page.")
    static let noSuchPosition = PageError(
        status: .badRequest, title: "Bad request",
        message: "There is no such place in the list: go back to the list and use its buttons.")

    static var noSuchOrder: PageError {
        PageError(
            status: .badRequest, title: "Bad request",
            message: "There is no such order: choose one of "
                + ListOrder.allCases.map(\.rawValue).joined(separator: ", ") + ".")
    }

    /// The page for a filter's value that no person can have.
    static func noSuchValue(_ filter: ListFilter) -> PageError {
        PageError(
            status: .badRequest, title: "Bad request",
            message:
                "That is not a \(filter.label.lowercased()) anyone can have: leave it empty, or give \(filter.expected)."
        )
    }
    static let badRange = PageError(
        status: .badRequest, title: "Bad request",
        message: "Choose the first and the last call of the range to export, the first no later than the last.")
    static let noSuchEntry = PageError(
        status: .notFound, title: "Not found",
        message: "That entry has left the journal, which keeps only the newest ones: pick a newer one.")
    static let crossSite = PageError(
        status: .forbidden, title: "Refused", message: "This request came from another site and was refused.")
    static let otherHost = PageError(
        status: .misdirectedRequest, title: "Refused",
        message: "This server does not answer to that host name. Open the app at the address it printed.")

    /// The page for a failed use case: not found for an unknown person, a conflict for a choice
    /// made meanwhile (in another tab), unavailable otherwise.
    init(_ fizzle: Fizzle) {
        if fizzle.isNotFound || fizzle.isNotDeleted {
            self.init(status: .notFound, title: "Not found", message: fizzle.message)
        } else if fizzle.isNoConflict {
            self.init(status: .conflict, title: "Already chosen", message: fizzle.message)
        } else {
            self.init(status: .serviceUnavailable, title: "Cannot show this page", message: fizzle.message)
        }
    }

    init(status: HTTPResponse.Status, title: String, message: String) {
        self.status = status
        self.title = title
        self.message = message
    }

    /// The page for any other error, by its status (413, 405...), or a 500.
    init(other error: any Error) {
        guard let error = error as? any HTTPResponseError else {
            self.init(status: .internalServerError, title: "Something went wrong", message: Fizzle.unknown.message)
            return
        }
        switch error.status {
        case .notFound: self = .notFound
        case .contentTooLarge:
            self.init(status: error.status, title: "Too large", message: "That request is too large.")
        case .methodNotAllowed:
            self.init(status: error.status, title: "Not allowed", message: "That page cannot do this.")
        case let status where status.kind == .clientError:
            self.init(status: status, title: "Bad request", message: Self.badRequest.message)
        default: self.init(status: .internalServerError, title: "Something went wrong", message: Fizzle.unknown.message)
        }
    }
}
