import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, killed, waitFor } from './processes';

const run = promisify(execFile);

/**
 * A Redis Cluster of the test's own: 3 masters with a replica each, redis-server processes on free
 * ports, data in a temporary folder, nothing persisted. `stop` kills them and removes the folder.
 */
export class RedisCluster {
  private readonly children: ChildProcess[] = [];
  private readonly dir = mkdtempSync(join(tmpdir(), 'gotnext-cluster-'));
  readonly ports: string[] = [];

  /** `host:port,…` as REDIS_CLUSTER_NODES takes it. */
  get nodes(): string {
    return this.ports.map((p) => `127.0.0.1:${p}`).join(',');
  }

  static async start(): Promise<RedisCluster> {
    const cluster = new RedisCluster();
    try {
      await cluster.up();
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return cluster;
  }

  private async up(): Promise<void> {
    for (let i = 0; i < 6; i += 1) {
      const port = await freePort();
      this.ports.push(port);
      const args = [
        '--port',
        port,
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'no',
      ];
      this.children.push(spawn('redis-server', args, { stdio: 'ignore' }));
    }
    await waitFor(async () => (await Promise.all(this.ports.map((p) => this.cli(p, 'PING').catch(() => '')))).every((r) => r.trim() === 'PONG'), 10_000);
    await run('redis-cli', ['--cluster', 'create', ...this.ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes']);
    // Every node, not only the first, must see the whole cluster before a client asks it for slots.
    await waitFor(async () => (await Promise.all(this.ports.map((p) => this.cli(p, 'CLUSTER', 'INFO').catch(() => '')))).every((r) => r.includes('cluster_state:ok')), 15_000);
  }

  cli(port: string, ...args: string[]): Promise<string> {
    return run('redis-cli', ['-p', port, ...args]).then((r) => r.stdout);
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map(killed));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
