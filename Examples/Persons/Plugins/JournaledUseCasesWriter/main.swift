import Foundation

// The tool behind the JournaledUseCases plugin: reads Serving.swift (the first argument) and
// writes `Journaled.useCases` (to the second), one entry per `var nameAction: Type { get }`, in
// order. A name that is not a plain Swift identifier stops the build, by line.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: JournaledUseCasesWriter Serving.swift Output.swift\n".utf8))
    exit(2)
}
let serving = try String(contentsOfFile: arguments[1], encoding: .utf8)
var names: [String] = []
for (number, line) in serving.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let words = line.split(separator: " ")
    guard words.count >= 3, words[0] == "var", words[1].hasSuffix("Action:") else { continue }
    let name = words[1].dropLast()
    guard name.first?.isLetter == true, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    else {
        FileHandle.standardError.write(Data("\(arguments[1]):\(number + 1): error: not a use case's name\n".utf8))
        exit(1)
    }
    names.append(String(name))
}
guard !names.isEmpty else {
    FileHandle.standardError.write(Data("\(arguments[1]): error: no `var nameAction: Type { get }` found\n".utf8))
    exit(1)
}
let entries = names.map { "        RecordedUseCase(\"\($0)\") { $0.\($0) }," }
let source =
    ([
        "// Written at each build by the JournaledUseCases plugin (Plugins/) from Serving.swift.",
        "import Persons",
        "import PureReplay",
        "",
        "extension Journaled {",
        "    /// Every use case of `Serving`, under the name the journal records it by (its property).",
        "    public static let useCases: [RecordedUseCase<any Serving>] = [",
    ] + entries + ["    ]", "}"]).joined(separator: "\n") + "\n"
// Written only when it changes, so that a build with nothing new compiles nothing again.
if (try? String(contentsOfFile: arguments[2], encoding: .utf8)) != source {
    try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
}
