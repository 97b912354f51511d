/// Counts in messages, grouped by thousands the same way in every locale: `10214` as `10,214`.
package enum GroupedNumber {
    package static func text(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }
}
