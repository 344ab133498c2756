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
}
