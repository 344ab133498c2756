/// The ASCII tests and case mapping every byte-level reader uses, written once: A to Z are the
/// only capitals and a to z the only lowercase letters an ASCII byte can be, and lowercasing
/// maps exactly those 26 capitals (what `String.lowercased()` does to ASCII).
///
/// Public and `@inlinable` so that readers in other modules (`NormativeForce`, `TermScanner`)
/// inline them: Swift 6.3 inlines no `package` function across modules, and a call per byte was
/// 1.1% of an import's instructions at 4 x 3k.
public enum ASCII {
    /// A to Z.
    @inlinable @inline(__always)
    public static func isUppercase(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }

    /// A to Z or a to z.
    @inlinable @inline(__always)
    public static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    /// Tab to carriage return, and space: the ASCII bytes `Character.isWhitespace` holds true.
    @inlinable @inline(__always)
    public static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }

    /// The byte lowercased: A to Z become a to z, every other byte stays.
    @inlinable @inline(__always)
    public static func lowercased(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte | 0x20 : byte }

    /// A scalar value lowercased the same way (values beyond ASCII stay).
    @inline(__always)
    static func lowercased(_ value: UInt32) -> UInt32 { value &- 65 < 26 ? value | 0x20 : value }
}
