import CLibCrypto
import Foundation

/// SHA-256 digests, from the system's libcrypto.
enum SHA256 {
    static func hex(of data: Data) -> String {
        data.withUnsafeBytes { hex(of: UnsafeRawBufferPointer($0)) }
    }

    static func hex(of text: String) -> String {
        var text = text
        return text.withUTF8 { hex(of: UnsafeRawBufferPointer($0)) }
    }

    /// Lowercase hex digits of the digest; every rule id is one, so no String is built per byte.
    static func hex(of bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = CLibCrypto.SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &digest)
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: digest.count * 2) { out in
            for (index, byte) in digest.enumerated() {
                out[2 * index] = digits[Int(byte >> 4)]
                out[2 * index + 1] = digits[Int(byte & 15)]
            }
            return digest.count * 2
        }
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

        /// The first `count` lowercase hex digits.
        func hexPrefix(_ count: Int) -> String {
            var bytes: [UInt8] = []
            for word in [words.0, words.1, words.2, words.3] { withUnsafeBytes(of: word) { bytes += $0 } }
            return String(Self.hex(bytes).prefix(count))
        }

        private static func hex(_ bytes: [UInt8]) -> String {
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
        }
    }

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
