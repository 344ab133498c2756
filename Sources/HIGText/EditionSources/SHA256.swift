import CLibCrypto
import Foundation

/// SHA-256 digests, from the system's libcrypto.
package enum SHA256 {
    package static func hex(of data: Data) -> String {
        data.withUnsafeBytes { hex(of: UnsafeRawBufferPointer($0)) }
    }

    package static func hex(of text: String) -> String {
        var text = text
        return text.withUTF8 { hex(of: UnsafeRawBufferPointer($0)) }
    }

    /// Lowercase hex digits of the digest.
    package static func hex(of bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = CLibCrypto.SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &digest)
        return digest.withUnsafeBytes { hex(bytes: $0) }
    }

    /// A digest as a value, for keeping many without a heap allocation each.
    struct Digest: Hashable, Sendable {
        let words: (UInt64, UInt64, UInt64, UInt64)

        static func == (a: Digest, b: Digest) -> Bool { a.words == b.words }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }

        /// The first `count` lowercase hex digits (at most 64), written straight from the
        /// digest's bytes: every rule id is one, and building them through arrays of digits was
        /// a tenth of reading and splitting the sources.
        func hexPrefix(_ count: Int) -> String {
            precondition((0...64).contains(count), "a SHA-256 digest has 64 hex digits, not \(count)")
            return withUnsafeBytes(of: words) { digest in
                String(unsafeUninitializedCapacity: count) { out in
                    for index in 0..<count {
                        let byte = digest[index / 2]
                        out[index] = SHA256.hexDigits[Int(index % 2 == 0 ? byte >> 4 : byte & 15)]
                    }
                    return count
                }
            }
        }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func digest(of text: String) -> Digest {
        var text = text
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        text.withUTF8 { bytes in
            withUnsafeMutableBytes(of: &words) { out in
                _ = CLibCrypto.SHA256(bytes.baseAddress, bytes.count, out.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return Digest(words: words)
    }
}
