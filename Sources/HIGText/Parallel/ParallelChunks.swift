/// `map` over the indices `0..<count` on every core, in chunks of consecutive indices, results
/// in index order.
///
/// Lineage does the same pure work for each of many rules or links (a force, a class,
/// a candidate list): one task per element would cost more in scheduling than some of the
/// elements do, and a chunk lets a worker keep its own scratch buffers (`makeScratch`).
package enum ParallelChunks {
    package static let chunkSize = 512

    package static func map<T>(count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        map(count: count, makeScratch: { () }) { index, _ in transform(index) }
    }

    package static func map<T, Scratch>(
        count: Int, makeScratch: @Sendable () -> Scratch,
        _ transform: @Sendable (Int, inout Scratch) -> T
    ) -> [T] {
        let chunks = stride(from: 0, to: count, by: chunkSize).map { $0..<min(count, $0 + chunkSize) }
        return ParallelMap.map(chunks) { chunk in
            var scratch = makeScratch()
            return chunk.map { transform($0, &scratch) }
        }.flatMap { $0 }
    }
}
