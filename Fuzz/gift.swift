// libFuzzer harness: GIFT files. Whatever the bytes, the reader returns quizzes or problems; a
// quiz it reads without problems is valid by quiz-bank/1's rules and writes as GIFT.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIFT(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let reading = GIFT.read(Array(UnsafeBufferPointer(start: data, count: size)))
  checkReading(reading, read: GIFT.read) { GIFT.write($0) }
  return 0
}
