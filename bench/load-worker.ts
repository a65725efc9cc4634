import http from 'node:http';

/**
 * A load generator in its own process, so the gateway (which runs in the bench's process) and
 * the client sending it traffic never share an event loop. Argument: JSON {url, headers,
 * connections, total}. Prints JSON {rps, p95}.
 */
interface LoadArgs {
  url: string;
  headers: Record<string, string>;
  connections: number;
  total: number;
}

const args = JSON.parse(process.argv[2] ?? '{}') as LoadArgs;
const agent = new http.Agent({ keepAlive: true, maxSockets: args.connections });
const latencies: number[] = [];
let next = 0;

function one(): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(args.url, { agent, headers: args.headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode} from ${args.url}`));
        latencies.push(performance.now() - started);
        resolve();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const started = performance.now();
await Promise.all(
  Array.from({ length: args.connections }, async () => {
    while (next++ < args.total) await one();
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const p95 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0;
process.stdout.write(JSON.stringify({ rps: args.total / seconds, p95 }));
