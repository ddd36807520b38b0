import CLibZip

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A zip archive made whole in memory with libzip. The caller writes the bytes where it wants
/// them: quiz's `-o` files go through a temporary file renamed into place (or straight into a
/// pipe or device), which libzip's own file output, needing to seek and rename, cannot do.
///
/// The same entries always give the same bytes: every entry gets one fixed time and file mode,
/// whatever the clock, the time zone and the umask.
public enum ZipArchiveWriter {
  /// One file of the archive: its path inside (UTF-8, `/` between folders) and its bytes.
  public typealias Entry = (path: String, bytes: [UInt8])

  /// The archive of `entries`, in their order. Throws `ZipError` when a path is unusable
  /// (empty, holding a NUL, repeated) or libzip fails.
  public static func archive(_ entries: [Entry]) throws -> [UInt8] {
    // libzip writes nothing at all for an archive without entries; an empty zip is its end
    // record alone.
    guard !entries.isEmpty else { return emptyArchive }
    var opening = zip_error_t()
    zip_error_init(&opening)
    defer { zip_error_fini(&opening) }
    guard let buffer = zip_source_buffer_create(nil, 0, 0, &opening) else {
      throw ZipError(&opening, doing: "cannot start the archive")
    }
    guard let archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &opening) else {
      // Not taken by an archive: still ours to free.
      zip_source_free(buffer)
      throw ZipError(&opening, doing: "cannot start the archive")
    }
    // Closing (or discarding) the archive releases its source; our own reference keeps the
    // written bytes readable after it.
    zip_source_keep(buffer)
    defer { zip_source_free(buffer) }
    do {
      try add(entries, to: archive)
    } catch {
      zip_discard(archive)
      throw error
    }
    guard zip_close(archive) == 0 else {
      let failure = ZipError(archive: archive, doing: "cannot finish the archive")
      // A failed close leaves the archive open, to be discarded.
      zip_discard(archive)
      throw failure
    }
    return try contents(of: buffer)
  }

  /// An archive with no entry: the end-of-central-directory record, all counts zero.
  static let emptyArchive: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)

  /// `-rw-r--r--` for a regular file, in the high half of the external attributes as Unix zip
  /// tools write it: unpacked files get a usual mode instead of libzip's default.
  private static let regularFileAttributes: zip_uint32_t = 0o100644 << 16
}

// MARK: - Adding entries

extension ZipArchiveWriter {
  private static func add(_ entries: [Entry], to archive: OpaquePointer) throws {
    let modified = fixedTime
    for entry in entries {
      guard !entry.path.isEmpty, !entry.path.utf8.contains(0) else {
        throw ZipError(message: "cannot add an entry named \"\(entry.path)\": a path must be non-empty without NUL")
      }
      guard let source = copiedSource(of: entry.bytes, in: archive) else {
        throw ZipError(archive: archive, doing: "cannot add \(entry.path)")
      }
      // UTF-8 said, not guessed: libzip then marks non-ASCII names as UTF-8 for unzip tools.
      let added = zip_file_add(archive, entry.path, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
      guard added >= 0 else {
        // A source the archive did not take is still ours to free.
        zip_source_free(source)
        throw ZipError(archive: archive, doing: "cannot add \(entry.path)")
      }
      let index = zip_uint64_t(added)
      // Deflate, except for nothing at all: stored, an empty file stays zero bytes long.
      let method = entry.bytes.isEmpty ? ZIP_CM_STORE : ZIP_CM_DEFLATE
      guard zip_set_file_compression(archive, index, method, 0) == 0,
        zip_file_set_mtime(archive, index, modified, 0) == 0,
        zip_file_set_external_attributes(archive, index, 0, zip_uint8_t(ZIP_OPSYS_UNIX), regularFileAttributes) == 0
      else {
        throw ZipError(archive: archive, doing: "cannot add \(entry.path)")
      }
    }
  }

  /// A libzip source holding a copy of `bytes`. libzip reads its sources only in `zip_close`,
  /// after the Swift array may be gone: the copy is malloc'd and handed over (`freep` 1), for
  /// libzip to free when it is done. Nil when the copy or the source cannot be made.
  private static func copiedSource(of bytes: [UInt8], in archive: OpaquePointer) -> OpaquePointer? {
    guard !bytes.isEmpty else { return zip_source_buffer(archive, nil, 0, 0) }
    guard let copy = malloc(bytes.count) else { return nil }
    UnsafeMutableRawBufferPointer(start: copy, count: bytes.count).copyBytes(from: bytes)
    guard let source = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1) else {
      free(copy)
      return nil
    }
    return source
  }

  /// 1980-01-01 00:00, the earliest time a zip entry holds, as this machine's local time.
  /// libzip turns an entry's time into the zip's date and time fields in local time, so the
  /// fields come out the same in every time zone.
  private static var fixedTime: time_t {
    var fields = tm()
    fields.tm_year = 80
    fields.tm_mday = 1
    fields.tm_isdst = -1
    return mktime(&fields)
  }
}

// MARK: - Reading the archive back

extension ZipArchiveWriter {
  /// The bytes libzip wrote into the memory source `buffer`.
  private static func contents(of buffer: OpaquePointer) throws -> [UInt8] {
    var status = zip_stat_t()
    zip_stat_init(&status)
    guard zip_source_stat(buffer, &status) == 0, status.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0,
      let size = Int(exactly: status.size)
    else {
      throw ZipError(source: buffer, doing: "cannot read the archive back")
    }
    guard zip_source_open(buffer) == 0 else { throw ZipError(source: buffer, doing: "cannot read the archive back") }
    defer { zip_source_close(buffer) }
    var bytes = [UInt8](repeating: 0, count: size)
    let complete = bytes.withUnsafeMutableBytes { memory -> Bool in
      guard let base = memory.baseAddress else { return size == 0 }
      var filled = 0
      while filled < size {
        let read = zip_source_read(buffer, base + filled, zip_uint64_t(size - filled))
        guard read > 0 else { return false }
        filled += Int(read)
      }
      return true
    }
    guard complete else { throw ZipError(source: buffer, doing: "cannot read the archive back") }
    return bytes
  }
}
