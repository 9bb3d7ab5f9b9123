//! The time this thread has spent on a CPU, so that other work on a shared machine does not
//! count against what is measured (wall-clock time where the thread clock is not at hand).

use std::time::Duration;

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn cpu_time() -> Duration {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, out: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `t` is a valid, writable timespec (two 64-bit fields on 64-bit Linux).
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(t.seconds as u64, t.nanoseconds as u32)
}

pub const CLOCK: &str = if cfg!(all(target_os = "linux", target_pointer_width = "64")) {
    "thread CPU time"
} else {
    "wall-clock time"
};

/// Elsewhere, wall-clock time since the first call.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn cpu_time() -> Duration {
    static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    EPOCH.get_or_init(std::time::Instant::now).elapsed()
}
