// libFuzzer harness: Moodle XML files, with the same checks as the GIFT harness; a quiz read
// without problems also writes as Moodle XML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMoodleXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let reading = MoodleXML.read(Array(UnsafeBufferPointer(start: data, count: size)))
  checkReading(reading, read: { MoodleXML.read($0) }) { MoodleXML.write($0) }
  return 0
}
