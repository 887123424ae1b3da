"""GPU time per launch, without the launchers' CPU cost (needs CuPy).

Primary method, "graph": K launches of one build captured from a CuPy
stream into a CUDA graph (numba-cuda's launches go to the same stream
through cuda.external_stream), replayed between two CUDA events; a sample
is the events' interval / K. Replay has no host work per kernel, so
neither CuPy's nor numba-cuda's launch overhead is in the figure.

Fallback, "spin": where capture fails (the launcher calls something a
capturing stream forbids), a spin kernel first keeps the GPU busy for
several milliseconds while the host enqueues the K launches after a start
event, so the GPU then runs them back to back; the sample is again the
events' interval / K. Each result says which method made it."""
import cupy as cp

SPIN_SOURCE = r"""
extern "C" __global__ void spin(long long ns) {
    long long t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); } while (t - t0 < ns);
}
"""


class Timer:
    def __init__(self):
        self._spin = None

    @property
    def spin(self):
        # compiled by CuPy (NVRTC) the first time the fallback needs it
        if self._spin is None:
            self._spin = cp.RawModule(code=SPIN_SOURCE).get_function("spin")
        return self._spin

    def events_once(self, stream, launch, k):
        """Plain event timing of k launches (ms per launch): for calibration."""
        return _events_ms(stream, lambda: _launch_k(stream, launch, k)) / k

    def capture(self, stream, launch, k):
        """A graph of k launches, or None (the stream is then unusable: the
        caller makes a new one) where capture fails."""
        mode = getattr(cp.cuda.runtime, "streamCaptureModeRelaxed", None)
        try:
            if mode is None:
                stream.begin_capture()
            else:
                stream.begin_capture(mode)
        except Exception:
            return None, "begin_capture failed"
        try:
            _launch_k(stream, launch, k)
        except Exception as e:          # end the capture, then report
            try:
                stream.end_capture()
            except Exception:
                pass
            return None, "launch during capture failed: %s" % (str(e).splitlines() or ["?"])[0]
        try:
            graph = stream.end_capture()
            graph.launch(stream)        # instantiate and warm up
            stream.synchronize()
            return graph, None
        except Exception as e:
            return None, "end_capture failed: %s" % (str(e).splitlines() or ["?"])[0]

    def graph_sample(self, stream, graph, k):
        """us per launch from one replay of a k-launch graph."""
        return 1000.0 * _events_ms(stream, lambda: graph.launch(stream)) / k

    def spin_sample(self, stream, launch, k, est_ms):
        """us per launch of k launches queued behind a spin kernel."""
        head_ns = int(1e6 * (3.0 + 0.06 * k))      # 3 ms + 60 us of host time per launch
        self.spin((1,), (1,), (cp.int64(head_ns),), stream=stream)
        return 1000.0 * _events_ms(stream, lambda: _launch_k(stream, launch, k)) / k


def _launch_k(stream, launch, k):
    for _ in range(k):
        launch(stream)


def _events_ms(stream, work):
    """ms between two events recorded on stream around work()."""
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record(stream)
    work()
    end.record(stream)
    end.synchronize()
    return cp.cuda.get_elapsed_time(start, end)
