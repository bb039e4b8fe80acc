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
        // A range as a test: the Swift file, and the values it keeps beside it, under the same
        // name, so that the test finds them where both are saved.
        for (path, type, ending) in [
            (SitePath.testExport, "text/x-swift", "swift"), (SitePath.testData, "application/json", "json"),
        ] {
            router.get(RouterPath(path)) { request, _ in
                let (range, test) = try exported(request.uri, inspector: inspector)
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "\(type); charset=utf-8", .cacheControl: "no-store",
                        .contentDisposition:
                            "attachment; filename=\"RecordedCalls\(range.lowerBound)To\(range.upperBound)Tests.\(ending)\"",
                    ],
                    body: .init(byteBuffer: ByteBuffer(string: ending == "swift" ? test.source : test.data)))
            }
        }
    }

    /// The range of calls `uri` asks for (`from`, `to`), exported as a test.
    static func exported(_ uri: URI, inspector: Inspector) throws -> (ClosedRange<Int>, TestExport.Exported) {
        let query = uri.queryParameters
        guard let from = query["from"].flatMap({ Int(String($0)) }),
            let to = query["to"].flatMap({ Int(String($0)) }),
            from > 0, from <= to
        else { throw PageError.badRange }
        do {
            return (
                from...to,
                try RecordedTest.test(of: JournalFile(jsonLines: inspector.journal.jsonLines()), calls: from...to)
            )
        } catch {
            throw PageError(status: .unprocessableContent, title: "Cannot export", message: "\(error)")
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
