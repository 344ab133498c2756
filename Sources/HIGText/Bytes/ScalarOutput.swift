/// Text built a scalar at a time, held as UTF-8 bytes until it is read.
///
/// A scalar appended to a `String.UnicodeScalarView` cost some 450 instructions (callgrind, a
/// release import of the bundled editions: 4.5 million such appends, 7% of the import, most in
/// `WebMarkdownInline` and `FastText.foldedLowercase`); appended here, an ASCII scalar is one
/// byte stored. The text is the same scalars either way: UTF-8 is their one encoding.
struct ScalarOutput {
    private var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func append(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }

    mutating func append(contentsOf scalars: some Sequence<Unicode.Scalar>) {
        for scalar in scalars { append(scalar) }
    }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
