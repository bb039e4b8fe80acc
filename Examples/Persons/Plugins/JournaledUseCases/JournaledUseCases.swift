import PackagePlugin

/// Writes `Journaled.useCases` from `Serving`: each `var nameAction: Type { get }` of
/// `Persons/Service/Serving.swift` becomes `RecordedUseCase("nameAction") { $0.nameAction }`, in
/// order. So a use case is its file under `PersonsVessel/Usecase/` and its line in `Serving`: the
/// journal's declaration, which an exported test and a replay call it by, follows at each build.
@main
struct JournaledUseCases: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let contract = try context.package.targets(named: ["Persons"]).compactMap { $0 as? SourceModuleTarget }
        guard let serving = contract.first?.sourceFiles(withSuffix: "Serving.swift").first?.url else {
            throw Missing(description: "the Persons target has no Serving.swift to read the use cases from")
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Journaled+UseCases.swift")
        return [
            .buildCommand(
                displayName: "Writing Journaled.useCases from Serving.swift",
                executable: try context.tool(named: "JournaledUseCasesWriter").url,
                arguments: [serving.path(), output.path()],
                inputFiles: [serving],
                outputFiles: [output])
        ]
    }

    /// Why the plugin cannot run.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }
}
