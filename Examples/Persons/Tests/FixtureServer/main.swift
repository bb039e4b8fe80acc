// randomuser-fixture: the randomuser-compatible test server on its own, for browser tests.
//
//     randomuser-fixture --port 8081
//
// Serves generated people on 127.0.0.1 with faults on demand (see RandomUserServer) until
// interrupted, and prints a line for each page of people it answers with:
// `page 3 results 5000 seed k3x9`.
import Foundation
import RandomUserFixtures

let arguments = CommandLine.arguments
guard let flag = arguments.firstIndex(of: "--port"), flag + 1 < arguments.count, let port = Int(arguments[flag + 1]),
    (1...65_535).contains(port)
else {
    FileHandle.standardError.write(Data("usage: randomuser-fixture --port <1-65535>\n".utf8))
    exit(64)
}
let server = RandomUserServer { page in
    FileHandle.standardOutput.write(Data("page \(page.page) results \(page.results) seed \(page.seed)\n".utf8))
}
try await server.run(port: port)
