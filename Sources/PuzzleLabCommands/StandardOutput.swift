// Only the C library here: imported with @preconcurrency, its `stdout`
// global (the stream `print` writes through) can be read in Swift 6 mode.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Makes the end of the process flush standard output and report a failed
/// write or flush (a full disk, a closed descriptor) as one line on stderr
/// with exit status 1, so no data is lost silently. A reader that went away
/// (`EPIPE`, as under `| head`) is not an error.
func checkStandardOutputAtExit() {
    atexit {
        let flushed = fflush(stdout) == 0
        let reason = errno
        guard !flushed || ferror(stdout) != 0, reason != EPIPE else { return }
        let detail = flushed ? "a write failed" : String(cString: strerror(reason))
        let message = Array("puzzlelab: cannot write to standard output: \(detail)\n".utf8)
        _ = write(STDERR_FILENO, message, message.count)
        _exit(1)
    }
}

/// Writes what `print` has buffered to standard output now.
func flushStandardOutput() {
    fflush(stdout)
}
