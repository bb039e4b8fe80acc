/// A readable account of how `actual` differs from `expected`: the lines of their dumps that
/// differ, `-` for expected and `+` for actual, with unchanged lines between as context.
func difference<Value>(_ expected: Value, _ actual: Value) -> String {
    let old = lines(of: expected)
    let new = lines(of: actual)
    var result: [String] = []
    for edit in lineEdits(from: old, to: new) {
        switch edit {
        case .same(let line): result.append("  " + line)
        case .removed(let line): result.append("- " + line)
        case .added(let line): result.append("+ " + line)
        }
    }
    return result.joined(separator: "\n")
}

private func lines<Value>(of value: Value) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
}

private enum LineEdit {
    case same(String)
    case removed(String)
    case added(String)
}

/// A shortest edit script between two lists of lines (longest common subsequence).
private func lineEdits(from old: [String], to new: [String]) -> [LineEdit] {
    let rows = old.count + 1
    let columns = new.count + 1
    var common = [Int](repeating: 0, count: rows * columns)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            common[i * columns + j] =
                old[i] == new[j]
                ? common[(i + 1) * columns + j + 1] + 1
                : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
        }
    }
    var edits: [LineEdit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            edits.append(.same(old[i]))
            i += 1
            j += 1
        } else if i < old.count, j == new.count || common[(i + 1) * columns + j] >= common[i * columns + j + 1] {
            edits.append(.removed(old[i]))
            i += 1
        } else {
            edits.append(.added(new[j]))
            j += 1
        }
    }
    return edits
}
