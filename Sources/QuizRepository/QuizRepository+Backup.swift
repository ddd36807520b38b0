#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// MARK: - Backup

extension QuizRepository {
  /// An online, consistent copy of the database at `path`, owner-only. An existing file is
  /// refused unless `replacing`; then the copy is made beside it and renamed over it.
  ///
  /// Refused whatever `replacing` says: a target that is not a regular file (a FIFO, a device
  /// such as /dev/null, a folder), since renaming over it would replace the node itself; the
  /// database or its -wal, -shm or -journal file by any name (a link, another spelling), since
  /// that loses committed transactions or damages the database under its other connections;
  /// and a symbolic link to nothing.
  public func backup(to path: String, replacing: Bool = false) throws {
    guard !path.isEmpty else { throw RepositoryError.refused("cannot back up to an empty file name") }
    try refuseBackupTarget(path)
    let exists = FileSystem.status(of: path, followingLinks: false) != nil
    if exists && !replacing {
      throw RepositoryError.backupTargetExists(path: path)
    }
    let target = exists ? path + ".tmp-\(getpid())" : path
    if let reason = FileSystem.createPrivateFile(at: target) {
      throw RepositoryError.refused(
        exists
          ? "cannot replace \(path): cannot create \(target) beside it: \(reason)"
          : "cannot create \(path): \(reason)")
    }
    do {
      try mappingStorageErrors { try database.backup(to: target) }
      for suffix in ["-wal", "-shm"] { unlink(target + suffix) }
      if target != path, rename(target, path) != 0 {
        throw RepositoryError.refused("cannot replace \(path): \(FileSystem.reason(errno, creating: path))")
      }
    } catch {
      unlink(target)
      throw error
    }
  }

  /// The files SQLite keeps for this database, each with what it is: the database file, then
  /// its companions, named after the path as given and after the file it resolves to.
  private var protectedFiles: [(path: String, role: String)] {
    let suffixes = [
      ("", "the database itself"), ("-wal", "the database's -wal file"),
      ("-shm", "the database's -shm file"), ("-journal", "the database's -journal file"),
    ]
    let bases = [path] + FileSystem.locations(of: path)
    return suffixes.flatMap { suffix, role in bases.map { ($0 + suffix, role) } }
  }

  /// Throws when `path` must not receive a copy: see `backup(to:replacing:)`.
  private func refuseBackupTarget(_ path: String) throws {
    let own = FileSystem.status(of: path, followingLinks: false)
    let followed = FileSystem.status(of: path, followingLinks: true)
    let locations = Set(FileSystem.locations(of: path))
    for (file, role) in protectedFiles {
      // The same file by identity (a hard or symbolic link, another spelling of an existing
      // file), or by name (a companion file that does not exist yet).
      let identity = FileSystem.status(of: file, followingLinks: true)
      let sameFile = identity != nil && (identity == followed || identity == own)
      if sameFile || FileSystem.locations(of: file).contains(where: locations.contains) {
        let shown = file == path ? "" : " (\(file))"
        throw RepositoryError.refused("cannot write the copy to \(path): it is \(role)\(shown)")
      }
    }
    if let own, own.isSymbolicLink, followed == nil {
      let destination = FileSystem.linkDestination(of: path) ?? "a missing file"
      throw RepositoryError.refused(
        "cannot create \(path): it is a symbolic link to \(destination), which does not exist; "
          + "give the path of the file itself")
    }
    if let followed, !followed.isRegularFile {
      throw RepositoryError.refused(
        "cannot replace \(path): it is \(followed.kindName), not a regular file; "
          + "backup writes a new file or replaces a regular one")
    }
  }
}
