// The load generator, in a process of its own (forked by bench/setup.ts) so that it shares neither the
// event loop nor the thread of the servers it measures. autocannon keeps `concurrency` connections
// busy (keep-alive, one request in flight each) for `durationMs` after a warm-up; every response's
// latency is recorded, for exact percentiles (autocannon's own summary has no p95).
import autocannon from 'autocannon';

function run(url, headers, concurrency, durationMs, record) {
  const latencies = [];
  let errors = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        headers,
        connections: concurrency,
        pipelining: 1,
        duration: durationMs / 1000,
        setupClient: (client) => {
          client.on('response', (statusCode, _bytes, responseTime) => {
            if (statusCode !== 200) errors++;
            if (record) latencies.push(responseTime);
          });
        },
      },
      (error, result) =>
        error ? reject(error) : resolve({ latencies, errors: errors + result.errors, result }),
    );
    instance.on('error', reject);
  });
}

process.once('message', async ({ url, headers, concurrency, durationMs, warmupMs }) => {
  await run(url, headers, concurrency, warmupMs, false);
  const started = performance.now();
  const { latencies, errors } = await run(url, headers, concurrency, durationMs, true);
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  process.send(
    {
      requests: latencies.length,
      errors,
      requestsPerSecond: latencies.length / (elapsedMs / 1000),
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
    },
    () => process.exit(0),
  );
});
