/// The order of SQLite's BINARY collation: text compared by its UTF-8 bytes.
///
/// Rows inserted in the order of their table's key land next to the row before, in pages at
/// hand, instead of page by page all over the B-tree: the import writes platforms, repairs,
/// topics, forces and links in this order.
package enum KeyOrder {
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// For two-column keys: `a` first, then `b`.
    package static func precedes(_ a: (String, String), _ b: (String, String)) -> Bool {
        a.0 == b.0 ? precedes(a.1, b.1) : precedes(a.0, b.0)
    }
}
