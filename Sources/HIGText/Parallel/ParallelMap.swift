import Foundation

/// `map` over an array on every core (`DispatchQueue.concurrentPerform`), results in input order.
package enum ParallelMap {
    package static func map<Element: Sendable, T>(_ elements: [Element], _ transform: @Sendable (Element) -> T) -> [T] {
        guard elements.count > 1 else { return elements.map(transform) }
        var results = [T?](repeating: nil, count: elements.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes its own index only, and nothing reads before all have returned.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                slots[index] = transform(elements[index])
            }
        }
        return results.map { $0! }
    }
}
