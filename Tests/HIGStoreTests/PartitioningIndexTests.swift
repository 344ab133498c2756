import Testing
@testable import HIGStore
@testable import HIGText

@Suite("Partitioning index")
struct PartitioningIndexTests {
    @Test("The binary search finds what a linear search finds, on every sorted array up to 12 elements with repeats")
    func agreesWithLinearSearch() {
        for count in 0...12 {
            // Values 0, 0, 1, 1, 2, ... : every value repeated, every threshold tried.
            let sorted = (0..<count).map { $0 / 2 }
            for threshold in -1...(count / 2 + 1) {
                let linear = sorted.firstIndex { $0 >= threshold } ?? sorted.endIndex
                #expect(sorted.partitioningIndex(where: { $0 >= threshold }) == linear)
            }
        }
    }

    @Test("On a slice, the index is the slice's own")
    func slices() {
        let values = [1, 3, 5, 7, 9, 11]
        let slice = values[2...]
        #expect(slice.partitioningIndex(where: { $0 >= 6 }) == 3)
        #expect(slice.partitioningIndex(where: { $0 >= 100 }) == slice.endIndex)
        #expect(slice.partitioningIndex(where: { _ in true }) == 2)
    }
}
