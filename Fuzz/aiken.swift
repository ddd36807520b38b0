// libFuzzer harness: Aiken files, with the same checks as the GIFT harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAiken(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let reading = Aiken.read(Array(UnsafeBufferPointer(start: data, count: size)))
  checkReading(reading, read: Aiken.read) { Aiken.write($0) }
  return 0
}
