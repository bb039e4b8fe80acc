// randomuser-fixture: the randomuser-compatible test server on its own, for browser tests.
//
//     randomuser-fixture --port 8081
//
// Serves generated people on 127.0.0.1 with faults on demand (see RandomUserServer) until
// interrupted.
import Foundation
import RandomUserFixtures

let arguments = CommandLine.arguments
guard let flag = arguments.firstIndex(of: "--port"), flag + 1 < arguments.count, let port = Int(arguments[flag + 1]),
    (1...65_535).contains(port)
else {
    FileHandle.standardError.write(Data("usage: randomuser-fixture --port <1-65535>\n".utf8))
    exit(64)
}
try await RandomUserServer().run(port: port)
