//! A bounded, order-keeping pipeline: one thread feeds items, worker threads turn them into
//! results, and the calling thread receives the results in the order the items came.
//!
//! `reprocess` runs on it: the library is walked on the feeder thread, each file is read,
//! labelled and rendered on a worker, and the report is written by the caller as the results
//! arrive, in library order. A batch-then-barrier scheme (the earlier one) leaves cores idle at
//! the end of every batch while the slowest file finishes and while the batch is written out;
//! here the workers never wait for the writer unless they are `window` items ahead of it, which
//! is also what keeps memory flat: at most `window` items are in flight or waiting to be written.
use std::collections::VecDeque;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// Counts the items handed out and not yet received by the caller; the feeder waits while
/// `window` are out.
struct Window {
    out: Mutex<usize>,
    freed: Condvar,
    cap: usize,
}

impl Window {
    /// Waits for room for one more item (false when the caller has gone away).
    fn take(&self, stop: &std::sync::atomic::AtomicBool) -> bool {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        while *out >= self.cap {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return false;
            }
            out = self.freed.wait(out).unwrap_or_else(|e| e.into_inner());
        }
        *out += 1;
        !stop.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn give_back(&self) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        *out = out.saturating_sub(1);
        self.freed.notify_one();
    }

    fn wake_all(&self) {
        let _guard = self.out.lock().unwrap_or_else(|e| e.into_inner());
        self.freed.notify_all();
    }
}

/// Sets the stop flag and wakes the feeder when a worker unwinds.
struct StopOnPanic<'a>(&'a std::sync::atomic::AtomicBool, &'a Window);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
            self.1.wake_all();
        }
    }
}

/// Feeds the items of `feed()` (built on the feeder thread, so it need not be `Send`) to
/// `threads` workers, each with its own state from `init`, and calls `sink` with each result
/// in item order, on the calling thread. Items travel in chunks of `chunk` (one hand-over, one
/// wake-up of a sleeping thread, per chunk rather than per item: with one item at a time the
/// futex calls cost a tenth of a second per 10,000 items). At most `window` chunks are between
/// the feeder and the sink at any time. Stops early, returning the error, when `sink` fails.
pub fn ordered<T, R, S, E, I>(
    feed: impl FnOnce() -> I + Send,
    threads: usize,
    chunk: usize,
    window: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, T) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    I: Iterator<Item = T>,
    T: Send,
    R: Send,
{
    let threads = threads.max(1);
    let window = Window {
        out: Mutex::new(0),
        freed: Condvar::new(),
        cap: window.max(threads),
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    // Items go to the workers through one queue (whichever worker is free takes the next).
    let chunk = chunk.max(1);
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, Vec<T>)>(threads * 2);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<R>)>();
    std::thread::scope(|scope| {
        let (window, stop, job_rx) = (&window, &stop, &job_rx);
        scope.spawn(move || {
            let mut items = feed();
            for seq in 0.. {
                let part: Vec<T> = items.by_ref().take(chunk).collect();
                if part.is_empty() || !window.take(stop) || job_tx.send((seq, part)).is_err() {
                    break;
                }
            }
            // Dropping the sender ends the workers once the queue is empty.
        });
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let (init, work) = (&init, &work);
            scope.spawn(move || {
                // A worker that panics stops the run (the feeder hands out nothing more, so no
                // thread waits for a result that will not come); the scope then re-raises it.
                let _stop_on_panic = StopOnPanic(stop, window);
                let mut state = init();
                loop {
                    let next = job_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok((seq, part)) = next else {
                        break;
                    };
                    // After a stop the queue is drained without work, so the feeder is not
                    // left waiting on a full queue.
                    if stop.load(std::sync::atomic::Ordering::Relaxed) {
                        continue;
                    }
                    let r: Vec<R> = part.into_iter().map(|i| work(&mut state, i)).collect();
                    let _ = done_tx.send((seq, r));
                }
            });
        }
        drop(done_tx);
        // Results that came before their turn wait here (at most `window` of them).
        let mut waiting: VecDeque<Option<Vec<R>>> = VecDeque::new();
        let mut next = 0usize;
        let mut result = Ok(());
        for (seq, r) in done_rx.iter() {
            let at = seq - next;
            if waiting.len() <= at {
                waiting.resize_with(at + 1, || None);
            }
            waiting[at] = Some(r);
            while let Some(Some(_)) = waiting.front() {
                let Some(Some(part)) = waiting.pop_front() else {
                    break;
                };
                next += 1;
                window.give_back();
                if let Err(e) = part.into_iter().try_for_each(&mut sink) {
                    result = Err(e);
                    break;
                }
            }
            if result.is_err() {
                break;
            }
        }
        if result.is_err() {
            // Let the feeder and the workers finish: no more items are handed out, and the
            // results still coming are dropped with the receiver.
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            window.wake_all();
            drop(done_rx);
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_item_order_whatever_the_workers_take() {
        for (threads, chunk) in [(1, 1), (2, 1), (2, 8), (5, 3)] {
            let mut got = Vec::new();
            let r: Result<(), ()> = ordered(
                || 0..500u64,
                threads,
                chunk,
                7,
                || (),
                |_, i| {
                    // Uneven work, so results finish out of order.
                    if i % 13 == 0 {
                        std::thread::sleep(std::time::Duration::from_micros(300));
                    }
                    i * 2
                },
                |r| {
                    got.push(r);
                    Ok(())
                },
            );
            assert!(r.is_ok());
            assert_eq!(got, (0..500u64).map(|i| i * 2).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_failing_sink_stops_the_run() {
        let mut seen = 0;
        let r = ordered(
            || 0..10_000u32,
            2,
            3,
            4,
            || (),
            |_, i| i,
            |i| {
                seen += 1;
                if i == 20 {
                    Err(i)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err(20));
        assert_eq!(seen, 21);
    }
}
