import CLibCrypto
import Foundation

/// SHA-256 digests, from the system's libcrypto.
enum SHA256 {
    static func hex(of data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { buffer in
            _ = CLibCrypto.SHA256(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, &digest)
        }
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    static func hex(of text: String) -> String { hex(of: Data(text.utf8)) }
}
