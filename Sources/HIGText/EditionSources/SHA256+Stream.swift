import CLibCrypto

extension SHA256 {
    /// A SHA-256 over bytes fed in pieces: a database digest reads tables of many megabytes, row
    /// by row, and should not hold them in memory to hash them. libcrypto's EVP interface (the
    /// one-call `SHA256` above is not deprecated, its `SHA256_Init` family is).
    package final class Stream {
        private let context: OpaquePointer

        package init() {
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto cannot start a SHA-256 digest")
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        package func update(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count > 0 else { return }
            EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
        }

        func update(_ text: String) {
            var text = text
            text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
        }

        /// The digest's lowercase hex digits; the stream is spent afterwards.
        package func finishHex() -> String {
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &digest, &length)
            return digest.prefix(Int(length)).withUnsafeBytes { SHA256.hex(bytes: $0) }
        }
    }

    /// Lowercase hex digits of `bytes` themselves (not of their digest).
    static func hex(bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = hexDigits[Int(byte >> 4)]
                out[2 * index + 1] = hexDigits[Int(byte & 15)]
            }
            return bytes.count * 2
        }
    }
}
