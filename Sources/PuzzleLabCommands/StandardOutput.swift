// Only the C library here: imported with @preconcurrency, its `stdout`
// global (the stream `print` writes through) can be read in Swift 6 mode.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Makes the end of the process flush standard output and report a failed
/// write or flush (a full disk, a closed descriptor) as one line on stderr
/// with exit status ``ExitStatus/ioError``, so no data is lost silently. A reader that went away
/// (`EPIPE`, as under `| head`) is not an error.
func checkStandardOutputAtExit() {
    atexit {
        let flushed = fflush(stdout) == 0
        let reason = errno
        guard !flushed || ferror(stdout) != 0, reason != EPIPE else { return }
        let detail = flushed ? "a write failed" : String(cString: strerror(reason))
        let message = Array("puzzlelab: cannot write to standard output: \(detail)\n".utf8)
        _ = write(STDERR_FILENO, message, message.count)
        _exit(ExitStatus.ioError.rawValue)
    }
}

/// Makes a reader that goes away (`| head` exiting, a closed socket) end
/// the process quietly with status 0 at the write that finds it gone,
/// instead of the default SIGPIPE death (status 141): whatever the command
/// was still to write has no reader. Every write of the process (`print`,
/// a `FileHandle`, an `--out` FIFO) takes this one path.
func endQuietlyWhenReaderLeaves() {
    signal(SIGPIPE) { _ in _exit(0) }
}

/// Writes what `print` has buffered to standard output now.
func flushStandardOutput() {
    fflush(stdout)
}

/// Flushes standard output and tells whether a write to it has failed (the
/// end of the process reports that on one line): a run's closing totals
/// are left out then, so the failure is the one line on stderr.
func standardOutputHasFailed() -> Bool {
    fflush(stdout) != 0 || ferror(stdout) != 0
}
