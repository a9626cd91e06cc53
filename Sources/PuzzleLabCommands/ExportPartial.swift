import Foundation

/// The partial file of an export (`FILE.partial`), open for writing and
/// locked for the whole run.
///
/// The lock is an advisory `flock(2)` on the partial file itself, taken
/// before anything is read or written and held until the process closes
/// the file, which is after the file has been moved to its final name: a
/// second export or `--resume` of the same file is refused in one line
/// instead of writing rows into it. The kernel drops the lock when the
/// process ends however it ends, so a killed export never leaves a stale
/// lock behind.
enum ExportPartial {
    /// Creates `path`, which must not exist, locks it and writes `header`.
    ///
    /// - Throws: one line: the file exists (being written by another
    ///   export, or left by an interrupted one), or cannot be created (the
    ///   system's reason).
    static func create(_ path: String, header: String) throws(CLIError) -> FileHandle {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = errno
            if reason == EEXIST {
                if isLocked(path) { throw anotherWriter(path) }
                throw CLIError("\(path) exists (an interrupted export?): add --resume to continue it, or delete it", status: .cannotCreate)
            }
            throw CLIError("\(path): cannot create the file: \(String(cString: strerror(reason)))", status: .cannotCreate)
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try lock(handle, path)
        try write(Data(header.utf8), to: handle, path: path)
        return handle
    }

    /// Opens and locks the partial file `path` to continue it; `nil` when
    /// there is none.
    ///
    /// - Throws: one line when `path` is not a regular file (a FIFO, a
    ///   device, a directory: it is not opened, so it cannot block), cannot
    ///   be opened, or is being written by another export.
    static func openToResume(_ path: String) throws(CLIError) -> FileHandle? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw CLIError("\(path): cannot open the file: \(String(cString: strerror(errno)))", status: .noInput)
        }
        try requireRegular(info, path)
        // O_NONBLOCK: should the name have become a FIFO since the check,
        // opening it does not wait for a writer (and the check below refuses it).
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError("\(path): cannot open the file: \(String(cString: strerror(errno)))", status: .noInput) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard fstat(fd, &info) == 0 else { throw CLIError("\(path): cannot open the file: \(String(cString: strerror(errno)))", status: .noInput) }
        try requireRegular(info, path)
        try lock(handle, path)
        return handle
    }

    private static func requireRegular(_ info: stat, _ path: String) throws(CLIError) {
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw CLIError("\(path) is \(fileKind(type)), not a regular file: it is not read; delete it or export to another file", status: .cannotCreate)
        }
    }

    /// Takes the lock of `path`'s open `handle` without waiting.
    private static func lock(_ handle: FileHandle, _ path: String) throws(CLIError) {
        while flock(handle.fileDescriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { throw anotherWriter(path) }
            throw CLIError("\(path): cannot lock the file: \(String(cString: strerror(errno)))", status: .ioError)
        }
    }

    /// True when another process holds the lock of the existing file `path`.
    private static func isLocked(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    private static func anotherWriter(_ path: String) -> CLIError {
        CLIError("\(path): another puzzlelab export is writing it (it is locked); wait for that export to finish, or stop it and run again with --resume", status: .busy)
    }
}
