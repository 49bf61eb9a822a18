import Foundation
import Perceive
import PerceiveLayout

/// The operations the rows scenario times, as the JS framework benchmark names them.
extension RowsScenario {
    struct Operation {
        /// The JSON name (`<op>` in `<op>_median_ns`).
        let key: String
        let name: String
        let prepare: (Store, Int) -> Void
        /// One operation on a table prepared for `count` rows; the last argument counts the
        /// operations made on that table before (each is the same kind of change).
        let run: (Store, Int, Int) -> Void
        /// Operations made on the same table before the timed one, as the JS framework benchmark
        /// makes them (0: the operation runs once, on the fresh table).
        var warmUps = 0
        /// Whether it runs at 10,000 rows too.
        var atTenThousand = true
    }

    /// The operation named `key` (one of `operations`' keys).
    static func operation(_ key: String) -> Operation {
        guard let operation = operations.first(where: { $0.key == key }) else { preconditionFailure("no rows operation \(key)") }
        return operation
    }

    static let operations: [Operation] = [
        Operation(key: "create", name: "create N", prepare: { _, _ in }, run: { store, count, _ in store.rows = store.make(count) }),
        Operation(
            key: "replace", name: "replace all N", prepare: { $0.rows = $0.make($1) },
            run: { store, count, _ in store.rows = store.make(count) }),
        Operation(
            key: "update10", name: "update every 10th", prepare: { $0.rows = $0.make($1) },
            run: { store, _, _ in
                for index in stride(from: 0, to: store.rows.count, by: 10) { store.rows[index].label += " !!!" }
            }, warmUps: 3),
        Operation(
            key: "select", name: "select a row",
            prepare: { store, count in
                store.rows = store.make(count)
                store.select(store.rows[10])
            }, run: { store, count, done in store.select(store.rows[(count / 2 + done) % store.rows.count]) }, warmUps: 5),
        Operation(
            key: "swap", name: "swap rows 2 and N−1", prepare: { $0.rows = $0.make($1) },
            run: { store, count, _ in store.rows.swapAt(1, count - 2) }, warmUps: 5),
        // Each removal takes the middle row of what is left (the timed one, after five, from N − 5).
        Operation(
            key: "remove", name: "remove one row", prepare: { $0.rows = $0.make($1) },
            run: { store, _, _ in store.rows.remove(at: store.rows.count / 2) }, warmUps: 5),
        Operation(
            key: "append", name: "append 1,000 to N", prepare: { $0.rows = $0.make($1) },
            run: { store, _, _ in store.rows += store.make(1_000) },
            atTenThousand: false),
        Operation(
            key: "clear", name: "clear N", prepare: { $0.rows = $0.make($1) }, run: { store, _, _ in store.rows = [] },
            atTenThousand: false)
    ]
}
