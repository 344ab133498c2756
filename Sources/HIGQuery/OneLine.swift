extension String {
    /// The text with every character that could break a line or drive the terminal written
    /// out (`\n`, `\u{1B}`, a bidirectional override): an error message echoes what the user
    /// typed, and stays one plain line whatever that was.
    var escapingControlCharacters: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let value = scalar.value
                let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
                let breaksOrReorders =
                    [0x2028, 0x2029, 0x061C, 0x200E, 0x200F].contains(value)
                    || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                if isControl || breaksOrReorders {
                    out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
