import Pure
import Testing

@Suite("UiState")
struct UiStateTests {
    @Test("states compare by case and payload")
    func equality() {
        #expect(UiState<Int>.ready == .ready)
        #expect(UiState<Int>.loading(permille: 10) == .loading(permille: 10))
        #expect(UiState<Int>.loading(permille: 10) != .loading(permille: 11))
        #expect(UiState.success(1) != .success(2))
        #expect(UiState<Int>.failure("a") != .failure("b"))
        #expect(UiState<Int>.ready != .failure(""))
    }

    @Test("progress is a clamped fraction, and a clamped per mille, while loading; nil otherwise")
    func progress() {
        #expect(UiState<Int>.loading(permille: 250).progress == 0.25)
        #expect(UiState<Int>.loading(permille: 1_200).progress == 1)
        #expect(UiState<Int>.loading(permille: -5).progress == 0)
        #expect(UiState<Int>.success(1).progress == nil)
        #expect(UiState<Int>.loading(permille: 1_200).permille == 1_000)
        #expect(UiState<Int>.loading(permille: -5).permille == 0)
        #expect(UiState<Int>.loading(permille: 450).permille == 450)
        #expect(UiState<Int>.failure("no").permille == nil)
    }

    @Test("value, message and map follow the case")
    func accessors() {
        #expect(UiState.success(2).value == 2)
        #expect(UiState<Int>.failure("Offline").message == "Offline")
        #expect(UiState<Int>.ready.value == nil)
        #expect(UiState.success(2).map { $0 * 10 } == .success(20))
        #expect(UiState<Int>.loading(permille: 5).map { $0 * 10 } == .loading(permille: 5))
    }
}
