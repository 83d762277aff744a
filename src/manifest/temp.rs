//! The temporary file a write goes through, removed when the process is interrupted: SIGINT,
//! SIGTERM and SIGHUP end the process without unwinding, so without this a `.mcp-schema-*.tmp`
//! (as large as the manifest) would stay beside it. While a write is under way, a handler removes
//! the file (`unlink`, which a signal handler may call) and raises the signal again with its
//! default action, so the process still ends as the signal asks. SIGKILL cannot be caught.

#[cfg(unix)]
mod unix {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    /// The temporary file of the write under way, or null.
    static PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

    extern "C" fn on_signal(signal: libc::c_int) {
        let path = PATH.swap(std::ptr::null_mut(), Ordering::SeqCst);
        // SAFETY: `path` is a leaked `CString` (or null); unlink, signal and raise are
        // async-signal-safe.
        unsafe {
            if !path.is_null() {
                libc::unlink(path);
            }
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    /// Removes `path` if a signal ends the process before the guard is dropped.
    pub struct Guard {
        previous: Vec<(libc::c_int, libc::sighandler_t)>,
    }

    impl Guard {
        pub fn new(path: &Path) -> Guard {
            let Ok(c) = CString::new(path.as_os_str().as_bytes()) else { return Guard { previous: Vec::new() } };
            let old = PATH.swap(c.into_raw(), Ordering::SeqCst);
            free(old);
            let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            // SAFETY: installing a handler that only calls async-signal-safe functions.
            let previous = SIGNALS.iter().map(|&s| (s, unsafe { libc::signal(s, handler) })).collect();
            Guard { previous }
        }
    }

    impl Drop for Guard {
        fn drop(&mut self) {
            for &(s, h) in &self.previous {
                // SAFETY: putting back the handler that was there before.
                unsafe { libc::signal(s, h) };
            }
            free(PATH.swap(std::ptr::null_mut(), Ordering::SeqCst));
        }
    }

    fn free(p: *mut libc::c_char) {
        if !p.is_null() {
            // SAFETY: every non-null pointer in `PATH` came from `CString::into_raw`.
            drop(unsafe { CString::from_raw(p) });
        }
    }
}

#[cfg(unix)]
pub(super) use unix::Guard;

/// Elsewhere, nothing to do.
#[cfg(not(unix))]
pub(super) struct Guard;

#[cfg(not(unix))]
impl Guard {
    pub(super) fn new(_: &std::path::Path) -> Guard {
        Guard
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::Guard;

    /// A process that a signal ends while a write is under way leaves no temporary file, and
    /// still ends by that signal.
    #[test]
    fn a_signal_removes_the_temporary_file_and_still_ends_the_process() {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(".mcp-schema-x.tmp");
            std::fs::write(&path, "partial").unwrap();
            // The guard is made in the child: the path it keeps is one per process, and other
            // tests of this process write manifests on other threads meanwhile (a guard made
            // here before the fork was replaced by theirs now and then). A forked child has one
            // thread, and glibc's allocator is fork-safe.
            // SAFETY: the child makes the guard, raises a signal and exits, touching nothing the
            // parent's other threads hold.
            let child = unsafe { libc::fork() };
            if child == 0 {
                let _guard = Guard::new(&path);
                unsafe {
                    libc::raise(signal);
                    libc::_exit(0);
                }
            }
            let mut status = 0;
            // SAFETY: waiting for the child just forked.
            assert_eq!(unsafe { libc::waitpid(child, &mut status, 0) }, child);
            assert!(libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == signal, "status {status:#x}");
            assert!(!path.exists(), "signal {signal} left the temporary file");
        }
    }

    #[test]
    fn without_a_signal_the_file_stays_for_its_owner() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".mcp-schema-y.tmp");
        std::fs::write(&path, "kept").unwrap();
        drop(Guard::new(&path));
        assert!(path.exists(), "dropping the guard removes nothing: tempfile or the rename does");
    }
}
