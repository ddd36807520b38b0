/// Comparisons whose time does not depend on where the inputs differ: roster codes, resume
/// codes, the monitor token and CSRF values, so that no timing tells how much of a guess was right.
public enum ConstantTime {
  /// Whether `a` and `b` are equal, looking at every byte of `b` whatever `a` holds.
  public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    var difference: UInt8 = a.count == b.count ? 0 : 1
    for index in b.indices {
      difference |= b[index] ^ (index < a.count ? a[index] : 0)
    }
    return difference == 0
  }
}
