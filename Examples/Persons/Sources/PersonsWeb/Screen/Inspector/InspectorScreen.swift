import Hummingbird
import HummingbirdCore
import Persons
import PersonsReplay
import PersonsShow
import Pure
import PureLive
import PureReplay

/// The inspector's routes: the live page, restoring an entry, the journal as JSON lines, and a
/// range of its calls as a test. They answer only to a loopback name (`localhost`, `127.0.0.1`,
/// `[::1]`), whatever other names the server allows: what they show and restore is for this
/// machine alone.
enum InspectorScreen {
    static func register(on server: Router<WebContext>, inspector: Inspector, live: LiveEngine) {
        let router = server.group().add(middleware: HostCheck(hosts: .loopbackOnly))
        live.page(SitePath.inspector, on: router, allowsHost: { AllowedHosts.loopbackOnly.allows(authority: $0) }) {
            request in
            try model(for: request.uri, inspector: inspector)
        }
        router.post(RouterPath(SitePath.restore)) { request, context in
            let form = try await WebForm.decode(RestoreForm.self, from: request, context: context)
            guard inspector.restore(form.sequence) else { throw PageError.noSuchEntry }
            return FormResponse.done(request, back: SitePath.inspector)
        }
        router.get(RouterPath(SitePath.journal)) { _, _ in
            Response(
                status: .ok,
                headers: [
                    .contentType: "application/x-ndjson; charset=utf-8", .cacheControl: "no-store",
                    .contentDisposition: "attachment; filename=\"pure-journal.jsonl\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: inspector.journal.jsonLines() + "\n")))
        }
        router.get(RouterPath(SitePath.testExport)) { request, _ in
            let query = request.uri.queryParameters
            guard let from = query["from"].flatMap({ Int(String($0)) }),
                let to = query["to"].flatMap({ Int(String($0)) }),
                from > 0, from <= to
            else { throw PageError.badRange }
            let source: String
            do {
                source = try RecordedTest.source(
                    of: JournalFile(jsonLines: inspector.journal.jsonLines()), calls: from...to)
            } catch {
                throw PageError(status: .unprocessableContent, title: "Cannot export", message: "\(error)")
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/x-swift; charset=utf-8", .cacheControl: "no-store",
                    .contentDisposition: "attachment; filename=\"RecordedCalls\(from)To\(to)Tests.swift\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: source)))
        }
    }

    /// The page `uri` asks for: all entries, or those of `useCase`.
    static func model(for uri: URI, inspector: Inspector) throws -> InspectorViewModel {
        let useCase = uri.queryParameters["useCase"].map(String.init) ?? ""
        guard useCase.count <= Inspector.nameLimit else { throw PageError.badRequest }
        return InspectorViewModel(inspector: inspector, useCase: useCase.isEmpty ? nil : useCase)
    }
}

/// The restore button's form.
struct RestoreForm: Decodable, Sendable {
    let sequence: Int
}
