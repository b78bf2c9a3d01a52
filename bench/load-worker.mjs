// Load generator, in a worker thread so that it does not share the server's event loop.
// Keeps `concurrency` requests in flight for `durationMs`, records each latency.
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, concurrency, durationMs, warmupMs } = workerData;

async function run(windowMs, record) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + windowMs;
  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
      if (record) latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latencies, errors, elapsedMs: performance.now() - started };
}

await run(warmupMs, false);
const { latencies, errors, elapsedMs } = await run(durationMs, true);
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
parentPort.postMessage({
  requests: latencies.length,
  errors,
  requestsPerSecond: latencies.length / (elapsedMs / 1000),
  p50: at(0.5),
  p95: at(0.95),
  p99: at(0.99),
});
