import Foundation

/// Byte-for-byte comparison of two generated folders (the determinism check).
public enum FolderDigest {
    /// The first file whose bytes differ, or that only one folder holds; nil when identical.
    public static func firstDifference(_ a: URL, _ b: URL) throws -> String? {
        let left = try files(in: a)
        let right = try files(in: b)
        for name in Set(left).union(right).sorted() {
            guard left.contains(name), right.contains(name) else { return "\(name) is in one folder only" }
            if try Data(contentsOf: a.appending(path: name)) != Data(contentsOf: b.appending(path: name)) {
                return "\(name) differs"
            }
        }
        return nil
    }

    private static func files(in folder: URL) throws -> [String] {
        let root = folder.path(percentEncoded: false)
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw BenchError("cannot list \(root)")
        }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                names.append(name)
            }
        }
        return names.sorted()
    }
}
