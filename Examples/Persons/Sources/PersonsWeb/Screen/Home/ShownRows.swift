import PersonsShow
import PureLive
import Synchronization

/// One list's last rendering, and where each of its rows is in it: rendered again when the list
/// changes, the list renders only the rows it did not show last (a search that gains a person
/// renders one row, not a hundred) and copies the others. The rendering kept is the string the
/// live part holds (one copy). Each row is found by its hash (SipHash, 64 bits, keyed afresh by
/// each process): a row is taken for another it differs from about once in 10^15 renderings of a
/// hundred rows. Its place is kept in 32-bit offsets: a page holds at most a hundred rows, each
/// of fields of bounded length.
///
/// ```swift
/// let rows = ShownRows()
/// let part = Fragment(id: PeopleListView.templateName, compact: rows.html(of: list))
/// ```
final class ShownRows: Sendable {
    private let render: @Sendable (PersonRowView) -> String
    private let last = Mutex<Rendering?>(nil)

    /// A list's rows, each rendered by `render` when it was not shown last.
    init(rendering render: @escaping @Sendable (PersonRowView) -> String = Shows.render) {
        self.render = render
    }

    /// `list`'s HTML, compact (see `Fragment.compact(_:)`), its rows copied from the last
    /// rendering where they show the same.
    func html(of list: PeopleListView) -> String {
        let before = last.withLock { $0 }
        var rows: [Rendering.Row] = []
        let html = list.html { row, html in
            let key = row.hashValue
            let start = html.utf8.count
            if let before, let shown = before.html(of: key) {
                html += shown
            } else {
                html += render(row)
            }
            rows.append(Rendering.Row(key: key, start: Int32(start), end: Int32(html.utf8.count)))
        }
        let now = Rendering(html: Fragment.compact(html), rows: rows.sorted { $0.key < $1.key })
        last.withLock { $0 = now }
        return now.html
    }

    /// A list's HTML, and its rows' places in it, sorted by key.
    private struct Rendering {
        let html: String
        let rows: [Row]

        /// A row's key and its UTF-8 offsets in the HTML.
        struct Row {
            let key: Int
            let start: Int32
            let end: Int32
        }

        /// The HTML of the row `key` shows, if this rendering has it.
        func html(of key: Int) -> Substring? {
            var (low, high) = (0, rows.count)
            while low < high {
                let middle = (low + high) / 2
                if rows[middle].key < key { low = middle + 1 } else { high = middle }
            }
            guard low < rows.count, rows[low].key == key else { return nil }
            let utf8 = html.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: Int(rows[low].start))
            return Substring(utf8[start..<utf8.index(start, offsetBy: Int(rows[low].end - rows[low].start))])
        }
    }
}
